import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { loginSchema } from "~/lib/auth-schemas";
import { apiFailure, sessionData } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { loginWithPassword } from "~/models/auth.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/login { email, password, rememberMe? } → { data: { token, user } }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.login, async () => {
    const { email, password, rememberMe } = await parseJsonBody(request, loginSchema);
    const outcome = await loginWithPassword(
      authDeps(context),
      { email, password, rememberMe },
      { ip: clientIp(request) },
    );
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({ message: AUTH_MESSAGES.loginSucceeded, data: sessionData(outcome) });
  });
}

export const loader = () => methodNotAllowed("POST");
