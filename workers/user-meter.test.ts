import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createMeter } from "~/integrations/meter.server";
import { type FeatureKey, TRIAL } from "~/lib/features";
import { type Entitlement, RESERVATION_TTL_MS, weekWindow } from "~/lib/usage-window";
import type { UserMeter } from "./user-meter";

describe("per-user Durable Object", () => {
  it("answers a health call through the binding, one object per user", async () => {
    const meter = createMeter(env.USER_METER);
    const first = await meter.health("user-a");
    const again = await meter.health("user-a");
    const other = await meter.health("user-b");

    expect(first).toMatchObject({ ok: true, object: "UserMeter", name: "user-a", calls: 1 });
    expect(again.calls).toBe(2);
    expect(other.calls).toBe(1);
  });

  it("keeps its count in the object's own storage", async () => {
    const meter = createMeter(env.USER_METER);
    await meter.health("user-c");
    const namespace = env.USER_METER as unknown as DurableObjectNamespace<UserMeter>;
    const stored = await runInDurableObject(
      namespace.get(namespace.idFromName("user-c")),
      (_instance, state) => state.storage.get<number>("health:calls"),
    );
    expect(stored).toBe(1);
  });
});

const WEEK = weekWindow(Date.UTC(2026, 5, 10, 12)); // Wednesday 10 June 2026
const trial = (feature: FeatureKey): Entitlement => ({
  feature,
  limit: TRIAL.usesPerFeature,
  window: { kind: "total" },
  totalLimit: TRIAL.totalUses,
});
let users = 0;
const freshUser = () => `meter-user-${++users}-${crypto.randomUUID()}`;

describe("the India-time week window", () => {
  it("starts Monday 00:00 IST, which is Sunday 18:30 UTC", () => {
    expect(WEEK.startsAt).toBe(Date.UTC(2026, 5, 7, 18, 30));
    expect(WEEK.endsAt).toBe(Date.UTC(2026, 5, 14, 18, 30));
    // Sunday 18:29 UTC is still the week before; 18:30 begins the next one.
    expect(weekWindow(Date.UTC(2026, 5, 7, 18, 29)).endsAt).toBe(WEEK.startsAt);
    expect(weekWindow(Date.UTC(2026, 5, 7, 18, 30)).startsAt).toBe(WEEK.startsAt);
    expect(weekWindow(WEEK.endsAt - 1).startsAt).toBe(WEEK.startsAt);
  });
});

