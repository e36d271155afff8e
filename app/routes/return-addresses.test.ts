/**
 * Every place that takes a return address, through the real worker, fed the
 * known ways of turning a path into another site: the plans page's Continue
 * link (`?from=`, `?redirectTo=`), the login page and its form post
 * (`redirectTo`), Google sign-in (start and callback) and the local test
 * checkout's callback and cancel addresses.
 */
import { env } from "cloudflare:test";
import { createCookie } from "@remix-run/cloudflare";
import { describe, expect, it, vi } from "vitest";
import { call, cookiesFrom, makeUser, postForm, uniqueEmail } from "../../tests/support/auth";
import { consentAtGoogle } from "../../tests/support/google";
import { apiLearner, buyPlanThroughApi } from "../../tests/support/payments";
import { KNOWN_BYPASSES } from "../../tests/support/return-paths";

vi.setConfig({ testTimeout: 120_000 });

const ORIGIN = "http://localhost";

/** The address a browser would go to from `href` on one of our pages: it must be ours. */
function expectSameSite(href: string | null, what: string) {
  expect(href, what).not.toBeNull();
  const unescaped = href!.replace(/&amp;/g, "&");
  expect(unescaped, what).toMatch(/^\/(?![/\\])/);
  expect(new URL(unescaped, ORIGIN).origin, what).toBe(ORIGIN);
}

const unescapeHtml = (text: string) => text.replace(/&amp;/g, "&").replace(/&quot;/g, '"');

describe("the plans page's Continue link", () => {
  it("stays on this site whatever `from` or `redirectTo` says", async () => {
    const { token } = await apiLearner();
    await buyPlanThroughApi(token, "starter");
    const continueHref = async (query: string) => {
      const page = await call(`/plans?${query}`, { token });
      expect(page.status, query).toBe(200);
      const html = await page.text();
      const href = /<a[^>]*href="([^"]*)"[^>]*>Continue<\/a>/.exec(html)?.[1] ?? null;
      return href === null ? null : unescapeHtml(href);
    };

    expect(await continueHref("from=%2Fflashcards")).toBe("/flashcards");
    // The address from the report: "/..//evil.example" once the query is read.
    expect(await continueHref("from=%2F..%2F%2Fevil.example")).toBe("/");
    for (const value of KNOWN_BYPASSES) {
      for (const name of ["from", "redirectTo"]) {
        const query = new URLSearchParams({ [name]: value }).toString();
        const href = await continueHref(query);
        expectSameSite(href, query);
        expect(href, query).toBe("/");
      }
    }
  });
});

describe("the login page", () => {
  it("renders only a same-site redirectTo in its form and Google link", async () => {
    for (const value of KNOWN_BYPASSES) {
      const page = await call(`/login?${new URLSearchParams({ redirectTo: value })}`);
      expect(page.status, value).toBe(200);
      const html = unescapeHtml(await page.text());
      const hidden = /name="redirectTo"[^>]*value="([^"]*)"/.exec(html)?.[1] ?? "/";
      expectSameSite(hidden, JSON.stringify(value));
      expect(hidden, JSON.stringify(value)).toBe("/");
      expect(html, JSON.stringify(value)).toContain('href="/auth/google?intent=login"');
    }
  });

  it("sends the learner back only to a path on this site after POST /login", async () => {
    const user = await makeUser();
    const back = await postForm("/login", {
      email: user.email,
      password: user.plainPassword,
      redirectTo: "/flashcards?category=Cardiology",
    });
    expect(back.headers.get("Location")).toBe("/flashcards?category=Cardiology");

    for (const value of ["/..//evil.example", ...KNOWN_BYPASSES]) {
      const response = await postForm("/login", {
        email: user.email,
        password: user.plainPassword,
        redirectTo: value,
      });
      expect(response.status, JSON.stringify(value)).toBe(302);
      const location = response.headers.get("Location");
      expectSameSite(location, JSON.stringify(value));
      expect(location, JSON.stringify(value)).toBe("/");
    }
  });
});

describe("Google sign-in", () => {
  it("comes back to this site whatever redirectTo the start was given", async () => {
    for (const value of KNOWN_BYPASSES) {
      const start = await call(
        `/auth/google?${new URLSearchParams({ intent: "login", redirectTo: value })}`,
      );
      expect(start.status, JSON.stringify(value)).toBe(302);
      const cookies = cookiesFrom(start);
      const callback = await consentAtGoogle(start.headers.get("Location")!, {
        email: uniqueEmail("google"),
      });
      const landed = await call(callback.pathname + callback.search, {
        headers: { Cookie: cookies },
      });
      expect(landed.status, JSON.stringify(value)).toBe(302);
      const location = landed.headers.get("Location");
      expectSameSite(location, JSON.stringify(value));
      expect(location, JSON.stringify(value)).toBe("/");
    }
  });

  it("reads the remembered address again at the callback, even from a signed cookie", async () => {
    // A return cookie written before the address was checked this strictly.
    const remembered = createCookie("mm_google_return", {
      path: "/",
      secrets: [env.SESSION_SECRET as string],
    });
    for (const value of ["/..//evil.example", "/%2F..%2F%2Fevil.example", "/\\evil.example"]) {
      const start = await call("/auth/google?intent=login");
      const stale = await remembered.serialize({ intent: "login", redirectTo: value });
      const cookies = cookiesFrom(start).replace(/mm_google_return=[^;]*/, stale.split(";")[0]!);
      const callback = await consentAtGoogle(start.headers.get("Location")!, {
        email: uniqueEmail("google"),
      });
      const landed = await call(callback.pathname + callback.search, {
        headers: { Cookie: cookies },
      });
      expect(landed.headers.get("Location"), value).toBe("/");
    }
  });
});

describe("the local test checkout", () => {
  it("refuses callback and cancel addresses that climb off this site", async () => {
    const { token } = await apiLearner();
    const plans = await call("/plans", {
      method: "POST",
      token,
      rawBody: new URLSearchParams({
        intent: "subscribe",
        planId: "starter",
        promoCode: "",
      }).toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const html = await plans.text();
    const fields = Object.fromEntries(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
        ([, name, value]) => [name!, unescapeHtml(value!)],
      ),
    );
    expect(fields.order_id).toBeTruthy();
    for (const value of [`${ORIGIN}/..//evil.example`, "/..//evil.example", ...KNOWN_BYPASSES]) {
      for (const name of ["callback_url", "cancel_url"]) {
        const response = await call("/dev/checkout", {
          method: "POST",
          rawBody: new URLSearchParams({ ...fields, [name]: value, intent: "cancel" }).toString(),
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
        });
        expect(response.status, `${name} ${JSON.stringify(value)}`).toBe(400);
      }
    }
  });
});
