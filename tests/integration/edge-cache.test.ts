/**
 * Anonymous public pages from the edge cache (docs/decisions/046-edge-cost.md):
 * a visitor's second request is the stored copy, a signed-in learner's never
 * is, and the shared copy's CSP still refuses any inline script it does not
 * carry (hashes, no nonce, no 'unsafe-inline').
 */
import { describe, expect, it, vi } from "vitest";
import { keepInMemory, memoryCopy } from "~/http/edge-cache.server";
import { call, cookiesFrom, makeUser, postForm } from "../support/auth";

vi.setConfig({ testTimeout: 60_000 });

const PUBLIC_PAGES = ["/", "/features", "/about", "/support", "/privacy", "/terms", "/plans"];

async function sha256(text: string) {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

function scriptSources(csp: string): string[] {
  const directive = csp.split(";").find((part) => part.trim().startsWith("script-src"));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (match) => match[1]!,
  );
}

describe("anonymous public pages from the edge cache", () => {
  it("serves a visitor's second request from the cache, with a CSP that lists exactly the page's scripts", async () => {
    for (const path of PUBLIC_PAGES) {
      const first = await call(path);
      expect(first.status, path).toBe(200);
      const firstHtml = await first.text();
      // The copy is stored after the answer (waitUntil): give it a moment.
      let second = await call(path);
      for (let i = 0; i < 20 && second.headers.get("X-Cache") !== "HIT"; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        second = await call(path);
      }
      expect(second.headers.get("X-Cache"), path).toBe("HIT");
      expect(second.headers.get("Cache-Control")).toBe("public, max-age=0, s-maxage=60");
      expect(second.headers.get("Vary")).toBe("Cookie, Authorization");
      expect(second.headers.get("Set-Cookie")).toBeNull();
      expect(second.headers.get("X-Stored-At")).toBeNull();
      const html = await second.text();
      expect(html).toBe(firstHtml);

      const csp = second.headers.get("Content-Security-Policy") ?? "";
      const sources = scriptSources(csp);
      expect(sources.join(" ")).not.toMatch(/'nonce-|'unsafe-inline'|'unsafe-eval'/);
      const scripts = inlineScripts(html);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const script of scripts) expect(sources).toContain(await sha256(script));
      // An injected script, or the page's own script altered, is not allowed.
      expect(sources).not.toContain(await sha256("alert(document.cookie)"));
      expect(sources).not.toContain(await sha256(`${scripts[0]};alert(1)`));
      expect(html).not.toMatch(/nonce="[^"]+"/);
    }
  });

  it("keeps the isolate's copy only for the edge copy's lifetime", async () => {
    const key = new Request("https://medmentor.test/__edge/test-build/about");
    const page = new Response("<p>About</p>", {
      headers: { "Content-Type": "text/html", "X-Stored-At": "1" },
    });
    const now = Date.UTC(2026, 10, 26, 6, 0, 0);
    keepInMemory(key, "<p>About</p>", page, now - 59_000);
    const kept = memoryCopy(key, now);
    expect(await kept?.text()).toBe("<p>About</p>");
    expect(kept?.headers.get("Content-Type")).toBe("text/html");
    expect(kept?.headers.get("X-Stored-At")).toBeNull();
    // Served twice from the same copy.
    expect(await memoryCopy(key, now)?.text()).toBe("<p>About</p>");
    // Sixty seconds after it was made, it is gone, as the edge's copy is.
    expect(memoryCopy(key, now + 1_000)).toBeNull();
    expect(memoryCopy(key, now - 30_000)).toBeNull();
  });

  it("never serves or stores a page for a signed-in learner, who keeps the per-request nonce", async () => {
    const user = await makeUser();
    const login = await postForm("/login", { email: user.email, password: user.plainPassword });
    const cookie = cookiesFrom(login);
    await call("/about"); // a visitor's copy exists
    await call("/about");
    for (let i = 0; i < 2; i += 1) {
      const page = await call("/about", { headers: { Cookie: cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get("X-Cache")).toBeNull();
      expect(page.headers.get("Cache-Control")).toBe("private, no-store");
      const csp = page.headers.get("Content-Security-Policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      const html = await page.text();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).toContain("Logout");
    }
    // A Bearer token or a query string is never answered from the copy either.
    expect((await call("/about?from=mail")).headers.get("X-Cache")).toBeNull();
    expect((await call("/about", { token: "x".repeat(43) })).headers.get("X-Cache")).toBeNull();
  });

  it("does not share a page that is not a visitor's public page", async () => {
    for (const path of ["/login", "/contact", "/account"]) {
      await call(path);
      const again = await call(path);
      expect(again.headers.get("X-Cache"), path).toBeNull();
      expect(again.headers.get("Cache-Control"), path).not.toMatch(/public/);
    }
  });
});
