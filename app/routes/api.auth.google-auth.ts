import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { GoogleTokenError, googleConfig, verifyGoogleIdToken } from "~/integrations/google.server";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { googleCredentialSchema } from "~/lib/auth-schemas";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { apiFailure, sessionData } from "~/routes/api.auth.server";
import { authDeps, throttled } from "~/models/auth-context.server";
import { signInWithGoogle } from "~/models/auth-google.server";
import { clientIp } from "~/models/throttle.server";

/**
 * POST /api/auth/google-auth { credential } — a Google ID token (from Google
 * Identity Services) verified like the redirect flow's: signature against the
 * JWKS, issuer, audience, expiry. Answers a session like login.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.googleAuth, async () => {
    const config = googleConfig(context.env);
    if (!config) return apiError(400, AUTH_MESSAGES.googleUnavailable);
    const { credential } = await parseJsonBody(request, googleCredentialSchema);
    const deps = authDeps(context);
    const ip = clientIp(request);
    const perIp = await deps.throttle.peek("loginFailuresPerIp", ip);
    if (!perIp.allowed) return apiFailure(throttled(perIp));
    let identity;
    try {
      identity = await verifyGoogleIdToken(credential, config, deps);
    } catch (error) {
      if (!(error instanceof GoogleTokenError)) throw error;
      console.warn("[google-auth]", error.message);
      await deps.throttle.consume("loginFailuresPerIp", ip);
      return apiError(401, API_FALLBACKS.googleAuth);
    }
    const outcome = await signInWithGoogle(deps, identity, { remember: false });
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({
      status: outcome.created ? 201 : 200,
      message: AUTH_MESSAGES.loginSucceeded,
      data: { ...sessionData(outcome), created: outcome.created },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
