import { describe, expect, it, vi } from "vitest";
import { createExecutionContext, env } from "cloudflare:test";
import { createAppContext } from "~/load-context";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import {
  latestCode,
  mailCount,
  makeUser,
  testClock,
  testDeps,
  uniqueEmail,
  uniqueIp,
} from "../../tests/support/auth";
import { takeCodeSendAllowance } from "./auth-codes.server";
import { loginWithPassword, requireAnonymous, requireUser } from "./auth.server";
import { commitSessionCookie, createSession } from "./session.server";
import { THROTTLE_RULES } from "./throttle.server";

// Every password hash costs 600,000 PBKDF2 iterations; several run per test.
vi.setConfig({ testTimeout: 30_000 });

function appContext() {
  const ctx = createExecutionContext();
  return createAppContext(env, { cspNonce: "n", waitUntil: (promise) => ctx.waitUntil(promise) });
}

async function cookieFor(user: { id: string; sessionEpoch: number }) {
  const context = appContext();
  const session = await createSession(testDeps(), {
    userId: user.id,
    epoch: user.sessionEpoch,
    remember: false,
    method: "password",
  });
  return (await commitSessionCookie(context.env, session)).split(";")[0]!;
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error("expected a thrown response");
}

describe("guards", () => {
  it("requireUser sends visitors to /login, remembering the page and its query", async () => {
    const response = await thrown(
      requireUser(new Request("http://localhost/account?tab=password"), appContext()),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Faccount%3Ftab%3Dpassword");
  });

  it("requireUser clears a cookie whose session is gone, and returns the user for a live one", async () => {
    const stale = await thrown(
      requireUser(
        new Request("http://localhost/account", { headers: { Cookie: "mm_session=gone" } }),
        appContext(),
      ),
    );
    expect(stale.headers.get("Set-Cookie")).toMatch(/^mm_session=;.*Max-Age=0/);

    const user = await makeUser();
    const cookie = await cookieFor(user);
    const auth = await requireUser(
      new Request("http://localhost/account", { headers: { Cookie: cookie } }),
      appContext(),
    );
    expect(auth.user.id).toBe(user.id);
  });

  it("requireAnonymous sends signed-in users from /login and /register to /", async () => {
    await expect(
      requireAnonymous(new Request("http://localhost/login"), appContext()),
    ).resolves.toBeUndefined();
    const user = await makeUser();
    const response = await thrown(
      requireAnonymous(
        new Request("http://localhost/register", { headers: { Cookie: await cookieFor(user) } }),
        appContext(),
      ),
    );
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("login with a password", () => {
  it("finds the account whatever the e-mail's case and spacing", async () => {
    const user = await makeUser();
    const outcome = await loginWithPassword(
      testDeps(),
      { email: `  ${user.email.toUpperCase()} `, password: user.plainPassword, rememberMe: true },
      { ip: uniqueIp() },
    );
    expect(outcome.ok && outcome.user.id).toBe(user.id);
    expect(outcome.ok && outcome.session.record.remember).toBe(true);
  });

  it("answers the same for an unknown address and a wrong password", async () => {
    const user = await makeUser();
    const deps = testDeps();
    const wrong = await loginWithPassword(
      deps,
      { email: user.email, password: "Wrong1234", rememberMe: false },
      { ip: uniqueIp() },
    );
    const unknown = await loginWithPassword(
      deps,
      { email: uniqueEmail(), password: "Wrong1234", rememberMe: false },
      { ip: uniqueIp() },
    );
    expect(wrong).toEqual({ ok: false, status: 401, message: AUTH_MESSAGES.invalidCredentials });
    expect(unknown).toEqual(wrong);
  });

  it("locks an account from one IP for 15 minutes after 10 wrong passwords, without checking the password, then lets it in", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const user = await makeUser();
    const ip = uniqueIp();
    const attempt = (password: string, from = ip) =>
      loginWithPassword(deps, { email: user.email, password, rememberMe: false }, { ip: from });
    for (let failure = 0; failure < THROTTLE_RULES.loginAttemptsPerAccountIp.limit; failure++) {
      expect((await attempt("Wrong1234")).ok).toBe(false);
    }
    const locked = await attempt(user.plainPassword);
    expect(locked).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 900 });
    expect(!locked.ok && locked.message).toBe(
      "Too many sign-in attempts. Try again in 15 minutes, or reset your password to sign in now.",
    );
    // The owner on another address is not locked out by those guesses.
    expect((await attempt(user.plainPassword, uniqueIp())).ok).toBe(true);

    clock.advance(THROTTLE_RULES.loginAttemptsPerAccountIp.windowMs);
    expect((await attempt(user.plainPassword)).ok).toBe(true);
  });

  it("locks the account from every IP once the ceiling across IPs is reached", async () => {
    const deps = testDeps();
    const user = await makeUser();
    for (let hit = 0; hit < THROTTLE_RULES.loginAttemptsPerAccount.limit; hit++) {
      await deps.throttle.consume("loginAttemptsPerAccount", user.email);
    }
    const outcome = await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip: uniqueIp() },
    );
    expect(outcome).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 3600 });
    expect(!outcome.ok && outcome.message).toMatch(/reset your password to sign in now/);
  });

  it("checks at most the limit's worth of passwords when the tries arrive together", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const ip = uniqueIp();
    const { limit } = THROTTLE_RULES.loginAttemptsPerAccountIp;
    const outcomes = await Promise.all(
      Array.from({ length: limit * 3 }, () =>
        loginWithPassword(
          deps,
          { email: user.email, password: "Wrong1234", rememberMe: false },
          { ip },
        ),
      ),
    );
    const statuses = outcomes.map((outcome) => (outcome.ok ? 200 : outcome.status));
    expect(statuses.filter((status) => status === 401)).toHaveLength(limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(limit * 2);
  });

  it("a right password gives its try back: signing in does not use up the account's ceiling", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const ip = uniqueIp();
    await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip },
    );
    const left = await deps.throttle.peek("loginAttemptsPerAccount", user.email);
    expect(left.remaining).toBe(THROTTLE_RULES.loginAttemptsPerAccount.limit);
    expect((await deps.throttle.peek("loginFailuresPerIp", ip)).remaining).toBe(
      THROTTLE_RULES.loginFailuresPerIp.limit,
    );
  });

  it("limits failures per IP across accounts", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const ip = uniqueIp();
    for (let failure = 0; failure < THROTTLE_RULES.loginFailuresPerIp.limit; failure++) {
      await deps.throttle.consume("loginFailuresPerIp", ip);
    }
    const user = await makeUser();
    const outcome = await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip },
    );
    expect(outcome).toMatchObject({ ok: false, status: 429 });
  });

  it("starts no session for an unverified account: it answers 403 and mails a fresh code (once a minute)", async () => {
    const deps = testDeps();
    const user = await makeUser({ verified: false });
    const ip = uniqueIp();
    const first = await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip },
    );
    expect(first).toEqual({
      ok: false,
      status: 403,
      message: AUTH_MESSAGES.emailNotVerified,
      verificationRequired: { email: user.email },
    });
    expect(await latestCode(user.email)).toMatch(/^\d{6}$/);
    await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip },
    );
    expect(await mailCount(user.email)).toBe(1);
  });

  it("upgrades a hash made with a lower cost at the next successful login", async () => {
    const { hashPassword } = await import("./password.server");
    const { users } = await import("~/db/schema");
    const { eq } = await import("drizzle-orm");
    const deps = testDeps();
    const user = await makeUser();
    const cheap = await hashPassword(user.plainPassword, {
      params: { iterations: 1000, rounds: 1 },
    });
    await deps.db.update(users).set({ passwordHash: cheap }).where(eq(users.id, user.id));
    await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip: uniqueIp() },
    );
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toContain("i=100000,r=6");
  });
});

