import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  askToRide,
  createRequestReads,
  leaveRide,
  rideResults,
  riderStatements,
  takeRiders,
} from "./request-reads.server";

/** A statement whose one row names what it was asked for: `SELECT 'label' AS said`. */
const says = (label: string) => env.DB.prepare("SELECT ?1 AS said").bind(label);
const said = (results: readonly D1Result[]) =>
  results.map((result) => (result.results[0] as { said: string }).said);

/** What the chrome does (readSignedIn): its own statements, then the riders', in one batch. */
async function chromeBatch(reads: ReturnType<typeof createRequestReads>, userId: string) {
  const chrome = [says("chrome-1"), says("chrome-2")];
  const page = riderStatements(takeRiders(reads), userId);
  let results: D1Result[] | null = null;
  try {
    results = await env.DB.batch([...chrome, ...page.statements]);
  } finally {
    page.settle(results, chrome.length);
  }
  return results;
}

/** The D1 client a loader reads its own batch on, counting those batches. */
function ownClient() {
  const own = {
    batches: 0,
    client: {
      batch: (statements: D1PreparedStatement[]) => {
        own.batches += 1;
        return env.DB.batch(statements);
      },
    },
  };
  return own;
}

describe("a page's statements riding with the chrome's batch", () => {
  it("go in the chrome's one batch, each rider getting its own results, for the session's user", async () => {
    const reads = createRequestReads("GET");
    const own = ownClient();
    const asked: string[] = [];
    const first = askToRide(reads, own.client, (userId) => {
      asked.push(userId);
      return [says(`a-${userId}`), says(`b-${userId}`)];
    });
    const second = askToRide(reads, own.client, (userId) => [says(`c-${userId}`)]);
    const batch = await chromeBatch(reads, "learner-1");
    expect(said(batch!)).toEqual([
      "chrome-1",
      "chrome-2",
      "a-learner-1",
      "b-learner-1",
      "c-learner-1",
    ]);
    expect(said(await rideResults(first, "learner-1"))).toEqual(["a-learner-1", "b-learner-1"]);
    expect(said(await rideResults(second, "learner-1"))).toEqual(["c-learner-1"]);
    expect(own.batches).toBe(0);
    expect(asked).toEqual(["learner-1"]);
  });

  it("read for themselves when the chrome's batch left before they asked", async () => {
    const reads = createRequestReads("GET");
    await chromeBatch(reads, "learner-1");
    const own = ownClient();
    const late = askToRide(reads, own.client, (userId) => [says(`late-${userId}`)]);
    expect(said(await rideResults(late, "learner-1"))).toEqual(["late-learner-1"]);
    expect(own.batches).toBe(1);
  });

  it("read for themselves when no chrome batch comes (one loader's data, a fetcher), and a later batch leaves them out", async () => {
    const reads = createRequestReads("GET");
    const own = ownClient();
    const lone = askToRide(reads, own.client, () => [says("lone")]);
    expect(said(await rideResults(lone, "learner-1"))).toEqual(["lone"]);
    expect(own.batches).toBe(1);
    expect(said((await chromeBatch(reads, "learner-1"))!)).toEqual(["chrome-1", "chrome-2"]);
  });

  it("are left out once the loader leaves the ride (the page shows something else)", async () => {
    const reads = createRequestReads("GET");
    const own = ownClient();
    const left = askToRide(reads, own.client, () => [says("left")]);
    const kept = askToRide(reads, own.client, () => [says("kept")]);
    leaveRide(left);
    expect(said((await chromeBatch(reads, "learner-1"))!)).toEqual([
      "chrome-1",
      "chrome-2",
      "kept",
    ]);
    expect(await left.ridden).toBeNull();
    expect(said((await kept.ridden)!.results)).toEqual(["kept"]);
    expect(own.batches).toBe(0);
  });

  it("read for themselves after a failed batch", async () => {
    const reads = createRequestReads("GET");
    const own = ownClient();
    const ride = askToRide(reads, own.client, () => [says("page")]);
    const failing = riderStatements(takeRiders(reads), "learner-1");
    await expect(
      env.DB.batch([env.DB.prepare("SELECT * FROM no_such_table"), ...failing.statements]),
    ).rejects.toThrow();
    failing.settle(null, 1);
    expect(said(await rideResults(ride, "learner-1"))).toEqual(["page"]);
    expect(own.batches).toBe(1);
  });

  it("meet their own error when their statements cannot be built, the others still riding", async () => {
    const reads = createRequestReads("GET");
    const own = ownClient();
    const broken = askToRide(reads, own.client, () => {
      throw new Error("no statement");
    });
    const sound = askToRide(reads, own.client, () => [says("sound")]);
    expect(said((await chromeBatch(reads, "learner-1"))!)).toEqual([
      "chrome-1",
      "chrome-2",
      "sound",
    ]);
    expect(await broken.ridden).toBeNull();
    await expect(rideResults(broken, "learner-1")).rejects.toThrow("no statement");
    expect(said(await rideResults(sound, "learner-1"))).toEqual(["sound"]);
    expect(own.batches).toBe(0);
  });

  it("never hand one user's results to another", async () => {
    const reads = createRequestReads("GET");
    const own = ownClient();
    const ride = askToRide(reads, own.client, (userId) => [says(userId)]);
    await chromeBatch(reads, "learner-1");
    expect(said(await rideResults(ride, "learner-2"))).toEqual(["learner-2"]);
    expect(own.batches).toBe(1);
  });

  it("do not ride outside a GET (an action's loaders read afresh)", async () => {
    const reads = createRequestReads("POST");
    const own = ownClient();
    const ride = askToRide(reads, own.client, () => [says("post")]);
    expect(ride.rider).toBeNull();
    expect(takeRiders(reads)).toEqual([]);
    expect(said(await rideResults(ride, "learner-1"))).toEqual(["post"]);
    expect(own.batches).toBe(1);
  });
});
