import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { apiRegisterSchema } from "~/lib/auth-schemas";
import { apiFailure } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { authDeps } from "~/models/auth-context.server";
import { registerAccount } from "~/models/auth-registration.server";
import { clientIp } from "~/models/throttle.server";

/** POST /api/auth/register → 201 { data: { verificationRequired, email } }; no session until verified. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(API_FALLBACKS.register, async () => {
    const input = await parseJsonBody(request, apiRegisterSchema);
    const outcome = await registerAccount(authDeps(context), input, { ip: clientIp(request) });
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({
      status: 201,
      message: AUTH_MESSAGES.registrationStarted,
      data: {
        verificationRequired: true,
        requiresVerification: true,
        email: outcome.email,
        codeExpiresAt: outcome.codeExpiresAt.toISOString(),
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
