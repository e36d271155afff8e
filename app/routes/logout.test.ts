/**
 * Logging out when the server cannot end the session (KV or D1 failing): the
 * browser is signed out anyway, and told that the session may live on
 * elsewhere; never a 500.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { apiLogin, call, cookiesFrom, makeUser, uniqueIp } from "../../tests/support/auth";
import worker from "../../workers/app";

vi.setConfig({ testTimeout: 30_000 });

/** KV whose every call fails, as during an outage. */
const failingKv = new Proxy(env.KV, {
  get(target, name) {
    if (["get", "put", "delete", "list", "getWithMetadata"].includes(String(name))) {
      return () => Promise.reject(new Error("KV is unavailable"));
    }
    return Reflect.get(target, name);
  },
});

/** D1 whose statements all fail. */
const failingDb = new Proxy(env.DB, {
  get(target, name) {
    if (name === "batch" || name === "exec") {
      return () => Promise.reject(new Error("D1 is unavailable"));
    }
    if (name === "prepare") {
      return (sql: string) => {
        const statement = target.prepare(sql);
        return new Proxy(statement, {
          get(inner, key) {
            if (["run", "all", "first", "raw"].includes(String(key))) {
              return () => Promise.reject(new Error("D1 is unavailable"));
            }
            if (key === "bind")
              return (...values: unknown[]) => failingStatement(inner.bind(...values));
            return Reflect.get(inner, key);
          },
        });
      };
    }
    return Reflect.get(target, name);
  },
});

function failingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(statement, {
    get(inner, key) {
      if (["run", "all", "first", "raw"].includes(String(key))) {
        return () => Promise.reject(new Error("D1 is unavailable"));
      }
      return Reflect.get(inner, key);
    },
  });
}

async function through(path: string, init: RequestInit, bindings: Partial<Env>): Promise<Response> {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", uniqueIp());
  const response = await worker.fetch(
    new Request(`http://localhost${path}`, { ...init, headers, redirect: "manual" }) as Request<
      unknown,
      IncomingRequestCfProperties
    >,
    { ...env, ...bindings },
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return response;
}

async function signedInCookies() {
  const user = await makeUser();
  const form = new URLSearchParams({ email: user.email, password: user.plainPassword });
  const response = await call("/login", {
    method: "POST",
    rawBody: form.toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

describe("logout when the session cannot be ended on the server", () => {
  for (const [label, bindings] of [
    ["KV failing", { KV: failingKv }],
    ["D1 failing", { DB: failingDb }],
  ] as const) {
    it(`${label}: the navigation bar's form still signs this browser out and says so`, async () => {
      const cookies = await signedInCookies();
      const response = await through(
        "/api/auth/logout",
        {
          method: "POST",
          body: "",
          headers: {
            Cookie: cookies,
            "Content-Type": "application/x-www-form-urlencoded",
            // The browser sends the page's Origin with the form.
            Origin: "http://localhost",
          },
        },
        bindings as Partial<Env>,
      );
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
      const after = cookiesFrom(response, cookies);
      expect(after).not.toContain("mm_session=");
      const home = await call("/", { headers: { Cookie: after } });
      const html = await home.text();
      expect(html).toContain(AUTH_MESSAGES.loggedOutHere.replace(/'/g, "&#x27;"));
      expect(html).not.toContain("Account menu for");
    });

    it(`${label}: POST /api/auth/logout answers 200 with the cookie cleared and the same notice`, async () => {
      const user = await makeUser();
      const token = await apiLogin(user.email, user.plainPassword);
      const response = await through(
        "/api/auth/logout",
        { method: "POST", headers: { Authorization: `Bearer ${token}` } },
        bindings as Partial<Env>,
      );
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().join("\n")).toMatch(/mm_session=;.*Max-Age=0/i);
      const body = (await response.json()) as { success: boolean; message: string };
      expect(body).toMatchObject({ success: true, message: AUTH_MESSAGES.loggedOutHere });
    });
  }
});
