import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { googleAuthenticator, googleConfig } from "~/integrations/google.server";
import { AUTH_MESSAGES, AUTH_TITLES } from "~/lib/auth-messages";
import { safeRedirectPath } from "~/lib/auth-redirect";
import { authDeps } from "~/models/auth-context.server";
import { googleReturn } from "~/models/auth-google-flow.server";
import { redirectWithToast } from "~/http/toast.server";

/**
 * GET /auth/google?intent=login|register&redirectTo=/path — starts Google
 * sign-in: remembers where to come back to, then redirects to Google with a
 * fresh state and PKCE challenge (kept in a short-lived cookie).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const intent = url.searchParams.get("intent") === "register" ? "register" : "login";
  const config = googleConfig(context.env);
  if (!config) {
    return redirectWithToast(
      intent === "register" ? "/register" : "/login",
      {
        type: "error",
        title: AUTH_TITLES.googleLoginError,
        description: AUTH_MESSAGES.googleUnavailable,
      },
      context.env,
    );
  }
  const deps = authDeps(context);
  const authenticator = googleAuthenticator(config, {
    redirectURI: `${url.origin}/auth/google/callback`,
    secureCookies: !context.env.isLocal,
    kv: deps.kv,
    now: deps.now,
  });
  // Only the start of the flow belongs here: drop any state parameters someone appended.
  const start = new Request(`${url.origin}${url.pathname}`, { headers: request.headers });
  try {
    await authenticator.authenticate("google", start);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status >= 300 && thrown.status < 400) {
      const response = new Response(null, thrown);
      response.headers.append(
        "Set-Cookie",
        await googleReturn.set(context.env, {
          intent,
          redirectTo: safeRedirectPath(url.searchParams.get("redirectTo")),
        }),
      );
      response.headers.set("Cache-Control", "no-store");
      return response;
    }
    throw thrown;
  }
  throw new Error("The Google strategy did not redirect to the provider");
}