describe("usage metering in the per-user object", () => {
  const meter = createMeter(env.USER_METER);
  const now = WEEK.startsAt + 60_000;
  const weekly = (limit: number): Entitlement => ({
    feature: "clinicalSimulations",
    limit,
    window: WEEK,
  });

  it("grants exactly the remaining uses to 50 concurrent consumes", async () => {
    const user = freshUser();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => meter.consume(user, `req-${i}`, weekly(5), 1, now)),
    );
    expect(results.filter((r) => r.granted)).toHaveLength(5);
    expect(results.filter((r) => !r.granted).every((r) => r.reservationId === null)).toBe(true);
    expect(await meter.check(user, weekly(5), 1, now)).toEqual({
      allowed: false,
      used: 5,
      limit: 5,
      remaining: 0,
    });
  });

  it("counts the same idempotency key once and returns the first answer", async () => {
    const user = freshUser();
    const first = await meter.consume(user, "same", weekly(2), 1, now);
    const again = await meter.consume(user, "same", weekly(2), 1, now + 1000);
    expect(first).toMatchObject({ granted: true, used: 1, limit: 2, remaining: 1 });
    expect(again).toEqual(first);
    expect((await meter.check(user, weekly(2), 1, now)).used).toBe(1);
  });

  it("gives a use back on release, and release twice is harmless", async () => {
    const user = freshUser();
    const reserved = await meter.consume(user, "gen-1", weekly(1), 1, now);
    expect(reserved.granted).toBe(true);
    expect((await meter.consume(user, "gen-2", weekly(1), 1, now)).granted).toBe(false);

    const id = reserved.reservationId ?? "";
    expect(await meter.release(user, id, now)).toEqual({ reservationId: id, state: "released" });
    expect(await meter.release(user, id, now)).toEqual({ reservationId: id, state: "released" });
    expect(await meter.commit(user, id, now)).toEqual({ reservationId: id, state: "released" });
    expect(await meter.consume(user, "gen-3", weekly(1), 1, now)).toMatchObject({
      granted: true,
      remaining: 0,
    });
  });

  it("keeps a committed use counted when it is committed again or released", async () => {
    const user = freshUser();
    const { reservationId } = await meter.consume(user, "quiz-1", weekly(3), 1, now);
    const id = reservationId ?? "";
    expect((await meter.commit(user, id, now)).state).toBe("committed");
    expect((await meter.commit(user, id, now)).state).toBe("committed");
    expect((await meter.release(user, id, now)).state).toBe("committed");
    expect((await meter.release(user, "never-issued", now)).state).toBe("unknown");
    expect((await meter.check(user, weekly(3), 1, now)).used).toBe(1);
  });

  it("holds the trial to 5 per feature and 20 in all", async () => {
    const user = freshUser();
    const [chat, quiz, cards, sims] = [
      trial("chatMessages"),
      trial("clinicalQuizzes"),
      trial("flashcards"),
      trial("clinicalSimulations"),
    ];
    for (let i = 0; i < 5; i++) {
      expect((await meter.consume(user, `chat-${i}`, chat, 1, now)).granted).toBe(true);
    }
    expect(await meter.consume(user, "chat-5", chat, 1, now)).toMatchObject({
      granted: false,
      used: 5,
      remaining: 0,
    });
    // 5 quizzes, then flashcards 4 at once: 14 of the 20.
    for (let i = 0; i < 5; i++) await meter.consume(user, `quiz-${i}`, quiz, 1, now);
    expect(await meter.consume(user, "cards-a", cards, 4, now)).toMatchObject({
      granted: true,
      used: 4,
      remaining: 1,
    });
    // With a total of 15 the total binds before the feature's own 5.
    const tight = { ...sims, totalLimit: 15 };
    expect(await meter.consume(user, "sims-a", tight, 2, now)).toMatchObject({
      granted: false,
      used: 0,
      remaining: 1,
    });
    expect(await meter.consume(user, "sims-b", tight, 1, now)).toMatchObject({
      granted: true,
      used: 1,
      remaining: 0,
    });
    expect(await meter.usage(user, [chat, quiz, cards, sims], now)).toEqual([
      { feature: "chatMessages", used: 5, limit: 5, remaining: 0 },
      { feature: "clinicalQuizzes", used: 5, limit: 5, remaining: 0 },
      { feature: "flashcards", used: 4, limit: 5, remaining: 1 },
      { feature: "clinicalSimulations", used: 1, limit: 5, remaining: 4 },
    ]);
  });

  it("counts a weekly limit per India-time week", async () => {
    const user = freshUser();
    const lastWeek = weekWindow(WEEK.startsAt - 1);
    const before = WEEK.startsAt - 1; // Sunday 18:29:59.999 UTC: still last week
    const old = await meter.consume(user, "sim-old", { ...weekly(2), window: lastWeek }, 1, before);
    await meter.commit(user, old.reservationId ?? "", before);

    expect(await meter.check(user, weekly(2), 1, now)).toMatchObject({ used: 0, remaining: 2 });
    await meter.consume(user, "sim-1", weekly(2), 1, now);
    expect(await meter.consume(user, "sim-2", weekly(2), 1, now)).toMatchObject({
      granted: true,
      used: 2,
      remaining: 0,
    });
    expect((await meter.consume(user, "sim-3", weekly(2), 1, now)).granted).toBe(false);
    expect(await meter.usage(user, [{ ...weekly(2), window: lastWeek }, weekly(-1)], now)).toEqual([
      { feature: "clinicalSimulations", used: 1, limit: 2, remaining: 1 },
      { feature: "clinicalSimulations", used: 2, limit: -1, remaining: -1 },
    ]);
  });

  it("never denies an unlimited plan", async () => {
    const user = freshUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => meter.consume(user, `u-${i}`, weekly(-1), 1, now)),
    );
    expect(results.every((r) => r.granted && r.remaining === -1)).toBe(true);
  });

  it("records a use that already happened as final in one call, once per key, within the limit", async () => {
    const user = freshUser();
    const first = await meter.record(user, "reply-1", weekly(2), 1, now);
    expect(first).toMatchObject({ granted: true, used: 1, limit: 2, remaining: 1 });
    expect(await meter.record(user, "reply-1", weekly(2), 1, now + 1000)).toEqual(first);
    // Final at once: not released when reservations run out, not given back by release.
    const id = first.reservationId ?? "";
    expect((await meter.release(user, id, now)).state).toBe("committed");
    expect((await meter.check(user, weekly(2), 1, now + RESERVATION_TTL_MS)).used).toBe(1);
    expect((await meter.record(user, "reply-2", weekly(2), 1, now)).granted).toBe(true);
    expect(await meter.record(user, "reply-3", weekly(2), 1, now)).toMatchObject({
      granted: false,
      used: 2,
      reservationId: null,
    });
    expect((await meter.log(user, now, now)).map((e) => e.event)).toEqual([
      "reserve",
      "commit",
      "reserve",
      "commit",
      "deny",
    ]);
  });

  it("releases a reservation left unsettled for 10 minutes, and logs it", async () => {
    const user = freshUser();
    const { reservationId } = await meter.consume(user, "stuck", weekly(1), 1, now);
    const id = reservationId ?? "";
    expect((await meter.check(user, weekly(1), 1, now + RESERVATION_TTL_MS - 1)).allowed).toBe(
      false,
    );
    const later = now + RESERVATION_TTL_MS;
    expect(await meter.check(user, weekly(1), 1, later)).toMatchObject({
      allowed: true,
      used: 0,
    });
    expect((await meter.commit(user, id, later)).state).toBe("released");

    const ok = await meter.consume(user, "done", weekly(1), 1, later);
    await meter.commit(user, ok.reservationId ?? "", later);
    expect((await meter.log(user, now, later)).map((e) => [e.at, e.event, e.amount])).toEqual([
      [now, "reserve", 1],
      [later, "expire", 1],
      [later, "reserve", 1],
      [later, "commit", 1],
    ]);
  });

  it("rejects a malformed entitlement", async () => {
    const user = freshUser();
    await expect(meter.consume(user, "bad", { ...weekly(2), limit: 1.5 }, 1, now)).rejects.toThrow(
      /limit/,
    );
    await expect(meter.consume(user, "bad", weekly(2), 0, now)).rejects.toThrow(/amount/);
  });
});

describe("the meter worker's main module", () => {
  it("exports only entrypoints (classes and the default handler), as workerd requires", async () => {
    const module: Record<string, unknown> = await import("./user-meter");
    for (const [name, value] of Object.entries(module)) {
      if (name === "default") expect(typeof (value as ExportedHandler).fetch).toBe("function");
      else expect(typeof value, name).toBe("function");
    }
  });
});
