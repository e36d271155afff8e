import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { apiChangePasswordSchema } from "~/lib/auth-schemas";
import { apiFailure, sessionData } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { changePassword } from "~/models/account.server";
import { authDeps } from "~/models/auth-context.server";

/**
 * PUT /api/auth/change-password { currentPassword, newPassword, confirmPassword? }.
 * Every other session ends; this one continues under the new token in data.token.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return handleApi(API_FALLBACKS.changePassword, async () => {
    const auth = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, apiChangePasswordSchema);
    const outcome = await changePassword(authDeps(context), auth, input);
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({ message: AUTH_MESSAGES.passwordChanged, data: sessionData(outcome) });
  });
}

export const loader = () => methodNotAllowed("PUT");
