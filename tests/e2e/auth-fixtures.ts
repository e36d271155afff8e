/**
 * Fixtures for the accounts browser tests: a distinct CF-Connecting-IP per test
 * (local wrangler passes the header through), so per-IP limits never trip across
 * tests; unique addresses; codes read from the local outbox (/dev/mailbox.json);
 * verified users made through the JSON API, and signed in (the one
 * signed-in-learner helper every spec family uses); and a way to age codes in
 * the local D1 database for the expiry tests.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";

const root = path.resolve(import.meta.dirname, "../..");

export const test = base.extend<{ ip: string }>({
  ip: [
    async ({ context }, use) => {
      const ip = `203.0.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
      await context.setExtraHTTPHeaders({ "CF-Connecting-IP": ip });
      await use(ip);
    },
    { auto: true },
  ],
});
export { expect };

export const PASSWORD = "Anatomy2026";

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

type OutboxItem = { to: string; text: string; createdAt: string };

/** The six-digit code in the newest mail to `email` (waiting for one newer than `after`, if given). */
export async function mailedCode(
  request: APIRequestContext,
  email: string,
  after?: string,
): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const outbox = (await (await request.get("/dev/mailbox.json")).json()) as OutboxItem[];
        code = outbox
          .find((mail) => mail.to === email.toLowerCase())
          ?.text.match(/\b(\d{6})\b/)?.[1];
        return code !== undefined && code !== after;
      },
      { message: `a code mailed to ${email}` },
    )
    .toBe(true);
  return code!;
}

/** A verified account, made through the JSON API (register, then verify with the mailed code). */
export async function verifiedUser(request: APIRequestContext, ip: string, label = "learner") {
  const email = uniqueEmail(label);
  const headers = { "CF-Connecting-IP": ip };
  const registered = await request.post("/api/auth/register", {
    headers,
    data: {
      firstName: "Nisha",
      lastName: "Verma",
      email,
      medicalSchool: "Lady Hardinge Medical College",
      year: "2nd Year",
      password: PASSWORD,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const verified = await request.post("/api/auth/verify-email", {
    headers,
    data: { email, otp: await mailedCode(request, email) },
  });
  expect(verified.status()).toBe(200);
  return { email, password: PASSWORD, firstName: "Nisha" };
}

export type Learner = { email: string; password: string; firstName: string };

/**
 * A verified learner (whose 30-day trial started at verification, as for real),
 * signed in in `page`'s browser context. By default the login form is posted
 * from the page's request context and the session cookie checked; with
 * `landOn`, the learner signs in through the login page itself and lands on
 * that path (the login page's `redirectTo`).
 */
export async function signedInLearner(
  page: Page,
  ip: string,
  label = "learner",
  options: { landOn?: string } = {},
): Promise<Learner> {
  const learner = await verifiedUser(page.request, ip, label);
  if (options.landOn !== undefined) {
    const path = options.landOn;
    await page.goto(`/login?${new URLSearchParams({ redirectTo: path })}`);
    await logIn(page, learner.email, learner.password);
    await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
    return learner;
  }
  const response = await page.request.post("/login", {
    form: { email: learner.email, password: learner.password },
  });
  expect(response.ok()).toBe(true);
  const cookies = await page.context().cookies();
  expect(cookies.some((cookie) => cookie.name === "mm_session")).toBe(true);
  return learner;
}

/** An account that still has to verify its address. */
export async function unverifiedUser(request: APIRequestContext, ip: string, label = "pending") {
  const email = uniqueEmail(label);
  const registered = await request.post("/api/auth/register", {
    headers: { "CF-Connecting-IP": ip },
    data: {
      firstName: "Kabir",
      lastName: "Das",
      email,
      medicalSchool: "BJ Medical College",
      year: "1st Year",
      password: PASSWORD,
      acceptTerms: true,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { email, password: PASSWORD, firstName: "Kabir" };
}

/**
 * Runs SQL against the local D1 database of the server under test, for the few
 * states no product path reaches (an expired code, an ended trial). The file is
 * shared with the running server, so a busy database is tried again.
 */
export async function localD1(sql: string, attempts = 3): Promise<void> {
  try {
    await promisify(execFile)(
      "npx",
      [
        "wrangler",
        "d1",
        "execute",
        "DB",
        "--local",
        "--persist-to",
        `.wrangler/e2e-state-${process.env.E2E_PORT}`,
        "--command",
        sql,
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          WRANGLER_SEND_METRICS: "false",
          CLOUDFLARE_CF_FETCH_ENABLED: "false",
          WRANGLER_HIDE_BANNER: "true",
        },
      },
    );
  } catch (error) {
    if (attempts <= 1) throw error;
    await new Promise((resolve) => setTimeout(resolve, 500));
    await localD1(sql, attempts - 1);
  }
}

/** Ages every code of the account past its expiry. */
export async function expireCodes(email: string): Promise<void> {
  await localD1(
    `UPDATE one_time_codes SET expires_at = 0 WHERE user_id = (SELECT id FROM users WHERE email = '${email.replace(/'/g, "''")}');`,
  );
}

/** Types a code into the six boxes, one digit per box (works with JavaScript on and off). */
export async function enterCode(page: Page, code: string): Promise<void> {
  for (const [index, digit] of [...code].entries()) {
    await page.getByLabel(`Digit ${index + 1} of 6`).fill(digit);
  }
}

export async function codeBoxes(page: Page): Promise<string[]> {
  return Promise.all(
    Array.from({ length: 6 }, (_, index) =>
      page.getByLabel(`Digit ${index + 1} of 6`).inputValue(),
    ),
  );
}

export async function logIn(
  page: Page,
  email: string,
  password: string,
  options: { remember?: boolean } = {},
) {
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  if (options.remember) await page.getByLabel("Remember me").check();
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The account menu in the navigation bar (desktop layout). */
export function accountMenu(page: Page, firstName: string) {
  return page.getByRole("navigation", { name: "Main" }).getByLabel(`Account menu for ${firstName}`);
}

/**
 * A message flashed through the toast cookie. With JavaScript it is a toast; without, the root
 * renders it inside <noscript>, which Chromium shows to real no-JavaScript visitors but which
 * Playwright's script-disabled mode leaves unparsed, so there the markup is checked instead.
 */
export async function expectFlash(page: Page, text: string): Promise<void> {
  if (test.info().project.use.javaScriptEnabled === false) {
    await expect
      .poll(async () => /<noscript>[\s\S]*?<\/noscript>/.exec(await page.content())?.[0] ?? "")
      .toContain(text);
  } else {
    await expect(page.getByText(text).first()).toBeVisible();
  }
}
