import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { emailOnlySchema } from "~/lib/auth-schemas";
import { apiFailure } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { resendVerificationCode } from "~/models/auth-registration.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/resend-otp { email } → a new verification code (60 s cooldown, 429 before). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.resendOtp, async () => {
    const input = await parseJsonBody(request, emailOnlySchema);
    const outcome = await resendVerificationCode(authDeps(context), input, {
      ip: clientIp(request),
    });
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({
      message: AUTH_MESSAGES.verificationCodeSent,
      data: { email: outcome.email, codeExpiresAt: outcome.codeExpiresAt.toISOString() },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
