import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { apiVerifyEmailSchema } from "~/lib/auth-schemas";
import { apiFailure, sessionData } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { verifyEmail } from "~/models/auth-registration.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/verify-email { email, otp } → { data: { token, user } }. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.verifyEmail, async () => {
    const input = await parseJsonBody(request, apiVerifyEmailSchema);
    const outcome = await verifyEmail(
      authDeps(context),
      { email: input.email, code: input.otp },
      { ip: clientIp(request) },
    );
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({ message: AUTH_MESSAGES.emailVerified, data: sessionData(outcome) });
  });
}

export const loader = () => methodNotAllowed("POST");
