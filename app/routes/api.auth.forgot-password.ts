import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS } from "~/lib/auth-messages";
import { emailOnlySchema } from "~/lib/auth-schemas";
import { apiFailure } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { requestPasswordReset } from "~/models/auth-password-reset.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/forgot-password { email }: the same answer whether or not the address has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.forgotPassword, async () => {
    const input = await parseJsonBody(request, emailOnlySchema);
    const outcome = await requestPasswordReset(authDeps(context), input, { ip: clientIp(request) });
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({ message: outcome.message, data: { email: outcome.email } });
  });
}

export const loader = () => methodNotAllowed("POST");
