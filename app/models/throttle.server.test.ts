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
    const { limit, windowMs } = THROTTLE_RULES.loginFailuresPerAccount;

    for (let hit = 1; hit <= limit; hit++) {
      const decision = await throttle.consume("loginFailuresPerAccount", bucket);
      expect(decision.allowed).toBe(true);
      expect(decision.remaining).toBe(limit - hit);
      clock.advance(1000);
    }
    const refused = await throttle.consume("loginFailuresPerAccount", bucket);
    expect(refused).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterMs: windowMs - limit * 1000,
    });

    // The first hit leaves the window: exactly one more is allowed.
    clock.advance(refused.retryAfterMs);
    expect((await throttle.consume("loginFailuresPerAccount", bucket)).allowed).toBe(true);
    expect((await throttle.consume("loginFailuresPerAccount", bucket)).allowed).toBe(false);
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
