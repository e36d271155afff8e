/**
 * A learner's kept page copies (app/http/learner-copies.server.ts,
 * docs/decisions/053-learner-page-copies.md): what a second load is served,
 * and everything that must make it render afresh instead — a write to what the
 * page shows (through the app and straight into any table the triggers watch),
 * a signed-out or re-keyed session, a trial, a flash message, a hard reload,
 * shared content, counts from the meter, the copy's age. A navigation's page
 * data (single fetch `.data`) is kept and checked the same way. Loads race a write
 * the way a learner with two tabs makes them.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import {
  keepLearnerCopy,
  KEPT_MS,
  learnerCopy,
  learnerPageRequest,
} from "~/http/learner-copies.server";
import { type CopyTicket, freshForEachLoad, newPageCopy } from "~/models/page-copy.server";
import { call, cookiesFrom, postForm } from "../support/auth";
import { KEPT_ADDRESSES } from "../support/kept-pages";
import { api, apiLearner, buyPlanThroughApi } from "../support/payments";

vi.setConfig({ testTimeout: 120_000 });

async function learner(plan: "pro" | "plus" | "trial") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan !== "trial") await buyPlanThroughApi(token, plan);
  const login = await postForm("/login", { email: user.email, password: user.plainPassword });
  expect(login.status).toBe(302);
  // The sign-in's flash is shown (and cleared) by the first page, as in a browser.
  let cookie = cookiesFrom(login);
  const first = await call("/about", { headers: { Cookie: cookie } });
  cookie = cookiesFrom(first, cookie);
  expect(cookie).not.toMatch(/mm_toast/);
  return { user, token, cookie };
}

async function load(path: string, cookie: string, headers: Record<string, string> = {}) {
  const response = await call(path, { headers: { Cookie: cookie, ...headers } });
  return {
    status: response.status,
    cache: response.headers.get("X-Cache"),
    csp: response.headers.get("Content-Security-Policy") ?? "",
    location: response.headers.get("Location"),
    setCookie: response.headers.getSetCookie(),
    body: await response.text(),
  };
}

/** Adds a card to the learner's deck through the API, as the flashcards screen does. */
const addCard = (token: string, question: string, answer: string, category: string) =>
  api("/api/flashcards", { token, body: { question, answer, category } });

/** Any UUID: the learner's id, or a one-shot form key. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? null;

/** The page's one-shot form keys (`name="key" value="…:builder"` and the like), in order. */
const keysOf = (body: string) =>
  [
    ...body.matchAll(
      /name="(?:key|startKey|clientKey|replyKey|createKey|reviewId)" value="([0-9a-f-]{36})/g,
    ),
  ].map((match) => match[1]!);

const userIdOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM users WHERE email = ?")
    .bind(email)
    .first<{ id: string }>())!.id;

