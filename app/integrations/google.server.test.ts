/**
 * Google sign-in against the fake identity provider (tests/fakes/google-idp.mjs,
 * reached through miniflare's outboundService at https://google.fake.test).
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/env.server";
import { call, cookiesFrom, makeUser, testClock, uniqueEmail } from "../../tests/support/auth";
import { FAKE_GOOGLE_CLIENT } from "../../tests/fakes/google-idp.mjs";
import { consentAtGoogle } from "../../tests/support/google";
import { GoogleTokenError, googleConfig, verifyGoogleIdToken } from "./google.server";

vi.setConfig({ testTimeout: 30_000 });

const config = googleConfig(parseEnv(env as unknown as Record<string, unknown>))!;

async function credential(profile: Record<string, unknown>) {
  const response = await fetch("https://google.fake.test/fake/id-token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(profile),
  });
  return ((await response.json()) as { credential: string }).credential;
}

describe("Google configuration", () => {
  it("is off without a client id (the buttons are hidden), and every endpoint is configurable", () => {
    expect(googleConfig(parseEnv({ APP_ENV: "local" }))).toBeNull();
    expect(config).toEqual({
      clientId: FAKE_GOOGLE_CLIENT.clientId,
      clientSecret: FAKE_GOOGLE_CLIENT.clientSecret,
      authorizationUrl: "https://google.fake.test/o/oauth2/v2/auth",
      tokenUrl: "https://google.fake.test/token",
      jwksUrl: "https://google.fake.test/oauth2/v3/certs",
      issuers: ["https://google.fake.test"],
    });
    const defaults = googleConfig(
      parseEnv({ APP_ENV: "local", GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" }),
    )!;
    expect(defaults.issuers).toEqual(["https://accounts.google.com", "accounts.google.com"]);
    expect(defaults.jwksUrl).toBe("https://www.googleapis.com/oauth2/v3/certs");
    expect(() => parseEnv({ APP_ENV: "local", GOOGLE_CLIENT_ID: "id" })).toThrow(
      /GOOGLE_CLIENT_SECRET/,
    );
  });
});

describe("ID token verification", () => {
  it("checks the signature against the JWKS, issuer, audience and expiry on an injected clock", async () => {
    const clock = testClock(Date.now());
    const deps = { kv: env.KV, now: clock.now };
    const email = uniqueEmail("google");
    const token = await credential({ email, given_name: "Ishaan" });
    await expect(verifyGoogleIdToken(token, config, deps)).resolves.toMatchObject({
      email,
      emailVerified: true,
      givenName: "Ishaan",
    });
    clock.advance(2 * 3600_000);
    await expect(verifyGoogleIdToken(token, config, deps)).rejects.toThrow(GoogleTokenError);
    await expect(
      verifyGoogleIdToken(token, { ...config, clientId: "other" }, { kv: env.KV, now: Date.now }),
    ).rejects.toThrow(/aud/);
  });

  it("caches the provider's keys in KV and fetches them again for an unknown key id", async () => {
    await env.KV.delete(`google:jwks:${config.jwksUrl}`);
    const token = await credential({ email: uniqueEmail("google") });
    await verifyGoogleIdToken(token, config, { kv: env.KV, now: Date.now });
    const cached = await env.KV.get<{ keys: Array<{ kid: string }> }>(
      `google:jwks:${config.jwksUrl}`,
      "json",
    );
    expect(cached?.keys).toHaveLength(1);

    // Keys rotated at the provider: the cache holds a key id the token does not use.
    await env.KV.put(
      `google:jwks:${config.jwksUrl}`,
      JSON.stringify({ keys: [{ ...cached!.keys[0], kid: "retired" }] }),
    );
    await expect(
      verifyGoogleIdToken(token, config, { kv: env.KV, now: Date.now }),
    ).resolves.toBeTruthy();
  });

  it("refuses a token signed by anyone else", async () => {
    const keys = await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      },
      true,
      ["sign", "verify"],
    );
    const genuine = await credential({ email: uniqueEmail("google") });
    const [header, payload] = genuine.split(".");
    const signature = await crypto.subtle.sign(
      "RSASSA-PKCS1-v1_5",
      keys.privateKey,
      new TextEncoder().encode(`${header}.${payload}`),
    );
    const forged = `${header}.${payload}.${btoa(String.fromCharCode(...new Uint8Array(signature)))
      .replace(/=+$/, "")
      .replace(/\+/g, "-")
      .replace(/\//g, "_")}`;
    await expect(
      verifyGoogleIdToken(forged, config, { kv: env.KV, now: Date.now }),
    ).rejects.toThrow(/signature/);
  });
});

describe("the redirect flow (remix-auth-oauth2, authorization code + PKCE)", () => {
  it("signs a new Google user in and returns to the page they came from", async () => {
    const start = await call("/auth/google?intent=login&redirectTo=%2Faccount");
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get("Location")!);
    expect(authorize.origin + authorize.pathname).toBe("https://google.fake.test/o/oauth2/v2/auth");
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: "code",
      client_id: FAKE_GOOGLE_CLIENT.clientId,
      redirect_uri: "http://localhost/auth/google/callback",
      code_challenge_method: "S256",
      scope: "openid email profile",
      prompt: "select_account",
    });
    expect(authorize.searchParams.get("state")).toBeTruthy();
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookies = cookiesFrom(start);
    expect(cookies).toMatch(/mm_google:[0-9a-f-]+=/);
    expect(cookies).toContain("mm_google_return=");

    const email = uniqueEmail("google");
    const callback = await consentAtGoogle(authorize.toString(), { email, given_name: "Tara" });
    const landed = await call(callback.pathname + callback.search, {
      headers: { Cookie: cookies },
    });
    expect(landed.status).toBe(302);
    expect(landed.headers.get("Location")).toBe("/account");
    const signedIn = cookiesFrom(landed, cookies);
    expect(signedIn).toMatch(/mm_session=/);
    expect(signedIn).not.toMatch(/mm_google:/);

    const account = await call("/account", { headers: { Cookie: signedIn } });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain(email);
  });

  it("links the existing account with the same verified e-mail", async () => {
    const user = await makeUser();
    const start = await call("/auth/google?intent=login");
    const cookies = cookiesFrom(start);
    const callback = await consentAtGoogle(start.headers.get("Location")!, { email: user.email });
    const landed = await call(callback.pathname + callback.search, {
      headers: { Cookie: cookies },
    });
    expect(landed.headers.get("Location")).toBe("/");
    const me = await call("/api/auth/me", { headers: { Cookie: cookiesFrom(landed, cookies) } });
    expect(
      ((await me.json()) as { data: { user: { id: string; googleLinked: boolean } } }).data.user,
    ).toMatchObject({
      id: user.id,
      googleLinked: true,
    });
  });

  it("refuses a callback whose state does not match the cookie, a reused code, and a cancelled consent", async () => {
    const start = await call("/auth/google?intent=register");
    const cookies = cookiesFrom(start);
    const callback = await consentAtGoogle(start.headers.get("Location")!, {
      email: uniqueEmail("google"),
    });

    const forgedState = new URL(callback);
    forgedState.searchParams.set("state", "forged");
    const forged = await call(forgedState.pathname + forgedState.search, {
      headers: { Cookie: cookies },
    });
    expect(forged.status).toBe(302);
    expect(forged.headers.get("Location")).toBe("/register");
    expect(cookiesFrom(forged)).not.toMatch(/mm_session=/);

    const first = await call(callback.pathname + callback.search, { headers: { Cookie: cookies } });
    expect(cookiesFrom(first)).toMatch(/mm_session=/);
    const replay = await call(callback.pathname + callback.search, {
      headers: { Cookie: cookies },
    });
    expect(replay.headers.get("Location")).toBe("/register");
    expect(cookiesFrom(replay)).not.toMatch(/mm_session=/);

    const again = await call("/auth/google?intent=login");
    const cancelled = await consentAtGoogle(again.headers.get("Location")!, { decision: "deny" });
    expect(cancelled.searchParams.get("error")).toBe("access_denied");
    const back = await call(cancelled.pathname + cancelled.search, {
      headers: { Cookie: cookiesFrom(again) },
    });
    expect(back.headers.get("Location")).toBe("/login");
    expect(cookiesFrom(back)).toContain("mm_toast=");
  });

  it("never returns to another site", async () => {
    const start = await call("/auth/google?intent=login&redirectTo=%2F%2Fevil.example");
    const cookies = cookiesFrom(start);
    const callback = await consentAtGoogle(start.headers.get("Location")!, {
      email: uniqueEmail("google"),
    });
    const landed = await call(callback.pathname + callback.search, {
      headers: { Cookie: cookies },
    });
    expect(landed.headers.get("Location")).toBe("/");
  });
});
