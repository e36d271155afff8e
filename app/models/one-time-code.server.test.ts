import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { oneTimeCodes } from "~/db/schema";
import { makeUser, testClock, testDeps } from "../../tests/support/auth";
import {
  activeCodeExpiry,
  CODE_TTL_MS,
  generateCode,
  issueCode,
  MAX_CODE_ATTEMPTS,
  redeemCode,
} from "./one-time-code.server";

const SECRET = "test-session-secret-of-at-least-32-characters";

function wrong(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("one-time codes", () => {
  it("are six digits from the CSPRNG, spread over the whole range", () => {
    const codes = Array.from({ length: 2000 }, generateCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    const firstDigits = new Set(codes.map((code) => code[0]));
    expect(firstDigits.size).toBe(10);
  });

  it("are stored only as an HMAC, never in clear", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const user = await makeUser();
    const { code } = await issueCode(
      { db: deps.db, secret: SECRET, now: clock.now() },
      user.id,
      "verify_email",
    );
    const rows = await deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it("expire after 600 s (verification) and 900 s (reset), on an injected clock", async () => {
    const clock = testClock();
    const deps = { db: testDeps().db, secret: SECRET };
    const user = await makeUser();

    const verify = await issueCode({ ...deps, now: clock.now() }, user.id, "verify_email");
    expect(verify.expiresAt.getTime() - clock.now()).toBe(600_000);
    clock.advance(CODE_TTL_MS.verify_email - 1000);
    expect(
      await activeCodeExpiry({ db: deps.db, now: clock.now() }, user.id, "verify_email"),
    ).toEqual(verify.expiresAt);
    expect(
      await redeemCode({ ...deps, now: clock.now() }, user.id, "verify_email", verify.code),
    ).toEqual({ ok: true });

    const again = await issueCode({ ...deps, now: clock.now() }, user.id, "verify_email");
    clock.advance(CODE_TTL_MS.verify_email);
    expect(
      await activeCodeExpiry({ db: deps.db, now: clock.now() }, user.id, "verify_email"),
    ).toBeNull();
    expect(
      await redeemCode({ ...deps, now: clock.now() }, user.id, "verify_email", again.code),
    ).toEqual({
      ok: false,
      reason: "expired",
    });

    const reset = await issueCode({ ...deps, now: clock.now() }, user.id, "reset_password");
    expect(reset.expiresAt.getTime() - clock.now()).toBe(900_000);
    clock.advance(899_000);
    expect(
      await redeemCode({ ...deps, now: clock.now() }, user.id, "reset_password", reset.code),
    ).toEqual({ ok: true });
  });

  it("work once", async () => {
    const clock = testClock();
    const deps = { db: testDeps().db, secret: SECRET, now: clock.now() };
    const user = await makeUser();
    const { code } = await issueCode(deps, user.id, "verify_email");
    const results = await Promise.all([
      redeemCode(deps, user.id, "verify_email", code),
      redeemCode(deps, user.id, "verify_email", code),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(await redeemCode(deps, user.id, "verify_email", code)).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("die after five wrong tries, even for the right code afterwards", async () => {
    const clock = testClock();
    const deps = { db: testDeps().db, secret: SECRET, now: clock.now() };
    const user = await makeUser();
    const { code } = await issueCode(deps, user.id, "reset_password");
    for (let attempt = 1; attempt < MAX_CODE_ATTEMPTS; attempt++) {
      expect(await redeemCode(deps, user.id, "reset_password", wrong(code))).toEqual({
        ok: false,
        reason: "invalid",
        attemptsLeft: MAX_CODE_ATTEMPTS - attempt,
      });
    }
    expect(await redeemCode(deps, user.id, "reset_password", wrong(code))).toEqual({
      ok: false,
      reason: "locked",
    });
    expect(await redeemCode(deps, user.id, "reset_password", code)).toEqual({
      ok: false,
      reason: "locked",
    });
    expect(
      await activeCodeExpiry({ db: deps.db, now: deps.now }, user.id, "reset_password"),
    ).toBeNull();
  });

  it("count parallel wrong guesses exactly (no more than five get checked)", async () => {
    const deps = { db: testDeps().db, secret: SECRET, now: Date.now() };
    const user = await makeUser();
    const { code } = await issueCode(deps, user.id, "verify_email");
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        redeemCode(deps, user.id, "verify_email", wrong(String(Number(code) + index))),
      ),
    );
    expect(guesses.every((guess) => !guess.ok)).toBe(true);
    const [row] = await deps.db.select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, user.id));
    expect(row!.attempts).toBe(MAX_CODE_ATTEMPTS);
  });

  it("are replaced by a newer code, and keep purposes apart", async () => {
    const deps = { db: testDeps().db, secret: SECRET, now: Date.now() };
    const user = await makeUser();
    const first = await issueCode(deps, user.id, "verify_email");
    const reset = await issueCode(deps, user.id, "reset_password");
    const second = await issueCode(deps, user.id, "verify_email");
    if (first.code !== second.code) {
      expect(await redeemCode(deps, user.id, "verify_email", first.code)).toMatchObject({
        ok: false,
      });
    }
    expect(
      await redeemCode(
        deps,
        user.id,
        "verify_email",
        reset.code === second.code ? wrong(second.code) : reset.code,
      ),
    ).toMatchObject({
      ok: false,
    });
    expect(await redeemCode(deps, user.id, "verify_email", second.code)).toEqual({ ok: true });
    expect(await redeemCode(deps, user.id, "reset_password", reset.code)).toEqual({ ok: true });
  });
});
