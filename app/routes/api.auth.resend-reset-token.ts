import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS } from "~/lib/auth-messages";
import { emailOnlySchema } from "~/lib/auth-schemas";
import { apiFailure } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { requestPasswordReset } from "~/models/auth-password-reset.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/resend-reset-token { email }: a new reset code (60 s cooldown), the same answer for every address. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.resendResetToken, async () => {
    const input = await parseJsonBody(request, emailOnlySchema);
    const outcome = await requestPasswordReset(authDeps(context), input, { ip: clientIp(request) });
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({ message: outcome.message, data: { email: outcome.email } });
  });
}

export const loader = () => methodNotAllowed("POST");
