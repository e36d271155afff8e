import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { OAuth2RequestError } from "remix-auth-oauth2";
import { googleAuthenticator, googleConfig } from "~/integrations/google.server";
import { AUTH_MESSAGES, AUTH_TITLES, tooManyAttemptsMessage } from "~/lib/auth-messages";
import { authDeps } from "~/models/auth-context.server";
import { clearGoogleStateCookies, googleReturn } from "~/models/auth-google-flow.server";
import { signInWithGoogle } from "~/models/auth-google.server";
import { signedInRedirect } from "~/routes/auth-pages.server";
import { clientIp, retryAfterSeconds } from "~/models/throttle.server";
import { redirectWithToast } from "~/http/toast.server";

/**
 * GET /auth/google/callback — Google sends the browser back here with a code.
 * The strategy checks the state against its cookie, exchanges the code (with
 * the PKCE verifier) for tokens, and the ID token is verified against Google's
 * keys; then the account is found, linked or created and a session starts.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const back = await googleReturn.read(request, context.env);
  const cleanup = [
    ...clearGoogleStateCookies(request, context.env),
    await googleReturn.clear(context.env),
  ];
  const failedTitle =
    back.intent === "register"
      ? AUTH_TITLES.googleRegistrationFailed
      : AUTH_TITLES.googleLoginFailed;
  const fail = async (title: string, description: string) => {
    const headers = new Headers();
    for (const cookie of cleanup) headers.append("Set-Cookie", cookie);
    return redirectWithToast(
      back.intent === "register" ? "/register" : "/login",
      { type: "error", title, description },
      context.env,
      {
        headers,
      },
    );
  };

  const config = googleConfig(context.env);
  if (!config) return fail(AUTH_TITLES.googleLoginError, AUTH_MESSAGES.googleUnavailable);

  const deps = authDeps(context);
  const ip = clientIp(request);
  const perIp = await deps.throttle.peek("loginFailuresPerIp", ip);
  if (!perIp.allowed)
    return fail(AUTH_TITLES.tooManyAttempts, tooManyAttemptsMessage(retryAfterSeconds(perIp)));

  const url = new URL(request.url);
  const authenticator = googleAuthenticator(config, {
    redirectURI: `${url.origin}/auth/google/callback`,
    secureCookies: !context.env.isLocal,
    kv: deps.kv,
    now: deps.now,
  });
  let identity;
  try {
    identity = await authenticator.authenticate("google", request);
  } catch (error) {
    if (error instanceof Response) throw error;
    if (error instanceof OAuth2RequestError) {
      // The person cancelled at Google, or Google refused the request.
      return fail(AUTH_TITLES.googleLoginError, AUTH_MESSAGES.googleCancelled);
    }
    console.error("[google] sign-in failed", error);
    await deps.throttle.consume("loginFailuresPerIp", ip);
    return fail(failedTitle, AUTH_MESSAGES.googleLoginFailed);
  }

  const outcome = await signInWithGoogle(deps, identity, { remember: false });
  if (!outcome.ok) return fail(failedTitle, outcome.message);
  return signedInRedirect(request, context, outcome, {
    to: back.redirectTo,
    toast: {
      type: "success",
      title: outcome.created ? AUTH_TITLES.welcome : AUTH_TITLES.welcomeBack,
      description: `Signed in with Google as ${outcome.user.email}.`,
    },
    setCookies: cleanup,
  });
}
