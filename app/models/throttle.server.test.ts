import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { testClock } from "../../tests/support/auth";
import type { Throttle } from "../../workers/throttle";
import { clientIp, createThrottler, THROTTLE_RULES } from "./throttle.server";

const key = () => `bucket-${crypto.randomUUID()}`;

describe("throttling (the Throttle Durable Object)", () => {
  it("allows `limit` hits per window, refuses the next with the time to wait, and slides", async () => {
    const clock = testClock();
    const throttle = createThrottler(env.THROTTLE, clock.now);
    const bucket = key();
    const { limit, windowMs } = THROTTLE_RULES.loginAttemptsPerAccountIp;

    for (let hit = 1; hit <= limit; hit++) {
      const decision = await throttle.consume("loginAttemptsPerAccountIp", bucket);
      expect(decision.allowed).toBe(true);
      expect(decision.remaining).toBe(limit - hit);
      clock.advance(1000);
    }
    const refused = await throttle.consume("loginAttemptsPerAccountIp", bucket);
    expect(refused).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: windowMs - limit * 1000,
    });

    // The first hit leaves the window: exactly one more is allowed.
    clock.advance(refused.retryAfterMs);
    expect((await throttle.consume("loginAttemptsPerAccountIp", bucket)).allowed).toBe(true);
    expect((await throttle.consume("loginAttemptsPerAccountIp", bucket)).allowed).toBe(false);
  });

  it("peeks without counting, and clears on request", async () => {
    const clock = testClock();
    const throttle = createThrottler(env.THROTTLE, clock.now);
    const bucket = key();
    expect(await throttle.peek("codeResendCooldown", bucket)).toEqual({
      allowed: true,
      remaining: 1,
      retryAfterMs: 0,
    });
    expect((await throttle.consume("codeResendCooldown", bucket)).allowed).toBe(true);
    const waiting = await throttle.peek("codeResendCooldown", bucket);
    expect(waiting).toEqual({ allowed: false, remaining: 0, retryAfterMs: 60_000 });
    clock.advance(59_000);
    expect((await throttle.peek("codeResendCooldown", bucket)).retryAfterMs).toBe(1000);
    await throttle.clear("codeResendCooldown", bucket);
    expect((await throttle.consume("codeResendCooldown", bucket)).allowed).toBe(true);
  });

  it("keeps rules and keys apart, and treats keys without regard to case", async () => {
    const throttle = createThrottler(env.THROTTLE, Date.now);
    const bucket = key();
    await throttle.consume("codeResendCooldown", bucket);
    expect((await throttle.consume("codeResendCooldown", bucket.toUpperCase())).allowed).toBe(
      false,
    );
    expect((await throttle.consume("codeResendCooldown", `${bucket}-other`)).allowed).toBe(true);
    expect((await throttle.consume("codeSendsPerAddress", bucket)).allowed).toBe(true);
  });

  it("decides exactly under concurrent requests from separate clients (one object per bucket)", async () => {
    const bucket = key();
    const { limit } = THROTTLE_RULES.codeSendsPerAddress;
    // Separate throttler instances stand in for separate isolates: the count lives in the object.
    const decisions = await Promise.all(
      Array.from({ length: limit * 3 }, () =>
        createThrottler(env.THROTTLE, Date.now).consume("codeSendsPerAddress", bucket),
      ),
    );
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(limit);
  });

  it("reserves one hit in several buckets or none, and gives it back on request", async () => {
    const throttle = createThrottler(env.THROTTLE, Date.now);
    const [a, b] = [key(), key()];
    const { limit } = THROTTLE_RULES.codeSendsPerAddress;
    for (let hit = 0; hit < limit; hit++) await throttle.consume("codeSendsPerAddress", b);

    const refused = await throttle.reserve([
      ["registrationsPerIp", a],
      ["codeSendsPerAddress", b],
    ]);
    expect(refused).toMatchObject({ allowed: false, rule: "codeSendsPerAddress" });
    // The bucket that had room got its hit back.
    expect((await throttle.peek("registrationsPerIp", a)).remaining).toBe(
      THROTTLE_RULES.registrationsPerIp.limit,
    );

    const granted = await throttle.reserve([["registrationsPerIp", a]]);
    expect(granted.allowed).toBe(true);
    expect((await throttle.peek("registrationsPerIp", a)).remaining).toBe(
      THROTTLE_RULES.registrationsPerIp.limit - 1,
    );
    if (granted.allowed) await granted.release();
    expect((await throttle.peek("registrationsPerIp", a)).remaining).toBe(
      THROTTLE_RULES.registrationsPerIp.limit,
    );
  });

  it("never grants more reservations than a bucket's limit under concurrency", async () => {
    const [pair, ceiling] = [key(), key()];
    const { limit } = THROTTLE_RULES.loginAttemptsPerAccountIp;
    const reservations = await Promise.all(
      Array.from({ length: limit * 5 }, () =>
        createThrottler(env.THROTTLE, Date.now).reserve([
          ["loginAttemptsPerAccountIp", pair],
          ["loginAttemptsPerAccount", ceiling],
        ]),
      ),
    );
    expect(reservations.filter((reservation) => reservation.allowed)).toHaveLength(limit);
    // The refused ones gave their hits in the ceiling back.
    expect(
      (await createThrottler(env.THROTTLE, Date.now).peek("loginAttemptsPerAccount", ceiling))
        .remaining,
    ).toBe(THROTTLE_RULES.loginAttemptsPerAccount.limit - limit);
  });

  it("keeps hits in the object's storage and schedules their clean-up", async () => {
    const throttle = createThrottler(env.THROTTLE, Date.now);
    const bucket = key();
    await throttle.consume("registrationsPerIp", bucket);
    const namespace = env.THROTTLE as unknown as DurableObjectNamespace<Throttle>;
    const { sha256Hex } = await import("./auth-crypto.server");
    const stub = namespace.get(
      namespace.idFromName(`registrationsPerIp:${await sha256Hex(bucket)}`),
    );
    const stored = await runInDurableObject(stub, async (_instance, state) => ({
      hits: await state.storage.get<number[]>("hits"),
      alarm: await state.storage.getAlarm(),
    }));
    expect(stored.hits).toHaveLength(1);
    expect(stored.alarm).toBeGreaterThan(Date.now());
  });

  it("reads the client IP from CF-Connecting-IP only", () => {
    expect(
      clientIp(new Request("http://x/", { headers: { "CF-Connecting-IP": " 203.0.113.9 " } })),
    ).toBe("203.0.113.9");
    expect(
      clientIp(new Request("http://x/", { headers: { "X-Forwarded-For": "203.0.113.9" } })),
    ).toBe("unknown");
  });
});
