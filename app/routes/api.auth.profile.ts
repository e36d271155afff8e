import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS, AUTH_MESSAGES } from "~/lib/auth-messages";
import { profileSchema } from "~/lib/auth-schemas";
import { apiFailure } from "~/routes/api.auth.server";
import { apiSuccess, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { updateProfile } from "~/models/account.server";
import { authDeps } from "~/models/auth-context.server";
import { toPublicUser } from "~/models/user.server";

/**
 * PUT /api/auth/profile { firstName, lastName, medicalSchool, year } → { data: { user } }.
 * Always the session's own user; any other key in the body (role, email, id…) is ignored.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return handleApi(API_FALLBACKS.profile, async () => {
    const auth = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, profileSchema);
    const outcome = await updateProfile(authDeps(context), auth.user.id, input);
    if (!outcome.ok) return apiFailure(outcome);
    return apiSuccess({
      message: AUTH_MESSAGES.profileUpdated,
      data: { user: toPublicUser(outcome.user) },
    });
  });
}

export const loader = () => methodNotAllowed("PUT");
