/**
 * Google sign-in (docs/decisions/013-google-sign-in.md).
 *
 * - The redirect flow: remix-auth's Authenticator with remix-auth-oauth2's
 *   strategy configured for Google (authorization code + PKCE S256, `state` in a
 *   short-lived cookie). The token response's ID token is then verified here.
 * - POST /api/auth/google-auth hands over an ID token from Google Identity
 *   Services (a "credential"); it is verified the same way.
 *
 * Verification: RS256 signature against the provider's JWKS (cached in KV,
 * refetched when an unknown key id appears), issuer, audience (our client id),
 * expiry and issue time. Every endpoint comes from configuration, so tests point
 * it at a local fake identity provider instead of Google.
 */
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from "jose";
import { Authenticator } from "remix-auth";
import { CodeChallengeMethod, OAuth2Strategy } from "remix-auth-oauth2";
import { z } from "zod";

export type GoogleConfig = {
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  jwksUrl: string;
  issuers: string[];
};

type GoogleEnv = {
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTHORIZATION_URL: string;
  GOOGLE_TOKEN_URL: string;
  GOOGLE_JWKS_URL: string;
  GOOGLE_ISSUER: string;
};

/** Google sign-in settings, or null when no client is configured (the buttons are hidden then). */
export function googleConfig(env: GoogleEnv): GoogleConfig | null {
  if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: env.GOOGLE_CLIENT_ID,
    clientSecret: env.GOOGLE_CLIENT_SECRET,
    authorizationUrl: env.GOOGLE_AUTHORIZATION_URL,
    tokenUrl: env.GOOGLE_TOKEN_URL,
    jwksUrl: env.GOOGLE_JWKS_URL,
    issuers: env.GOOGLE_ISSUER.split(",")
      .map((issuer) => issuer.trim())
      .filter(Boolean),
  };
}

/** What we take from a verified Google ID token. */
export type GoogleIdentity = {
  subject: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

export class GoogleTokenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GoogleTokenError";
  }
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  // Google sends a boolean; some older tokens carry the string "true".
  email_verified: z.union([
    z.boolean(),
    z.enum(["true", "false"]).transform((value) => value === "true"),
  ]),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});

const jwksSchema = z.object({ keys: z.array(z.looseObject({ kty: z.string() })).min(1) });

type VerifyDeps = { kv: KVNamespace; now: () => number };

/** Verifies a Google ID token and returns the identity in it; throws GoogleTokenError otherwise. */
export async function verifyGoogleIdToken(
  idToken: string,
  config: GoogleConfig,
  deps: VerifyDeps,
): Promise<GoogleIdentity> {
  let kid: string | undefined;
  try {
    kid = decodeProtectedHeader(idToken).kid;
  } catch (error) {
    throw new GoogleTokenError("The ID token is not a JWT", { cause: error });
  }
  const jwks = await loadJwks(config.jwksUrl, kid, deps);
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(idToken, createLocalJWKSet(jwks), {
      algorithms: ["RS256"],
      issuer: config.issuers,
      audience: config.clientId,
      requiredClaims: ["exp", "iat", "sub"],
      currentDate: new Date(deps.now()),
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new GoogleTokenError(`The ID token was rejected: ${String(error)}`, { cause: error });
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) throw new GoogleTokenError("The ID token lacks the e-mail claims");
  return {
    subject: claims.data.sub,
    email: claims.data.email,
    emailVerified: claims.data.email_verified,
    givenName: claims.data.given_name?.trim() || null,
    familyName: claims.data.family_name?.trim() || null,
    name: claims.data.name?.trim() || null,
  };
}

const JWKS_DEFAULT_TTL_SECONDS = 3600;

/** The provider's signing keys, cached in KV for as long as its Cache-Control allows (1 min … 1 day). */
async function loadJwks(
  url: string,
  kid: string | undefined,
  deps: VerifyDeps,
): Promise<JSONWebKeySet> {
  const cacheKey = `google:jwks:${url}`;
  const cached = jwksSchema.safeParse(await deps.kv.get(cacheKey, "json"));
  if (cached.success && (!kid || cached.data.keys.some((key) => key.kid === kid))) {
    return cached.data as JSONWebKeySet;
  }
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Accept: "application/json" },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new GoogleTokenError(`The provider's keys could not be fetched: ${String(error)}`, {
      cause: error,
    });
  }
  const parsed = jwksSchema.safeParse(await response.json().catch(() => null));
  if (!response.ok || !parsed.success) {
    throw new GoogleTokenError(`The provider's keys could not be read (HTTP ${response.status})`);
  }
  const maxAge = Number(/max-age=(\d+)/.exec(response.headers.get("Cache-Control") ?? "")?.[1]);
  const ttl = Number.isFinite(maxAge)
    ? Math.min(86_400, Math.max(60, maxAge))
    : JWKS_DEFAULT_TTL_SECONDS;
  await deps.kv.put(cacheKey, JSON.stringify(parsed.data), { expirationTtl: ttl });
  return parsed.data as JSONWebKeySet;
}

/** remix-auth-oauth2's strategy, named and tuned for Google. */
class GoogleStrategy extends OAuth2Strategy<GoogleIdentity> {
  override name = "google";

  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    // Let people with several Google accounts choose which one to use.
    next.set("prompt", "select_account");
    return next;
  }
}

/** Prefix of the short-lived cookies that carry the OAuth state and PKCE verifier. */
export const GOOGLE_STATE_COOKIE = "mm_google";

export function googleAuthenticator(
  config: GoogleConfig,
  options: { redirectURI: string; secureCookies: boolean } & VerifyDeps,
): Authenticator<GoogleIdentity> {
  const authenticator = new Authenticator<GoogleIdentity>();
  authenticator.use(
    new GoogleStrategy(
      {
        clientId: config.clientId,
        clientSecret: config.clientSecret,
        authorizationEndpoint: config.authorizationUrl,
        tokenEndpoint: config.tokenUrl,
        redirectURI: options.redirectURI,
        scopes: ["openid", "email", "profile"],
        codeChallengeMethod: CodeChallengeMethod.S256,
        cookie: {
          name: GOOGLE_STATE_COOKIE,
          sameSite: "Lax",
          ...(options.secureCookies ? { secure: true as const } : {}),
          path: "/",
          maxAge: 600,
        },
      },
      async ({ tokens }) => {
        if (!("id_token" in tokens.data)) {
          throw new GoogleTokenError("The token response carried no ID token");
        }
        return verifyGoogleIdToken(tokens.idToken(), config, options);
      },
    ),
    "google",
  );
  return authenticator;
}
