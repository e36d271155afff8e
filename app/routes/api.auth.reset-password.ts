import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { apiResetPasswordSchema } from "~/lib/auth-schemas";
import { apiFailure } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { resetPassword } from "~/models/auth-password-reset.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/reset-password { email, token, newPassword }: ends every session of the account. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.resetPassword, async () => {
    const input = await parseJsonBody(request, apiResetPasswordSchema);
    const outcome = await resetPassword(
      authDeps(context),
      { email: input.email, code: input.token, newPassword: input.newPassword },
      { ip: clientIp(request) },
    );
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({ message: AUTH_MESSAGES.passwordResetDone });
  });
}

export const loader = () => methodNotAllowed("POST");
