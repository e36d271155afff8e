/**
 * Every /api/auth route through the real worker (`exports.default.fetch`),
 * with its success shape and each of its error answers.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { API_FALLBACKS, AUTH_MESSAGES, loginLockedMessage } from "~/lib/auth-messages";
import { createThrottler, THROTTLE_RULES } from "~/models/throttle.server";
import worker from "../../workers/app";
import { SLOW_MAIL_DELAY_MS } from "../../tests/fakes/resend";
import {
  apiLogin,
  call,
  callJson,
  latestCode,
  mailCount,
  makeUser,
  readUser,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from "../../tests/support/auth";

// Every password hash costs 600,000 PBKDF2 iterations; several run per test.
vi.setConfig({ testTimeout: 30_000 });

const registration = (email = uniqueEmail()) => ({
  firstName: "  Meera ",
  lastName: " Iyer ",
  email: `  ${email.toUpperCase()} `,
  medicalSchool: "  Kasturba Medical College ",
  year: "4th Year",
  password: STRONG_PASSWORD,
  confirmPassword: STRONG_PASSWORD,
  acceptTerms: true,
});

async function registerAndVerify(email = uniqueEmail()) {
  const ip = uniqueIp();
  const registered = await callJson("/api/auth/register", { body: registration(email), ip });
  expect(registered.status).toBe(201);
  const verified = await callJson("/api/auth/verify-email", {
    body: { email, otp: await latestCode(email) },
    ip,
  });
  expect(verified.status).toBe(200);
  return { email, token: verified.body.data!.token! };
}

function wrongCode(code: string) {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("JSON API basics", () => {
  it("answers malformed JSON, a non-JSON body, and a non-object body with 400, never 500", async () => {
    for (const path of [
      "/api/auth/register",
      "/api/auth/login",
      "/api/auth/verify-email",
      "/api/auth/forgot-password",
      "/api/auth/google-auth",
    ]) {
      const malformed = await callJson(path, { rawBody: '{"email": "a@b.c",' });
      expect(malformed.status, path).toBe(400);
      expect(malformed.body).toEqual({ success: false, message: AUTH_MESSAGES.malformedJson });

      const form = await callJson(path, {
        rawBody: "email=a@b.c",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      });
      expect(form.status, path).toBe(400);
      expect(form.body.success).toBe(false);

      const array = await callJson(path, { rawBody: "[1,2]" });
      expect(array.status, path).toBe(400);
    }
  });

  it("refuses the wrong method with 405 and sends no-store", async () => {
    const get = await call("/api/auth/login");
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    const post = await call("/api/auth/profile", { method: "POST", body: {} });
    expect(post.status).toBe(405);
    const me = await call("/api/auth/me");
    expect(me.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("POST /api/auth/register", () => {
  it("creates an unverified account, trims the fields, mails a code, and starts no session", async () => {
    const email = uniqueEmail();
    const { status, body, response } = await callJson("/api/auth/register", {
      body: registration(email),
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      success: true,
      data: { verificationRequired: true, email: email.toLowerCase() },
    });
    expect(body.data).not.toHaveProperty("token");
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await latestCode(email)).toMatch(/^\d{6}$/);

    const login = await callJson("/api/auth/login", { body: { email, password: STRONG_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.data).toMatchObject({
      verificationRequired: true,
      email: email.toLowerCase(),
    });

    const { results } = await env.DB.prepare("SELECT * FROM users WHERE email = ?")
      .bind(email.toLowerCase())
      .all();
    expect(results[0]).toMatchObject({
      first_name: "Meera",
      last_name: "Iyer",
      medical_school: "Kasturba Medical College",
      year: "4th Year",
      role: "learner",
      email_verified_at: null,
    });
  });

  it("answers each validation rule with the spec's message", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ password: "Ab1", confirmPassword: "Ab1" }, AUTH_MESSAGES.passwordTooShort],
      [
        { password: "alllowercase1", confirmPassword: "alllowercase1" },
        AUTH_MESSAGES.passwordTooWeak,
      ],
      [
        { password: "NoDigitsHere", confirmPassword: "NoDigitsHere" },
        AUTH_MESSAGES.passwordTooWeak,
      ],
      [{ confirmPassword: "Different123" }, AUTH_MESSAGES.passwordsDoNotMatch],
      [{ email: "not-an-email" }, AUTH_MESSAGES.emailInvalid],
      [{ email: "" }, AUTH_MESSAGES.emailRequired],
      [{ firstName: "   " }, AUTH_MESSAGES.firstNameRequired],
      [{ medicalSchool: "" }, AUTH_MESSAGES.medicalSchoolRequired],
      [{ year: "7th Year" }, AUTH_MESSAGES.yearRequired],
      [{ acceptTerms: undefined }, AUTH_MESSAGES.termsRequired],
      [{ acceptTerms: false }, AUTH_MESSAGES.termsRequired],
      [{ acceptTerms: "yes" }, AUTH_MESSAGES.termsRequired],
      [
        { password: `Aa1${"x".repeat(126)}`, confirmPassword: `Aa1${"x".repeat(126)}` },
        AUTH_MESSAGES.passwordTooLong,
      ],
    ];
    for (const [override, message] of cases) {
      const { status, body } = await callJson("/api/auth/register", {
        body: { ...registration(), ...override },
      });
      expect(status, message).toBe(400);
      expect(body.success).toBe(false);
      expect(body.message).toBe(message);
    }
  });

  it("accepts a 64-character password and uses all of it", async () => {
    const email = uniqueEmail();
    const password = `Aa1${"long-passphrase-".repeat(4).slice(0, 61)}`;
    expect(password).toHaveLength(64);
    const ip = uniqueIp();
    await callJson("/api/auth/register", {
      body: { ...registration(email), password, confirmPassword: password },
      ip,
    });
    await callJson("/api/auth/verify-email", { body: { email, otp: await latestCode(email) }, ip });
    expect(
      (await callJson("/api/auth/login", { body: { email, password: password.slice(0, 63) } }))
        .status,
    ).toBe(401);
    expect((await callJson("/api/auth/login", { body: { email, password } })).status).toBe(200);
  });

  it("answers 409 for an address that is taken, whatever its case", async () => {
    const user = await makeUser();
    const { status, body } = await callJson("/api/auth/register", {
      body: registration(user.email.toUpperCase()),
    });
    expect(status).toBe(409);
    expect(body).toEqual({ success: false, message: AUTH_MESSAGES.emailAlreadyRegistered });
  });

  it("ignores a role or verification flag in the body", async () => {
    const email = uniqueEmail();
    await callJson("/api/auth/register", {
      body: {
        ...registration(email),
        role: "admin",
        emailVerified: true,
        emailVerifiedAt: 1,
        id: "chosen-id",
      },
    });
    const { results } = await env.DB.prepare(
      "SELECT id, role, email_verified_at FROM users WHERE email = ?",
    )
      .bind(email)
      .all();
    expect(results[0]).toMatchObject({ role: "learner", email_verified_at: null });
    expect(results[0]!.id).not.toBe("chosen-id");
  });

  it("limits registrations per IP with 429 and Retry-After", async () => {
    const ip = uniqueIp();
    for (let index = 0; index < THROTTLE_RULES.registrationsPerIp.limit; index++) {
      const user = await makeUser();
      await callJson("/api/auth/register", { body: registration(user.email), ip }); // 409s still count
    }
    const { status, body, response } = await callJson("/api/auth/register", {
      body: registration(),
      ip,
    });
    expect(status).toBe(429);
    expect(body.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("POST /api/auth/verify-email and /resend-otp", () => {
  it("verifies with the mailed code and answers data.token and data.user (a working Bearer token)", async () => {
    const email = uniqueEmail();
    await callJson("/api/auth/register", { body: registration(email) });
    const { status, body } = await callJson("/api/auth/verify-email", {
      body: { email, otp: await latestCode(email), userData: { role: "admin" } },
    });
    expect(status).toBe(200);
    expect(body.data!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data!.user).toMatchObject({
      email,
      role: "learner",
      emailVerified: true,
      firstName: "Meera",
    });
    expect(body.data!.user).not.toHaveProperty("passwordHash");
    const me = await callJson("/api/auth/me", { token: body.data!.token });
    expect(me.body.data!.user).toMatchObject({ email });
  });

  it("refuses a wrong code with the spec's message, an incomplete one, and a used one", async () => {
    const email = uniqueEmail();
    await callJson("/api/auth/register", { body: registration(email) });
    const code = await latestCode(email);

    const wrong = await callJson("/api/auth/verify-email", {
      body: { email, otp: wrongCode(code) },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ success: false, message: AUTH_MESSAGES.verificationFailed });

    const short = await callJson("/api/auth/verify-email", { body: { email, otp: "12345" } });
    expect(short.body.message).toBe(AUTH_MESSAGES.codeIncomplete);
    const letters = await callJson("/api/auth/verify-email", { body: { email, otp: "12a456" } });
    expect(letters.body.message).toBe(AUTH_MESSAGES.codeIncomplete);

    expect((await callJson("/api/auth/verify-email", { body: { email, otp: code } })).status).toBe(
      200,
    );
    const again = await callJson("/api/auth/verify-email", { body: { email, otp: code } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(AUTH_MESSAGES.emailAlreadyVerified);
  });

  it("kills the code after five wrong tries; a resent code works", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    await callJson("/api/auth/register", { body: registration(email), ip });
    const code = await latestCode(email);
    for (let attempt = 0; attempt < 4; attempt++) {
      expect(
        (await callJson("/api/auth/verify-email", { body: { email, otp: wrongCode(code) }, ip }))
          .body.message,
      ).toBe(AUTH_MESSAGES.verificationFailed);
    }
    expect(
      (await callJson("/api/auth/verify-email", { body: { email, otp: wrongCode(code) }, ip })).body
        .message,
    ).toBe(AUTH_MESSAGES.codeLocked);
    expect(
      (await callJson("/api/auth/verify-email", { body: { email, otp: code }, ip })).body.message,
    ).toBe(AUTH_MESSAGES.codeLocked);

    // The cooldown from registration is still running: 429 with the wait.
    const early = await callJson("/api/auth/resend-otp", { body: { email }, ip });
    expect(early.status).toBe(429);
    expect(early.body.message).toMatch(/^Please wait \d+ seconds? before requesting a new code\.$/);

    // Once the minute has passed (the bucket is cleared here instead of waiting), a new code is mailed.
    await createThrottler(env.THROTTLE, Date.now).clear(
      "codeResendCooldown",
      `verify_email:${email}`,
    );
    const resent = await callJson("/api/auth/resend-otp", { body: { email }, ip });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(AUTH_MESSAGES.verificationCodeSent);
    const fresh = await latestCode(email);
    expect(
      (await callJson("/api/auth/verify-email", { body: { email, otp: fresh }, ip })).status,
    ).toBe(200);
  });

  it("answers resend-otp the same for an unknown address, without mailing anything", async () => {
    const email = uniqueEmail();
    const { status, body } = await callJson("/api/auth/resend-otp", { body: { email } });
    expect(status).toBe(200);
    expect(body.message).toBe(AUTH_MESSAGES.verificationCodeSent);
    expect(await mailCount(email)).toBe(0);
    expect((await callJson("/api/auth/resend-otp", { body: {} })).body.message).toBe(
      AUTH_MESSAGES.emailRequired,
    );
  });

  it("refuses codes from an IP that keeps guessing (429)", async () => {
    const ip = uniqueIp();
    for (let guess = 0; guess < THROTTLE_RULES.codeFailuresPerIp.limit; guess++) {
      await callJson("/api/auth/verify-email", {
        body: { email: uniqueEmail(), otp: "000000" },
        ip,
      });
    }
    const { status } = await callJson("/api/auth/verify-email", {
      body: { email: uniqueEmail(), otp: "000000" },
      ip,
    });
    expect(status).toBe(429);
  });
});

describe("POST /api/auth/login", () => {
  it("answers data.token and data.user, a new token every time", async () => {
    const user = await makeUser();
    const first = await callJson("/api/auth/login", {
      body: { email: user.email, password: user.plainPassword },
    });
    const second = await callJson("/api/auth/login", {
      body: { email: ` ${user.email.toUpperCase()}`, password: user.plainPassword },
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      data: { tokenType: "Bearer", user: { id: user.id, email: user.email } },
    });
    expect(first.body.data!.token).not.toBe(second.body.data!.token);
  });

  it("answers 400 'Please fill in all required fields.' and 401 for wrong credentials", async () => {
    const missing = await callJson("/api/auth/login", { body: { email: "  ", password: "" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(AUTH_MESSAGES.requiredFields);
    const user = await makeUser();
    const wrong = await callJson("/api/auth/login", {
      body: { email: user.email, password: "Wrong12345" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ success: false, message: AUTH_MESSAGES.invalidCredentials });
  });

  it("answers 429 once an account has had too many failures from one IP", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    for (let failure = 0; failure < THROTTLE_RULES.loginAttemptsPerAccountIp.limit; failure++) {
      await callJson("/api/auth/login", {
        body: { email: user.email, password: "Wrong12345" },
        ip,
      });
    }
    const { status, body, response } = await callJson("/api/auth/login", {
      body: { email: user.email, password: user.plainPassword },
      ip,
    });
    expect(status).toBe(429);
    expect(body.message).toBe(loginLockedMessage(body.retryAfter!));
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(response.headers.get("Retry-After")).toBe(String(body.retryAfter));
  });

  it("checks at most 10 passwords when 100 wrong ones arrive at once; the rest answer 429 with Retry-After", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        callJson("/api/auth/login", { body: { email: user.email, password: "Wrong12345" }, ip }),
      ),
    );
    const checked = answers.filter((answer) => answer.status !== 429);
    expect(checked.map((answer) => answer.status)).toEqual(
      Array(THROTTLE_RULES.loginAttemptsPerAccountIp.limit).fill(401),
    );
    for (const answer of answers.filter((each) => each.status === 429)) {
      expect(Number(answer.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    // Only the checked tries count: the account's ceiling across IPs holds exactly 10.
    const ceiling = await createThrottler(env.THROTTLE, Date.now).peek(
      "loginAttemptsPerAccount",
      user.email,
    );
    expect(ceiling.remaining).toBe(
      THROTTLE_RULES.loginAttemptsPerAccount.limit - THROTTLE_RULES.loginAttemptsPerAccountIp.limit,
    );
  });
});

describe("GET /api/auth/me and POST /api/auth/logout", () => {
  it("answers data.user for a live token and 401 without one or after logout", async () => {
    const user = await makeUser();
    const token = await apiLogin(user.email, user.plainPassword);
    const me = await callJson("/api/auth/me", { token });
    expect(me.status).toBe(200);
    expect(me.body.data!.user).toMatchObject({ id: user.id, firstName: "Priya", role: "learner" });

    const none = await callJson("/api/auth/me");
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ success: false, message: AUTH_MESSAGES.authenticationFailed });
    expect((await callJson("/api/auth/me", { token: "x".repeat(43) })).status).toBe(401);

    const logout = await callJson("/api/auth/logout", { method: "POST", token });
    expect(logout.status).toBe(200);
    expect(logout.body).toEqual({ success: true, message: AUTH_MESSAGES.loggedOut });
    expect(logout.response.headers.get("Set-Cookie")).toMatch(/Max-Age=0/);
    const after = await callJson("/api/auth/me", { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(AUTH_MESSAGES.sessionEnded);
  });

  it("logout succeeds even without a session (the local session is cleared regardless)", async () => {
    const { status } = await callJson("/api/auth/logout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
    });
    expect(status).toBe(200);
  });

  it("logout from the navigation bar's form clears the cookie and goes home", async () => {
    // The browser sends the page's Origin with the form; a cookie-authenticated
    // write without it (or from another site) is refused (request-gate.test.ts).
    const response = await call("/api/auth/logout", {
      method: "POST",
      rawBody: "",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: "mm_session=whatever",
        Origin: "http://localhost",
      },
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(
      response.headers.getSetCookie().some((cookie) => /^mm_session=;.*Max-Age=0/.test(cookie)),
    ).toBe(true);
    expect(response.headers.get("Clear-Site-Data")).toBe('"cache"');
  });
});

describe("PUT /api/auth/profile", () => {
  it("updates names, school and year, trimmed, and answers data.user", async () => {
    const user = await makeUser();
    const token = await apiLogin(user.email, user.plainPassword);
    const { status, body } = await callJson("/api/auth/profile", {
      method: "PUT",
      token,
      body: { firstName: " Kavya ", lastName: "Nair", medicalSchool: " JIPMER ", year: "Intern" },
    });
    expect(status).toBe(200);
    expect(body.data!.user).toMatchObject({
      firstName: "Kavya",
      lastName: "Nair",
      medicalSchool: "JIPMER",
      year: "Intern",
    });
  });

  it("cannot set the role, the e-mail, the verification flag or another user's data", async () => {
    const user = await makeUser();
    const other = await makeUser();
    const token = await apiLogin(user.email, user.plainPassword);
    const { status } = await callJson("/api/auth/profile", {
      method: "PUT",
      token,
      body: {
        id: other.id,
        userId: other.id,
        firstName: "Mallory",
        lastName: "Hacker",
        medicalSchool: "Nowhere",
        year: "Other",
        role: "admin",
        email: "taken-over@example.com",
        emailVerified: false,
        emailVerifiedAt: null,
        passwordHash:
          "$pbkdf2-sha256$v=1$i=1,r=1,k=0$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        googleSubject: "1234",
        sessionEpoch: 99,
      },
    });
    expect(status).toBe(200);
    const mine = await readUser(user.id);
    expect(mine).toMatchObject({
      role: "learner",
      email: user.email,
      firstName: "Mallory",
      googleSubject: null,
      sessionEpoch: 0,
    });
    expect(mine.emailVerifiedAt).not.toBeNull();
    expect(mine.passwordHash).toBe(user.passwordHash);
    expect(await readUser(other.id)).toMatchObject({ firstName: "Priya", email: other.email });
  });

  it("answers 400 for invalid fields and 401 without a session", async () => {
    const user = await makeUser();
    const token = await apiLogin(user.email, user.plainPassword);
    const invalid = await callJson("/api/auth/profile", {
      method: "PUT",
      token,
      body: { firstName: "", lastName: "X", medicalSchool: "Y", year: "Intern" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(AUTH_MESSAGES.firstNameRequired);
    expect(invalid.body.errors).toHaveProperty("firstName");
    const anonymous = await callJson("/api/auth/profile", {
      method: "PUT",
      body: { firstName: "A", lastName: "B", medicalSchool: "C", year: "Intern" },
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("PUT /api/auth/change-password", () => {
  it("needs the current password, then ends every other session and hands back a new token", async () => {
    const user = await makeUser();
    const laptop = await apiLogin(user.email, user.plainPassword);
    const phone = await apiLogin(user.email, user.plainPassword);

    const wrong = await callJson("/api/auth/change-password", {
      method: "PUT",
      token: laptop,
      body: {
        currentPassword: "Wrong12345",
        newPassword: "NewPassword9",
        confirmPassword: "NewPassword9",
      },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.currentPasswordWrong);

    const missing = await callJson("/api/auth/change-password", {
      method: "PUT",
      token: laptop,
      body: { newPassword: "NewPassword9" },
    });
    expect(missing.body.message).toBe(AUTH_MESSAGES.currentPasswordRequired);

    const weak = await callJson("/api/auth/change-password", {
      method: "PUT",
      token: laptop,
      body: { currentPassword: user.plainPassword, newPassword: "weakpass" },
    });
    expect(weak.body.message).toBe(AUTH_MESSAGES.passwordTooWeak);

    const changed = await callJson("/api/auth/change-password", {
      method: "PUT",
      token: laptop,
      body: {
        currentPassword: user.plainPassword,
        newPassword: "NewPassword9",
        confirmPassword: "NewPassword9",
      },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.body.data!.token!;
    expect(fresh).not.toBe(laptop);
    expect((await callJson("/api/auth/me", { token: fresh })).status).toBe(200);
    expect((await callJson("/api/auth/me", { token: laptop })).status).toBe(401);
    expect((await callJson("/api/auth/me", { token: phone })).status).toBe(401);

    expect(
      (
        await callJson("/api/auth/login", {
          body: { email: user.email, password: user.plainPassword },
        })
      ).status,
    ).toBe(401);
    expect(
      (await callJson("/api/auth/login", { body: { email: user.email, password: "NewPassword9" } }))
        .status,
    ).toBe(200);
  });

  it("answers 401 without a session", async () => {
    const { status } = await callJson("/api/auth/change-password", {
      method: "PUT",
      body: { newPassword: "NewPassword9" },
    });
    expect(status).toBe(401);
  });
});

describe("forgot, reset and resend-reset-token", () => {
  it("gives the same answer whether or not the address has an account", async () => {
    const user = await makeUser();
    const known = await callJson("/api/auth/forgot-password", { body: { email: user.email } });
    const unknownEmail = uniqueEmail();
    const unknown = await callJson("/api/auth/forgot-password", { body: { email: unknownEmail } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(known.body.message).toBe(AUTH_MESSAGES.resetCodeSentIfAccount);
    // The same body, but for the address itself.
    expect(unknown.body).toEqual({ ...known.body, data: { email: unknownEmail.toLowerCase() } });
    await latestCode(user.email);
    expect(await mailCount(user.email)).toBe(1);
    expect(await mailCount(unknownEmail)).toBe(0);

    // Both are under the same 60 s cooldown, with the same words.
    const again = [];
    for (const email of [user.email, unknownEmail]) {
      const answer = await callJson("/api/auth/resend-reset-token", { body: { email } });
      expect(answer.status, email).toBe(429);
      again.push(answer.body.message!.replace(/\d+ seconds?/, "N seconds"));
    }
    expect(again[1]).toBe(again[0]);
  });

  it("resend-reset-token answers the same for an address with and without an account", async () => {
    const user = await makeUser();
    const unknownEmail = uniqueEmail();
    const known = await callJson("/api/auth/resend-reset-token", { body: { email: user.email } });
    const unknown = await callJson("/api/auth/resend-reset-token", {
      body: { email: unknownEmail },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual({ ...known.body, data: { email: unknownEmail.toLowerCase() } });
  });

  it("locks reset-code guesses at the same try, with the same words, whether or not the address has an account", async () => {
    const user = await makeUser();
    const unknownEmail = uniqueEmail();
    for (const email of [user.email, unknownEmail]) {
      expect((await callJson("/api/auth/forgot-password", { body: { email } })).status).toBe(200);
    }
    const code = await latestCode(user.email);
    const guess = (email: string) =>
      callJson("/api/auth/reset-password", {
        body: { email, token: wrongCode(code), newPassword: "BrandNew2024" },
      });
    for (let attempt = 1; attempt <= 6; attempt++) {
      const known = await guess(user.email);
      const unknown = await guess(unknownEmail);
      expect(unknown.status, `try ${attempt}`).toBe(known.status);
      expect(unknown.body, `try ${attempt}`).toEqual(known.body);
      expect(known.body.message).toBe(
        attempt < 5 ? AUTH_MESSAGES.resetCodeInvalid : AUTH_MESSAGES.codeLocked,
      );
    }
    // The dead code no longer works, even when right; a new code does.
    const dead = await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: code, newPassword: "BrandNew2024" },
    });
    expect(dead.body.message).toBe(AUTH_MESSAGES.codeLocked);
  });

  it("answers forgot-password without waiting for the mail to go out", async () => {
    const user = await makeUser({
      email: `slow.${crypto.randomUUID().slice(0, 8)}@slow-mail.test`,
    });
    const ctx = createExecutionContext();
    const started = Date.now();
    const response = await worker.fetch(
      new Request("http://localhost/api/auth/forgot-password", {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": uniqueIp() },
        body: JSON.stringify({ email: user.email }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, MAIL_API_KEY: "re_test_ok", MAIL_API_BASE_URL: "https://resend.fake.test" } as Env,
      ctx,
    );
    const answeredAfter = Date.now() - started;
    expect(response.status).toBe(200);
    expect(answeredAfter).toBeLessThan(SLOW_MAIL_DELAY_MS / 2);
    // The mail still goes out, after the answer.
    await waitOnExecutionContext(ctx);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_MAIL_DELAY_MS);
  });

  it("validates the address with the spec's messages", async () => {
    expect(
      (await callJson("/api/auth/forgot-password", { body: { email: "" } })).body.message,
    ).toBe(AUTH_MESSAGES.emailRequired);
    expect(
      (await callJson("/api/auth/forgot-password", { body: { email: "nope" } })).body.message,
    ).toBe(AUTH_MESSAGES.emailInvalid);
  });

  it("resets with the code: old sessions end, the old password stops working, the new one works", async () => {
    const user = await makeUser();
    const before = await apiLogin(user.email, user.plainPassword);
    await callJson("/api/auth/forgot-password", { body: { email: user.email } });
    const code = await latestCode(user.email);

    const wrong = await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: wrongCode(code), newPassword: "BrandNew2024" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.resetCodeInvalid);

    const incomplete = await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: "123", newPassword: "BrandNew2024" },
    });
    expect(incomplete.body.message).toBe(AUTH_MESSAGES.resetCodeIncomplete);
    const noPassword = await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: code },
    });
    expect(noPassword.body.message).toBe(AUTH_MESSAGES.newPasswordRequired);
    const mismatch = await callJson("/api/auth/reset-password", {
      body: {
        email: user.email,
        token: code,
        newPassword: "BrandNew2024",
        confirmPassword: "BrandNew2025",
      },
    });
    expect(mismatch.body.message).toBe(AUTH_MESSAGES.resetPasswordsDoNotMatch);

    const reset = await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: code, newPassword: "BrandNew2024" },
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(AUTH_MESSAGES.passwordResetDone);
    expect((await callJson("/api/auth/me", { token: before })).status).toBe(401);
    expect(
      (
        await callJson("/api/auth/login", {
          body: { email: user.email, password: user.plainPassword },
        })
      ).status,
    ).toBe(401);
    expect(
      (await callJson("/api/auth/login", { body: { email: user.email, password: "BrandNew2024" } }))
        .status,
    ).toBe(200);

    // The code worked once.
    const reuse = await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: code, newPassword: "Another2024" },
    });
    expect(reuse.status).toBe(400);
  });

  it("answers a reset for an unknown address like a wrong code", async () => {
    const { status, body } = await callJson("/api/auth/reset-password", {
      body: { email: uniqueEmail(), token: "123456", newPassword: "BrandNew2024" },
    });
    expect(status).toBe(400);
    expect(body.message).toBe(AUTH_MESSAGES.resetCodeInvalid);
  });

  it("verifies an unverified address when its owner resets the password", async () => {
    const user = await makeUser({ verified: false });
    await callJson("/api/auth/forgot-password", { body: { email: user.email } });
    await callJson("/api/auth/reset-password", {
      body: { email: user.email, token: await latestCode(user.email), newPassword: "BrandNew2024" },
    });
    expect((await readUser(user.id)).emailVerifiedAt).not.toBeNull();
    expect(
      (await callJson("/api/auth/login", { body: { email: user.email, password: "BrandNew2024" } }))
        .status,
    ).toBe(200);
  });
});

describe("POST /api/auth/google-auth", () => {
  async function credential(profile: Record<string, unknown>) {
    const response = await fetch("https://google.fake.test/fake/id-token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(profile),
    });
    return ((await response.json()) as { credential: string }).credential;
  }

  it("creates a verified account for a new Google user and signs in like login", async () => {
    const email = uniqueEmail("google");
    const token = await credential({ email, given_name: "Arjun", family_name: "Menon" });
    const created = await callJson("/api/auth/google-auth", { body: { credential: token } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      created: true,
      user: {
        email,
        firstName: "Arjun",
        lastName: "Menon",
        emailVerified: true,
        hasPassword: false,
        googleLinked: true,
      },
    });
    expect((await callJson("/api/auth/me", { token: created.body.data!.token })).status).toBe(200);

    const again = await callJson("/api/auth/google-auth", {
      body: { credential: await credential({ email }) },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      created: false,
      user: { id: (created.body.data!.user as { id: string }).id },
    });
  });

  it("links an existing verified account with the same e-mail, keeping its password", async () => {
    const user = await makeUser();
    const { status, body } = await callJson("/api/auth/google-auth", {
      body: { credential: await credential({ email: user.email.toUpperCase() }) },
    });
    expect(status).toBe(200);
    expect(body.data!.user).toMatchObject({ id: user.id, googleLinked: true, hasPassword: true });
    expect(
      (
        await callJson("/api/auth/login", {
          body: { email: user.email, password: user.plainPassword },
        })
      ).status,
    ).toBe(200);
  });

  it("claims an unverified account for the mailbox's owner: the unproven password is dropped", async () => {
    const squatter = await makeUser({ verified: false, password: "Squatter123" });
    const { status } = await callJson("/api/auth/google-auth", {
      body: { credential: await credential({ email: squatter.email }) },
    });
    expect(status).toBe(200);
    const claimed = await readUser(squatter.id);
    expect(claimed.emailVerifiedAt).not.toBeNull();
    expect(claimed.passwordHash).toBeNull();
    expect(
      (
        await callJson("/api/auth/login", {
          body: { email: squatter.email, password: "Squatter123" },
        })
      ).status,
    ).toBe(401);
  });

  it("refuses tokens with a wrong audience, issuer, expiry, signature or an unverified e-mail", async () => {
    const email = uniqueEmail("google");
    const now = Math.floor(Date.now() / 1000);
    const bad = {
      audience: await credential({
        email,
        overrides: { aud: "someone-else.apps.googleusercontent.com" },
      }),
      issuer: await credential({ email, overrides: { iss: "https://evil.example" } }),
      expired: await credential({ email, overrides: { iat: now - 7200, exp: now - 3600 } }),
      tampered: (await credential({ email })).replace(
        /\.([^.]+)\.([^.]+)$/,
        (_match, payload: string, signature: string) => {
          const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
          const forged = btoa(JSON.stringify({ ...claims, email: "admin@medmentor.in" }))
            .replace(/=+$/, "")
            .replace(/\+/g, "-")
            .replace(/\//g, "_");
          return `.${forged}.${signature}`;
        },
      ),
      garbage: "not.a.jwt",
    };
    for (const [label, token] of Object.entries(bad)) {
      const { status, body } = await callJson("/api/auth/google-auth", {
        body: { credential: token },
      });
      expect(status, label).toBe(401);
      expect(body, label).toEqual({ success: false, message: API_FALLBACKS.googleAuth });
    }
    const unverified = await callJson("/api/auth/google-auth", {
      body: { credential: await credential({ email, email_verified: false }) },
    });
    expect(unverified.status).toBe(401);
    expect(unverified.body.message).toBe(AUTH_MESSAGES.googleEmailUnverified);
    expect((await callJson("/api/auth/google-auth", { body: {} })).status).toBe(400);
  });

  it("answers 400 when no Google client is configured", async () => {
    const ctx = createExecutionContext();
    const response = await worker.fetch(
      new Request("http://localhost/api/auth/google-auth", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ credential: "x" }),
      }) as Request<unknown, IncomingRequestCfProperties>,
      { ...env, GOOGLE_CLIENT_ID: "", GOOGLE_CLIENT_SECRET: "" } as Env,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      message: AUTH_MESSAGES.googleUnavailable,
    });
  });
});

describe("the full journey through the API", () => {
  it("register → verify → me → logout", async () => {
    const { email, token } = await registerAndVerify();
    expect((await callJson("/api/auth/me", { token })).body.data!.user).toMatchObject({ email });
    await callJson("/api/auth/logout", { method: "POST", token });
    expect((await callJson("/api/auth/me", { token })).status).toBe(401);
  });
});