describe("a learner's kept pages", () => {
  it("answers a subscriber's next load from the copy, with a new nonce and new one-shot keys", async () => {
    const { cookie } = await learner("pro");
    const first = await load("/practice", cookie);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("MISS");
    const second = await load("/practice", cookie);
    const third = await load("/practice", cookie);
    expect([second.cache, third.cache]).toEqual(["HIT", "HIT"]);

    const nonces = [first, second, third].map((page) => nonceOf(page.csp));
    expect(new Set(nonces).size).toBe(3);
    for (const [index, page] of [first, second, third].entries()) {
      // Every script the page carries has this answer's own nonce, and no other.
      const nonce = nonces[index]!;
      expect(page.body).toContain(`nonce="${nonce}"`);
      for (const other of nonces.filter((value) => value !== nonce)) {
        expect(page.body).not.toContain(other!);
      }
    }
    // The start form's key is new in each answer: two tabs opened from one copy start two tests.
    const keys = [first, second, third].map((page) => keysOf(page.body));
    expect(keys[0]!.length).toBeGreaterThan(0);
    expect(new Set(keys.map((list) => list.join())).size).toBe(3);
    // Otherwise the very same page.
    const plain = (page: typeof first, index: number) =>
      keys[index]!.reduce(
        (body, key) => body.replaceAll(key!, "KEY"),
        page.body.replaceAll(nonces[index]!, "NONCE"),
      );
    expect(plain(second, 1)).toBe(plain(first, 0));
    expect(plain(third, 2)).toBe(plain(first, 0));
  });

  it("renders afresh after anything the page shows is written, through the app or straight to D1", async () => {
    const { cookie, token, user } = await learner("pro");
    await load("/flashcards", cookie);
    expect((await load("/flashcards", cookie)).cache).toBe("HIT");
    const made = await addCard(token, "Which nerve supplies the deltoid?", "Axillary", "Anatomy");
    expect(made.status).toBe(201);
    const after = await load("/flashcards", cookie);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("Which nerve supplies the deltoid?");

    // A write no app path makes yet still counts: the triggers watch the tables, not the code.
    await load("/planner", cookie);
    expect((await load("/planner", cookie)).cache).toBe("HIT");
    const id = await userIdOf(user.email);
    await env.DB.prepare("UPDATE users SET first_name = 'Renamed' WHERE id = ?").bind(id).run();
    const renamed = await load("/planner", cookie);
    expect(renamed.cache).toBe("MISS");
    expect(renamed.body).toContain("Renamed");
  });

  it("never serves a copy to a session that was signed out or re-keyed", async () => {
    const { cookie } = await learner("pro");
    await load("/progress", cookie);
    expect((await load("/progress", cookie)).cache).toBe("HIT");
    const out = await postForm("/api/auth/logout", {}, { cookie });
    expect(out.status).toBe(302);
    const after = await load("/progress", cookie);
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);

    const again = await learner("pro");
    await load("/progress", again.cookie);
    expect((await load("/progress", again.cookie)).cache).toBe("HIT");
    // A password change elsewhere raises the epoch: every older session ends at once.
    await env.DB.prepare("UPDATE users SET session_epoch = session_epoch + 1 WHERE email = ?")
      .bind(again.user.email)
      .run();
    expect((await load("/progress", again.cookie)).status).toBe(302);
  });

  it("answers a flash message, a hard reload and page data afresh", async () => {
    const { cookie } = await learner("pro");
    await load("/chat-history", cookie);
    expect((await load("/chat-history", cookie)).cache).toBe("HIT");
    expect((await load("/chat-history", cookie, { "Cache-Control": "no-cache" })).cache).not.toBe(
      "HIT",
    );
    const flashed = await load("/chat-history", `${cookie}; mm_toast=anything`);
    expect(flashed.cache).not.toBe("HIT");
    // The page's data is its own copy: the page's copy is never sent for it, nor the other way.
    const data = await load("/chat-history.data", cookie);
    expect(data.status).toBe(200);
    expect(data.cache).toBe("MISS");
    expect(data.body).not.toMatch(/<html/);
    expect((await load("/chat-history.data", `${cookie}; mm_toast=anything`)).cache).not.toBe(
      "HIT",
    );
    expect((await load("/chat-history", cookie)).body).toMatch(/<html/);
  });

  it("answers a navigation's page data from its copy, with new one-shot keys, until a write", async () => {
    const { cookie, token, user } = await learner("pro");
    const first = await load("/practice.data", cookie);
    expect(first.status).toBe(200);
    expect(first.cache).toBe("MISS");
    const second = await load("/practice.data", cookie);
    const third = await load("/practice.data", cookie);
    expect([second.cache, third.cache]).toEqual(["HIT", "HIT"]);
    // Every start form's key is new in each answer; the rest is the data as rendered.
    // The learner's own id is in the data too; every other id is a start form's key.
    const id = await userIdOf(user.email);
    const keys = [first, second, third].map((answer) =>
      (answer.body.match(UUID) ?? []).filter((value) => value !== id),
    );
    expect(keys[0]!.length).toBeGreaterThan(0);
    expect(new Set(keys.flat()).size).toBe(keys[0]!.length * 3);
    const plain = (body: string) => body.replace(UUID, "ID");
    expect(plain(second.body)).toBe(plain(first.body));
    expect(plain(third.body)).toBe(plain(first.body));

    // The home page's data (`/_root.data`) is kept the same way.
    await load("/_root.data", cookie);
    expect((await load("/_root.data", cookie)).cache).toBe("HIT");

    await load("/flashcards.data", cookie);
    expect((await load("/flashcards.data", cookie)).cache).toBe("HIT");
    const made = await addCard(
      token,
      "Drug of choice for PSVT termination?",
      "Adenosine",
      "Pharmacology",
    );
    expect(made.status).toBe(201);
    const after = await load("/flashcards.data", cookie);
    expect(after.cache).toBe("MISS");
    expect(after.body).toContain("Drug of choice for PSVT termination?");
  });

  it("drops copies of pages showing shared content when it changes, and only those", async () => {
    const { cookie } = await learner("pro");
    for (const path of ["/practice", "/chatbot"]) await load(path, cookie);
    expect((await load("/practice", cookie)).cache).toBe("HIT");
    await env.DB.prepare(
      "UPDATE bank_items SET updated_at = updated_at WHERE rowid = (SELECT min(rowid) FROM bank_items)",
    ).run();
    expect((await load("/practice", cookie)).cache).toBe("MISS");
    expect((await load("/chatbot", cookie)).cache).toBe("HIT");
  });

  it("keeps a trial's pages with the bar's counts, and serves none of them after a use changes the counts", async () => {
    const { cookie, token, user } = await learner("trial");
    const id = await userIdOf(user.email);
    // The sign-in's first page found no KV copy of the counts: it asked the meter, is not kept,
    // and wrote the copy after its answer. Pages made from the copy are kept.
    await vi.waitFor(async () => expect((await load("/progress", cookie)).cache).toBe("HIT"), {
      timeout: 10_000,
      interval: 50,
    });
    const kept = await load("/progress", cookie);
    expect(kept.cache).toBe("HIT");
    expect(kept.body).toContain("0 of 20 uses");

    // A use that writes nothing to D1 itself: only the meter's counts and their KV copy change,
    // the copy after the answer (waitUntil). Within moments every load shows the new count — a
    // kept copy would show the old one for the rest of its minute.
    const used = await api("/api/usage/check-and-record/chatMessages", { token, body: {} });
    expect(used.status).toBe(200);
    await vi.waitFor(
      async () => expect((await load("/progress", cookie)).body).toContain("1 of 20 uses"),
      { timeout: 10_000, interval: 50 },
    );
    const again = await load("/progress", cookie);
    expect(again.cache).toBe("HIT");
    expect(again.body).toContain("1 of 20 uses");

    // Uses given back by an administrator (the copy is rewritten before the answer): at once.
    const admin = await apiLearner({ role: "admin" });
    const reset = await api(`/api/usage/reset/${id}`, { token: admin.token, method: "POST" });
    expect(reset.status).toBe(200);
    const afterReset = await load("/progress", cookie);
    expect(afterReset.cache).not.toBe("HIT");
    expect(afterReset.body).toContain("0 of 20 uses");
  });

  it("keeps no page that shows the meter's counts", async () => {
    // Plus allows five simulations a week: the screen says how many are left, which the meter holds.
    const { cookie } = await learner("plus");
    const first = await load("/clinical-simulations", cookie);
    expect(first.body).toMatch(/of 5 clinical simulations left this week/);
    expect((await load("/clinical-simulations", cookie)).cache).not.toBe("HIT");
    // Quizzes are unlimited on every plan: no count is shown or read, and the page is kept.
    await load("/clinical-quizzes", cookie);
    expect((await load("/clinical-quizzes", cookie)).cache).toBe("HIT");
  });

  it("shows a write made while other tabs load the page, to every load that starts after it", async () => {
    const { cookie, token } = await learner("pro");
    await load("/flashcards", cookie);
    const racing = Array.from({ length: 8 }, () => load("/flashcards", cookie));
    const write = addCard(
      token,
      "First-line drug for absence seizures?",
      "Ethosuximide",
      "Pharmacology",
    );
    const [written, ...raced] = await Promise.all([write, ...racing]);
    expect(written.status).toBe(201);
    for (const page of raced) expect(page.status).toBe(200);
    const after = await Promise.all(Array.from({ length: 4 }, () => load("/flashcards", cookie)));
    for (const page of after) expect(page.body).toContain("First-line drug for absence seizures?");
  });

  it("answers loads that arrive together from their copies, and none that starts after a sign-out", async () => {
    const [one, two] = [await learner("pro"), await learner("plus")];
    for (const { cookie } of [one, two]) await load("/planner", cookie);
    // Twenty loads at once by two learners: each learner's own copy, each its own answer.
    const together = await Promise.all(
      Array.from({ length: 20 }, (_, index) => load("/planner", [one, two][index % 2]!.cookie)),
    );
    for (const [index, page] of together.entries()) {
      expect(page.status).toBe(200);
      expect(page.cache).toBe("HIT");
      expect(page.body).toContain([one, two][index % 2]!.user.email);
    }

    // Loads still under way while the first learner signs out in another tab...
    const during = Array.from({ length: 10 }, () => load("/planner", one.cookie));
    const out = await postForm("/api/auth/logout", {}, { cookie: one.cookie });
    expect(out.status).toBe(302);
    // ...and every load that starts once the sign-out is done is refused, even while those run.
    const after = await Promise.all(Array.from({ length: 10 }, () => load("/planner", one.cookie)));
    for (const page of after) {
      expect(page.status).toBe(302);
      expect(page.location).toMatch(/^\/login/);
    }
    for (const page of await Promise.all(during)) expect([200, 302]).toContain(page.status);
    expect((await load("/planner", two.cookie)).cache).toBe("HIT");
  });

  it("watches every table a learner's pages show with page-version triggers", async () => {
    const schema = (
      await env.DB.prepare("SELECT type, name, sql FROM sqlite_master").all<{
        type: string;
        name: string;
        sql: string | null;
      }>()
    ).results;
    const triggers = new Set(schema.filter((row) => row.type === "trigger").map((row) => row.name));
    const withUser = schema
      .filter((row) => row.type === "table" && /`user_id`/.test(row.sql ?? ""))
      .map((row) => row.name);
    // Never shown on a learner's page: sign-in codes, revoked sessions (read by the check itself),
    // the admin's own sessions.
    const unshown = new Set(["one_time_codes", "revoked_sessions", "admin_sessions"]);
    const watched = [
      ...withUser.filter((name) => !unshown.has(name)),
      // Rows that reach their learner through a parent.
      "mock_answers",
      "support_replies",
      "payment_refusals",
    ];
    const missing = watched.flatMap((table) =>
      ["insert", "update", "delete"]
        .map((op) => `${table}_page_version_${op}`)
        .filter((name) => !triggers.has(name)),
    );
    expect(missing).toEqual([]);
    expect(triggers.has("users_page_version")).toBe(true);
    for (const table of ["bank_items", "bank_terms", "mock_papers", "case_studies"]) {
      for (const op of ["insert", "update", "delete"]) {
        expect(triggers.has(`${table}_content_version_${op}`), `${table} ${op}`).toBe(true);
      }
    }
  });

  it("lets each kept page differ between two renders only in what a copy makes anew", async () => {
    const { cookie, token } = await learner("pro");
    // Something on the pages that list things.
    await api("/api/practice-tests", { token, body: {} });
    await addCard(token, "Antidote for heparin?", "Protamine sulphate", "Pharmacology");
    const problems: string[] = [];
    const tokens = (body: string) => new Set(body.match(/[A-Za-z0-9_+/=-]{16,}/g) ?? []);
    // Each page, and its data as a navigation with JavaScript asks for it.
    for (const path of KEPT_ADDRESSES) {
      const made = await load(path, cookie); // rendered and kept
      const rendered = await load(path, cookie, { "Cache-Control": "no-cache" }); // rendered again
      const served = await load(path, cookie); // the copy
      if (served.cache !== "HIT") {
        problems.push(`${path}: not served from its copy (${served.cache})`);
        continue;
      }
      // Long tokens of one render that another lacks are made for each load (nonces, keys, new
      // ids): the copy must not hand out the one it was made with.
      const again = tokens(rendered.body);
      const servedTokens = tokens(served.body);
      for (const value of tokens(made.body)) {
        if (!again.has(value) && !/^\d+$/.test(value) && servedTokens.has(value)) {
          problems.push(`${path}: "${value}" is made for each load but the copy repeats it`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("a kept copy's own limits", () => {
  it("is not served past its minute, the session's end or once the versions move", async () => {
    const { user, cookie } = await learner("pro");
    const id = await userIdOf(user.email);
    const url = new URL("http://localhost/progress");
    const request = learnerPageRequest(
      new Request(url, { headers: { Cookie: cookie } }),
      url,
      "mm_session",
    )!;
    expect(request).not.toBeNull();
    const versions = await env.DB.prepare(
      "SELECT u.page_version AS page, c.version AS content FROM users u, content_version c WHERE u.id = ? AND c.id = 1",
    )
      .bind(id)
      .first<{ page: number; content: number }>();
    const now = Date.now();
    let made = 0;
    const keep = (overrides: Partial<CopyTicket>) => {
      const pageCopy = newPageCopy(request);
      const value = freshForEachLoad(pageCopy, () => `fresh-value-${(made += 1)}`);
      pageCopy.ticket = {
        userId: id,
        sessionId: "not-revoked",
        epoch: 0,
        pageVersion: versions!.page,
        contentVersion: versions!.content,
        dayEndsAt: now + 3_600_000,
        session: { expiresAt: now + 3_600_000, idleMs: 3_600_000, lastSeenAt: now },
        touchDueAt: now + 300_000,
        accessEndsAt: now + 86_400_000,
        ...overrides,
      };
      keepLearnerCopy(
        request,
        pageCopy,
        {
          html: `<script nonce="N0nce">x</script><input value="${value}">`,
          nonce: "N0nce",
          status: 200,
          headers: new Headers({
            "Content-Type": "text/html; charset=utf-8",
            "Content-Security-Policy": "script-src 'nonce-N0nce'",
          }),
        },
        now,
      );
    };
    const served = (at: number) => learnerCopy(request, env.DB, at, () => "Fresh");

    keep({});
    const hit = await served(now + 1_000);
    expect(hit).not.toBeNull();
    expect(hit!.headers.get("Content-Security-Policy")).toBe("script-src 'nonce-Fresh'");
    // The nonce and the one-shot value are new; the rest is the page as it was kept.
    expect(await hit!.text()).toBe('<script nonce="Fresh">x</script><input value="fresh-value-2">');
    expect(await served(now + KEPT_MS)).toBeNull();

    keep({ accessEndsAt: now + 5_000 });
    expect(await served(now + 4_000)).not.toBeNull();
    expect(await served(now + 5_000)).toBeNull();

    keep({ touchDueAt: now + 2_000 });
    expect(await served(now + 2_000)).toBeNull();

    keep({ dayEndsAt: now + 3_000 });
    expect(await served(now + 3_000)).toBeNull();

    keep({});
    expect(await served(now + 1_000)).not.toBeNull();
    await env.DB.prepare("UPDATE users SET last_name = 'Moved' WHERE id = ?").bind(id).run();
    expect(await served(now + 1_000)).toBeNull();
  });
});
