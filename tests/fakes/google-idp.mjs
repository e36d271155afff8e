/**
 * A fake Google identity provider speaking Google's wire format for the parts
 * MedMentor uses (https://developers.google.com/identity/openid-connect/openid-connect):
 *
 *   GET  /o/oauth2/v2/auth           the authorization endpoint: checks the request (client_id,
 *                                    redirect_uri, response_type=code, S256 code_challenge, state)
 *                                    and shows an account chooser instead of Google's sign-in
 *   POST /o/oauth2/v2/auth/approve   the chooser's answer: 302 to redirect_uri with ?code&state
 *                                    (or ?error=access_denied&state when cancelled)
 *   POST /token                      code exchange (client_secret_basic or _post, PKCE checked):
 *                                    { access_token, expires_in, id_token, scope, token_type }
 *                                    or Google's { error, error_description } with 400 / 401
 *   GET  /oauth2/v3/certs            the JWKS (RS256 key generated at start-up)
 *   POST /fake/id-token              test helper standing in for Google Identity Services, which
 *                                    hands a signed ID token ("credential") to the browser
 *
 * ID tokens carry Google's claims: iss, azp, aud, sub, email, email_verified, name,
 * given_name, family_name, iat, exp. One module serves both the workers-pool tests
 * (through miniflare's outboundService) and the browser tests (google-idp-server.mjs).
 */

/** The client the tests configure the app with. */
export const FAKE_GOOGLE_CLIENT = {
  clientId: "medmentor-test.apps.googleusercontent.com",
  clientSecret: "GOCSPX-medmentor-test-secret",
};

/** Worker settings pointing Google sign-in at a fake served at `origin`. */
export function fakeGoogleEnv(origin) {
  return {
    GOOGLE_CLIENT_ID: FAKE_GOOGLE_CLIENT.clientId,
    GOOGLE_CLIENT_SECRET: FAKE_GOOGLE_CLIENT.clientSecret,
    GOOGLE_AUTHORIZATION_URL: `${origin}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${origin}/token`,
    GOOGLE_JWKS_URL: `${origin}/oauth2/v3/certs`,
    GOOGLE_ISSUER: origin,
  };
}

const encoder = new TextEncoder();

function base64url(bytes) {
  return Buffer.from(bytes).toString("base64url");
}

async function sha256Base64url(text) {
  return base64url(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));
}

/** A stable, Google-like numeric subject for an address (tests may pass their own). */
async function subjectFor(email) {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", encoder.encode(email.toLowerCase())),
  );
  return `1${[...digest.slice(0, 10)].map((byte) => String(byte % 100).padStart(2, "0")).join("")}`;
}

const escapeHtml = (text) =>
  String(text).replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char],
  );

function googleError(status, error, description) {
  return Response.json({ error, error_description: description }, { status });
}