describe("code resend cooldown", () => {
  it("allows one code per address and purpose per 60 s, on the server, with the wait in the answer", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const email = uniqueEmail();
    expect(await takeCodeSendAllowance(deps, "verify_email", email, uniqueIp())).toBeNull();
    clock.advance(45_000);
    expect(await takeCodeSendAllowance(deps, "verify_email", email, uniqueIp())).toEqual({
      ok: false,
      status: 429,
      message: "Please wait 15 seconds before requesting a new code.",
      retryAfterSeconds: 15,
    });
    // A different purpose has its own cooldown.
    expect(await takeCodeSendAllowance(deps, "reset_password", email, uniqueIp())).toBeNull();
    clock.advance(15_000);
    expect(await takeCodeSendAllowance(deps, "verify_email", email, uniqueIp())).toBeNull();
  });

  it("caps codes per address at 6 an hour", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const email = uniqueEmail();
    for (let send = 0; send < THROTTLE_RULES.codeSendsPerAddress.limit; send++) {
      expect(await takeCodeSendAllowance(deps, "reset_password", email, uniqueIp())).toBeNull();
      clock.advance(61_000);
    }
    expect(await takeCodeSendAllowance(deps, "reset_password", email, uniqueIp())).toMatchObject({
      status: 429,
    });
  });
});
