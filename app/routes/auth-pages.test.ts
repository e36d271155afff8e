/**
 * The accounts pages as a browser without JavaScript uses them: plain form
 * posts through the real worker, cookies carried by hand.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES, AUTH_TITLES } from "~/lib/auth-messages";
import { createThrottler, THROTTLE_RULES } from "~/models/throttle.server";
import {
  call,
  cookiesFrom,
  latestCode,
  makeUser,
  postForm,
  STRONG_PASSWORD,
  uniqueEmail,
  uniqueIp,
} from "../../tests/support/auth";

vi.setConfig({ testTimeout: 30_000 });

const escaped = (text: string) => text.replace(/'/g, "&#x27;");

function registrationForm(email: string) {
  return {
    firstName: "Rohan",
    lastName: "Gupta",
    email,
    medicalSchool: "Seth GS Medical College",
    year: "Intern",
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    acceptTerms: "on",
  };
}

async function signIn(email: string, password: string, extra: Record<string, string> = {}) {
  const response = await postForm("/login", { email, password, ...extra });
  expect(response.status).toBe(302);
  return response;
}

describe("accounts pages", () => {
  it("are private (no-store) and offer Google only when it is configured", async () => {
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password"]) {
      const response = await call(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    const login = await (await call("/login?redirectTo=%2Fchatbot")).text();
    expect(login).toContain('href="/auth/google?intent=login&amp;redirectTo=%2Fchatbot"');
    expect(await (await call("/register")).text()).toContain("Sign up with Google");
  });

  it("register → verify with the mailed code → signed in on /", async () => {
    const email = uniqueEmail();
    const ip = uniqueIp();
    const registered = await postForm("/register", registrationForm(email), { ip });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("Location")).toBe("/verify-email");
    let cookies = cookiesFrom(registered);
    expect(cookies).toContain("mm_verify=");
    expect(cookies).not.toContain("mm_session=");

    const page = await call("/verify-email", { headers: { Cookie: cookies } });
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toMatch(/Code expires in.*(10:00|9:5\d)/);
    expect(html.match(/name="code"/g)).toHaveLength(6);

    const code = await latestCode(email);
    const wrong = await postForm(
      "/verify-email",
      { code: [...String((Number(code) + 1) % 1e6).padStart(6, "0")] },
      { cookie: cookies, ip },
    );
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain(escaped(AUTH_MESSAGES.verificationFailed));
    expect(wrongHtml).not.toMatch(/name="code"[^>]*value="\d"/);

    const incomplete = await postForm(
      "/verify-email",
      { code: ["1", "2", "", "4", "5", "6"] },
      { cookie: cookies, ip },
    );
    expect(await incomplete.text()).toContain(AUTH_MESSAGES.codeIncomplete);

    const verified = await postForm("/verify-email", { code: [...code] }, { cookie: cookies, ip });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/");
    cookies = cookiesFrom(verified, cookies);
    expect(cookies).toContain("mm_session=");
    expect(cookies).not.toContain("mm_verify=");

    const home = await (await call("/", { headers: { Cookie: cookies } })).text();
    expect(home).toContain("Account menu for Rohan");
    expect(home).toContain(email);
    expect(home).toContain("Logout");
  });

  it("verify-email without an address from registration goes back to /register", async () => {
    const response = await call("/verify-email");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/register");
    expect(cookiesFrom(response)).toContain("mm_toast=");
    const register = await call("/register", { headers: { Cookie: cookiesFrom(response) } });
    const html = await register.text();
    expect(html).toContain(AUTH_TITLES.registrationRequired);
    expect(html).toContain(AUTH_MESSAGES.registrationRequired);
  });

  it("register shows the password rules' titles and messages without JavaScript", async () => {
    const mismatch = await postForm("/register", {
      ...registrationForm(uniqueEmail()),
      confirmPassword: "Other12345",
    });
    expect(mismatch.status).toBe(400);
    const html = await mismatch.text();
    expect(html).toContain(AUTH_TITLES.passwordMismatch);
    expect(html).toContain(AUTH_MESSAGES.passwordsDoNotMatch);
    expect(html).not.toContain(STRONG_PASSWORD);

    const weak = await postForm("/register", {
      ...registrationForm(uniqueEmail()),
      password: "weakpass1",
      confirmPassword: "weakpass1",
    });
    expect(await weak.text()).toContain(AUTH_TITLES.passwordTooWeak);
    const short = await postForm("/register", {
      ...registrationForm(uniqueEmail()),
      password: "Ab1",
      confirmPassword: "Ab1",
    });
    expect(await short.text()).toContain(AUTH_TITLES.passwordTooShort);
    const { acceptTerms: _skip, ...noTerms } = registrationForm(uniqueEmail());
    expect(await (await postForm("/register", noTerms)).text()).toContain(
      AUTH_MESSAGES.termsRequired,
    );
  });

  it("login: Validation Error when empty, Login Failed when wrong, and back to the page it came from", async () => {
    const empty = await postForm("/login", { email: " ", password: "" });
    expect(empty.status).toBe(400);
    const emptyHtml = await empty.text();
    expect(emptyHtml).toContain(AUTH_TITLES.validationError);
    expect(emptyHtml).toContain(AUTH_MESSAGES.requiredFields);

    const user = await makeUser();
    const wrong = await postForm("/login", { email: user.email, password: "Wrong12345" });
    expect(wrong.status).toBe(401);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toContain(AUTH_TITLES.loginFailed);
    expect(wrongHtml).toContain(AUTH_MESSAGES.invalidCredentials);

    const back = await signIn(` ${user.email} `, user.plainPassword, {
      redirectTo: "/account?tab=profile",
    });
    expect(back.headers.get("Location")).toBe("/account?tab=profile");
    const offsite = await signIn(user.email, user.plainPassword, { redirectTo: "//evil.example/" });
    expect(offsite.headers.get("Location")).toBe("/");
  });

  it("login form: 30 wrong passwords at once get at most 10 checks; the rest answer 429 with Retry-After", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        postForm("/login", { email: user.email, password: "Wrong12345" }, { ip }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(
      THROTTLE_RULES.loginAttemptsPerAccountIp.limit,
    );
    expect(statuses.filter((status) => status === 429)).toHaveLength(
      30 - THROTTLE_RULES.loginAttemptsPerAccountIp.limit,
    );
    for (const response of responses.filter((each) => each.status === 429)) {
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
    }
    await Promise.all(responses.map((response) => response.body?.cancel()));
  });

  it("login lockout: guesses from one IP leave the owner free on another; at the account's ceiling the page offers the reset, which lifts it", async () => {
    const user = await makeUser();
    const [attacker, owner] = [uniqueIp(), uniqueIp()];
    for (let guess = 0; guess < THROTTLE_RULES.loginAttemptsPerAccountIp.limit; guess++) {
      const wrong = await postForm(
        "/login",
        { email: user.email, password: `Guess${guess}xyZ` },
        {
          ip: attacker,
        },
      );
      expect(wrong.status).toBe(401);
    }
    const lockedOut = await postForm(
      "/login",
      { email: user.email, password: user.plainPassword },
      { ip: attacker },
    );
    expect(lockedOut.status).toBe(429);
    expect(await lockedOut.text()).toContain(
      "Too many sign-in attempts. Try again in 15 minutes, or reset your password to sign in now.",
    );
    const ownerIn = await postForm(
      "/login",
      { email: user.email, password: user.plainPassword },
      { ip: owner },
    );
    expect(ownerIn.status).toBe(302);

    // Guesses spread over many addresses reach the account's ceiling: now the owner waits too.
    const throttle = createThrottler(env.THROTTLE, Date.now);
    while ((await throttle.consume("loginAttemptsPerAccount", user.email)).allowed);
    const ceiling = await postForm(
      "/login",
      { email: user.email, password: user.plainPassword },
      { ip: owner },
    );
    expect(ceiling.status).toBe(429);
    expect(ceiling.headers.get("Retry-After")).toMatch(/^\d+$/);
    const page = await ceiling.text();
    expect(page).toContain(AUTH_TITLES.tooManyAttempts);
    expect(page).toMatch(
      /Too many sign-in attempts\. Try again in \d+ minutes, or reset your password to sign in now\./,
    );

    // The reset is never blocked by the lockout, and lifts it.
    const forgot = await postForm("/forgot-password", { email: user.email }, { ip: owner });
    expect(forgot.status).toBe(200);
    const cookies = cookiesFrom(forgot);
    const reset = await postForm(
      "/reset-password",
      {
        email: user.email,
        code: [...(await latestCode(user.email))],
        newPassword: "Fresh2024x",
        confirmPassword: "Fresh2024x",
      },
      { cookie: cookies, ip: owner },
    );
    expect(reset.status).toBe(302);
    expect(
      (await postForm("/login", { email: user.email, password: "Fresh2024x" }, { ip: owner }))
        .status,
    ).toBe(302);
    // The guesser's own address stays locked.
    expect(
      (await postForm("/login", { email: user.email, password: "Fresh2024x" }, { ip: attacker }))
        .status,
    ).toBe(429);
  });

  it("refuses form posts from another site (login CSRF; Remix compares Origin with Host)", async () => {
    const user = await makeUser();
    const form = new URLSearchParams({ email: user.email, password: user.plainPassword });
    const crossSite = await call("/login", {
      method: "POST",
      rawBody: form.toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://evil.example",
        Host: "localhost",
      },
    });
    expect(crossSite.status).toBeGreaterThanOrEqual(400);
    expect(cookiesFrom(crossSite)).not.toContain("mm_session=");
    const sameSite = await call("/login", {
      method: "POST",
      rawBody: form.toString(),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        Host: "localhost",
      },
    });
    expect(sameSite.status).toBe(302);
  });

  it("remember me sets a 30-day cookie; otherwise the cookie ends with the browser", async () => {
    const user = await makeUser();
    const remembered = (await signIn(user.email, user.plainPassword, { rememberMe: "on" })).headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("mm_session="))!;
    expect(remembered).toContain("Max-Age=2592000");
    expect(remembered).toContain("HttpOnly");
    expect(remembered).toContain("SameSite=Lax");
    const browser = (await signIn(user.email, user.plainPassword)).headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("mm_session="))!;
    expect(browser).not.toMatch(/Max-Age|Expires/i);
  });

  it("a new login replaces (and revokes) the session the browser held before", async () => {
    const user = await makeUser();
    const first = cookiesFrom(await signIn(user.email, user.plainPassword));
    const second = await postForm(
      "/login",
      { email: user.email, password: user.plainPassword },
      { cookie: first },
    );
    const after = cookiesFrom(second, first);
    expect(after).not.toBe(first);
    expect((await call("/api/auth/me", { headers: { Cookie: first } })).status).toBe(401);
    expect((await call("/api/auth/me", { headers: { Cookie: after } })).status).toBe(200);
  });

  it("an unverified account's login goes to /verify-email with a fresh code", async () => {
    const user = await makeUser({ verified: false });
    const response = await postForm("/login", { email: user.email, password: user.plainPassword });
    expect(response.headers.get("Location")).toBe("/verify-email");
    expect(cookiesFrom(response)).toContain("mm_verify=");
    expect(cookiesFrom(response)).not.toContain("mm_session=");
    expect(await latestCode(user.email)).toMatch(/^\d{6}$/);
  });

  it("signed-in users are sent from /login and /register to /; /account needs a session and is no-store", async () => {
    const anonymous = await call("/account");
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Faccount");

    const user = await makeUser();
    const cookies = cookiesFrom(await signIn(user.email, user.plainPassword));
    for (const path of ["/login", "/register"]) {
      const response = await call(path, { headers: { Cookie: cookies } });
      expect(response.headers.get("Location"), path).toBe("/");
    }
    const account = await call("/account", { headers: { Cookie: cookies } });
    expect(account.status).toBe(200);
    expect(account.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the account page updates the profile and changes the password, ending other sessions", async () => {
    const user = await makeUser();
    const here = cookiesFrom(await signIn(user.email, user.plainPassword));
    const elsewhere = cookiesFrom(await signIn(user.email, user.plainPassword));

    const profile = await postForm(
      "/account",
      {
        intent: "profile",
        firstName: "Anika",
        lastName: "Bose",
        medicalSchool: "AFMC Pune",
        year: "Resident",
        role: "admin",
      },
      { cookie: here },
    );
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain(AUTH_MESSAGES.profileUpdated);

    const changed = await postForm(
      "/account",
      {
        intent: "password",
        currentPassword: user.plainPassword,
        newPassword: "Changed2024",
        confirmPassword: "Changed2024",
      },
      { cookie: here },
    );
    expect(changed.status).toBe(302);
    expect(changed.headers.get("Location")).toBe("/account");
    const rotated = cookiesFrom(changed, here);
    expect(rotated).not.toBe(here);
    expect((await call("/api/auth/me", { headers: { Cookie: rotated } })).status).toBe(200);
    expect((await call("/api/auth/me", { headers: { Cookie: elsewhere } })).status).toBe(401);
    const me = (await (await call("/api/auth/me", { headers: { Cookie: rotated } })).json()) as {
      data: { user: Record<string, unknown> };
    };
    expect(me.data.user).toMatchObject({ firstName: "Anika", role: "learner" });
  });

  it("forgot → confirmation → reset page with the address and a 15-minute countdown → log in", async () => {
    const user = await makeUser();
    const ip = uniqueIp();
    const forgot = await postForm("/forgot-password", { email: user.email }, { ip });
    expect(forgot.status).toBe(200);
    const confirmation = await forgot.text();
    expect(confirmation).toContain("Check your email");
    expect(confirmation).toContain("Resend Code");
    expect(confirmation).toContain("url=/reset-password");
    const cookies = cookiesFrom(forgot);

    const resetPage = await (
      await call("/reset-password", { headers: { Cookie: cookies } })
    ).text();
    expect(resetPage).toContain(`value="${user.email}"`);
    expect(resetPage).toMatch(/Code expires in.*(15:00|14:5\d)/);

    const early = await postForm(
      "/reset-password",
      { intent: "resend", email: user.email },
      { cookie: cookies, ip },
    );
    expect(early.status).toBe(429);
    expect(await early.text()).toMatch(/Please wait \d+ seconds? before requesting a new code\./);

    const code = await latestCode(user.email);
    const mismatch = await postForm(
      "/reset-password",
      {
        email: user.email,
        code: [...code],
        newPassword: "Fresh2024x",
        confirmPassword: "Fresh2024y",
      },
      { cookie: cookies, ip },
    );
    expect(await mismatch.text()).toContain(AUTH_MESSAGES.resetPasswordsDoNotMatch);

    const reset = await postForm(
      "/reset-password",
      {
        email: user.email,
        code: [...code],
        newPassword: "Fresh2024x",
        confirmPassword: "Fresh2024x",
      },
      { cookie: cookies, ip },
    );
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login");
    const login = await (
      await call("/login", { headers: { Cookie: cookiesFrom(reset, cookies) } })
    ).text();
    expect(login).toContain(AUTH_MESSAGES.passwordResetDone);
    await signIn(user.email, "Fresh2024x");
  });

  it("forgot password answers the same page for an unknown address", async () => {
    const response = await postForm("/forgot-password", { email: uniqueEmail() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Check your email");
    const invalid = await postForm("/forgot-password", { email: "nope" });
    expect(await invalid.text()).toContain(AUTH_MESSAGES.emailInvalid);
  });

  it("logout from the navigation bar ends the session and the page it protected", async () => {
    const user = await makeUser();
    const cookies = cookiesFrom(await signIn(user.email, user.plainPassword));
    const logout = await postForm("/api/auth/logout", {}, { cookie: cookies });
    expect(logout.status).toBe(302);
    const after = cookiesFrom(logout, cookies);
    expect(after).not.toContain("mm_session=");
    // Even a browser that kept the old cookie gets nothing private.
    expect((await call("/account", { headers: { Cookie: cookies } })).headers.get("Location")).toBe(
      "/login?redirectTo=%2Faccount",
    );
  });
});
