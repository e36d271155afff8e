import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "./app";

async function request(path: string, init?: RequestInit, overrides: Partial<Env> = {}) {
  const ctx = createExecutionContext();
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, init) as Request<unknown, IncomingRequestCfProperties>,
    { ...env, ...overrides },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

const production = { APP_ENV: "production", SESSION_SECRET: "p".repeat(40) } as Partial<Env>;

describe("app worker", () => {
  it("serves pages with a nonce-based CSP that Remix's inline scripts carry", async () => {
    // /contact: a visitor's public pages from the edge cache list their scripts' hashes instead
    // (tests/integration/edge-cache.test.ts).
    const response = await request("/contact");
    expect(response.status).toBe(200);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);

    const html = await response.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)];
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const [, attributes] of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);
  });

  it("uses a fresh nonce for every response", async () => {
    const nonceOf = async () =>
      /'nonce-([^']+)'/.exec(
        (await request("/contact")).headers.get("Content-Security-Policy")!,
      )?.[1];
    expect(await nonceOf()).not.toBe(await nonceOf());
  });

  it("sends the security headers on pages, 404s and static files; HSTS only in production", async () => {
    for (const path of ["/", "/no-such-page", "/favicon.svg"]) {
      const response = await request(path);
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Content-Security-Policy"), path).toContain(
        "frame-ancestors 'none'",
      );
      expect(response.headers.get("Strict-Transport-Security"), path).toBeNull();
    }
    const secure = await request("/", undefined, production);
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8,}/);
  });

  it("keeps dynamic answers out of shared caches, and caches fingerprinted assets for a year", async () => {
    for (const path of ["/?from=mail", "/contact", "/no-such-page", "/debug"]) {
      expect((await request(path)).headers.get("Cache-Control"), path).toBe("private, no-store");
    }
    // A visitor's public page is the one shared answer: revalidated by browsers, a minute at the edge.
    expect((await request("/")).headers.get("Cache-Control")).toBe(
      "public, max-age=0, s-maxage=60",
    );
    const html = await (await request("/")).text();
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    expect((await request(asset!)).headers.get("Cache-Control")).toBe(
      "public, max-age=31536000, immutable",
    );
  });

  it("answers an unknown path with 404 and the not-found screen, for GET and POST", async () => {
    const response = await request("/definitely/not/here");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");

    const post = await request("/definitely/not/here", { method: "POST", body: new FormData() });
    expect(post.status).toBe(404);
  });

  it("opens the local mailbox in local mode only", async () => {
    const local = await request("/dev/mailbox.json");
    expect(local.status).toBe(200);
    expect(Array.isArray(await local.json())).toBe(true);
    expect((await request("/dev/mailbox")).status).toBe(200);

    for (const path of ["/dev/mailbox.json", "/dev/mailbox", "/dev/anything"]) {
      expect((await request(path, undefined, production)).status, path).toBe(404);
    }
  });

  it("reaches the per-user Durable Object from a loader (the debug page)", async () => {
    const response = await request("/debug");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Usage meter");
    expect(html).toContain("Healthy");
  });

  it("guards the learning screens: visitors are sent to log in and brought back", async () => {
    for (const path of ["/clinical-quizzes", "/clinical-simulations"]) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe(
        `/login?redirectTo=${encodeURIComponent(path)}`,
      );
    }
  });

  it("shows visitors the chat with the input disabled and a way to log in", async () => {
    const response = await request("/chatbot?function=studyHelp");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*disabled=""/);
    expect(html).toContain(
      `href="/login?redirectTo=${encodeURIComponent("/chatbot?function=studyHelp")}"`,
    );
  });

  it("refuses to start with an invalid production configuration", async () => {
    const response = await request("/", undefined, {
      APP_ENV: "production",
      SESSION_SECRET: "",
    } as Partial<Env>);
    expect(response.status).toBe(500);
    // The example secret from .dev.vars.example is long enough but public.
    const example = await request("/", undefined, {
      APP_ENV: "production",
      SESSION_SECRET: "local-development-session-secret-change-me",
    } as Partial<Env>);
    expect(example.status).toBe(500);
  });
});