export function createFakeGoogle({
  issuer,
  clientId = FAKE_GOOGLE_CLIENT.clientId,
  clientSecret = FAKE_GOOGLE_CLIENT.clientSecret,
}) {
  const codes = new Map();
  let keyPair = null;
  const kid = `fake-${Math.random().toString(36).slice(2, 10)}`;

  async function keys() {
    keyPair ??= await crypto.subtle.generateKey(
      {
        name: "RSASSA-PKCS1-v1_5",
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: "SHA-256",
      },
      true,
      ["sign", "verify"],
    );
    return keyPair;
  }

  async function jwks() {
    const { publicKey } = await keys();
    const jwk = await crypto.subtle.exportKey("jwk", publicKey);
    return { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, alg: "RS256", use: "sig", kid }] };
  }

  /** Signs an ID token; `overrides` replace or add claims (e.g. aud, exp, iss for negative tests). */
  async function signIdToken(profile, overrides = {}) {
    const now = Math.floor(Date.now() / 1000);
    const email = profile.email;
    const claims = {
      iss: issuer,
      azp: clientId,
      aud: clientId,
      sub: profile.sub ?? (await subjectFor(email)),
      email,
      email_verified: profile.email_verified ?? true,
      ...(profile.given_name ? { given_name: profile.given_name } : {}),
      ...(profile.family_name ? { family_name: profile.family_name } : {}),
      name: [profile.given_name, profile.family_name].filter(Boolean).join(" ") || email,
      iat: now,
      exp: now + 3600,
      ...overrides,
    };
    const header = { alg: "RS256", kid, typ: "JWT" };
    const signingInput = `${base64url(encoder.encode(JSON.stringify(header)))}.${base64url(encoder.encode(JSON.stringify(claims)))}`;
    const { privateKey } = await keys();
    const signature = await crypto.subtle.sign(
      "RSASSA-PKCS1-v1_5",
      privateKey,
      encoder.encode(signingInput),
    );
    return `${signingInput}.${base64url(new Uint8Array(signature))}`;
  }

  function chooserPage(params) {
    const hidden = [
      "client_id",
      "redirect_uri",
      "state",
      "code_challenge",
      "code_challenge_method",
      "nonce",
    ]
      .map(
        (name) =>
          `<input type="hidden" name="${name}" value="${escapeHtml(params.get(name) ?? "")}">`,
      )
      .join("");
    return new Response(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sign in - Google Accounts (fake)</title></head>
<body><main><h1>Choose an account</h1><p>to continue to MedMentor</p>
<form method="post" action="/o/oauth2/v2/auth/approve">${hidden}
<label>Email <input name="email" type="email" value="${escapeHtml(params.get("login_hint") ?? "")}"></label>
<label>First name <input name="given_name"></label>
<label>Last name <input name="family_name"></label>
<label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
<button type="submit" name="decision" value="allow">Continue</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></main></body></html>`,
      { headers: { "Content-Type": "text/html; charset=utf-8" } },
    );
  }

  async function authorize(url) {
    const params = url.searchParams;
    if (params.get("client_id") !== clientId)
      return new Response("Error 401: invalid_client", { status: 401 });
    if (params.get("response_type") !== "code")
      return new Response("Error 400: unsupported_response_type", { status: 400 });
    if (!params.get("redirect_uri") || !params.get("state"))
      return new Response("Error 400: invalid_request", { status: 400 });
    if (params.get("code_challenge_method") !== "S256" || !params.get("code_challenge")) {
      return new Response("Error 400: invalid_request (PKCE S256 required)", { status: 400 });
    }
    if (!(params.get("scope") ?? "").split(" ").includes("openid")) {
      return new Response("Error 400: invalid_scope", { status: 400 });
    }
    return chooserPage(params);
  }

  async function approve(request) {
    const form = new URLSearchParams(await request.text());
    const redirect = new URL(form.get("redirect_uri"));
    redirect.searchParams.set("state", form.get("state") ?? "");
    if (form.get("decision") === "deny") {
      redirect.searchParams.set("error", "access_denied");
      return new Response(null, { status: 302, headers: { Location: redirect.toString() } });
    }
    const email = form.get("email");
    if (!email) return new Response("Error 400: an email is required", { status: 400 });
    const code = `4/0A${base64url(crypto.getRandomValues(new Uint8Array(24)))}`;
    codes.set(code, {
      clientId: form.get("client_id"),
      redirectUri: form.get("redirect_uri"),
      codeChallenge: form.get("code_challenge"),
      profile: {
        email,
        email_verified: form.get("email_verified") === "true",
        given_name: form.get("given_name") || undefined,
        family_name: form.get("family_name") || undefined,
        sub: form.get("sub") || undefined,
      },
      createdAt: Date.now(),
    });
    redirect.searchParams.set("code", code);
    redirect.searchParams.set("scope", "email profile openid");
    return new Response(null, { status: 302, headers: { Location: redirect.toString() } });
  }

  async function token(request) {
    const body = new URLSearchParams(await request.text());
    let id = body.get("client_id");
    let secret = body.get("client_secret");
    const basic = request.headers.get("Authorization")?.match(/^Basic (.+)$/)?.[1];
    if (basic) [id, secret] = Buffer.from(basic, "base64").toString().split(":");
    if (id !== clientId || secret !== clientSecret)
      return googleError(401, "invalid_client", "The OAuth client was not found.");
    if (body.get("grant_type") !== "authorization_code")
      return googleError(400, "unsupported_grant_type", "Invalid grant_type");
    const grant = codes.get(body.get("code"));
    codes.delete(body.get("code"));
    if (!grant || Date.now() - grant.createdAt > 600_000)
      return googleError(400, "invalid_grant", "Malformed auth code.");
    if (grant.redirectUri !== body.get("redirect_uri"))
      return googleError(400, "redirect_uri_mismatch", "Bad Request");
    const verifier = body.get("code_verifier");
    if (!verifier || (await sha256Base64url(verifier)) !== grant.codeChallenge) {
      return googleError(400, "invalid_grant", "Invalid code verifier.");
    }
    return Response.json({
      access_token: `ya29.${base64url(crypto.getRandomValues(new Uint8Array(32)))}`,
      expires_in: 3599,
      scope:
        "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
      token_type: "Bearer",
      id_token: await signIdToken(grant.profile),
    });
  }

  async function handle(request) {
    const url = new URL(request.url);
    if (request.method === "GET" && url.pathname === "/o/oauth2/v2/auth") return authorize(url);
    if (request.method === "POST" && url.pathname === "/o/oauth2/v2/auth/approve")
      return approve(request);
    if (request.method === "POST" && url.pathname === "/token") return token(request);
    if (request.method === "GET" && url.pathname === "/oauth2/v3/certs") {
      return Response.json(await jwks(), { headers: { "Cache-Control": "public, max-age=300" } });
    }
    if (request.method === "POST" && url.pathname === "/fake/id-token") {
      const { overrides, ...profile } = await request.json();
      return Response.json({ credential: await signIdToken(profile, overrides) });
    }
    return new Response(`No fake for ${request.method} ${url.pathname}`, { status: 404 });
  }

  return { handle, signIdToken, jwks };
}
