import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, apiError, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAdmin } from "~/http/auth.server";
import { USAGE_API_FALLBACKS, USAGE_API_MESSAGES } from "~/routes/api.usage.server";
import { resetUsage, usageDeps } from "~/models/usage.server";
import { findUserById } from "~/models/user.server";

/**
 * POST /api/usage/reset/{userId} → { success, message, released } (admins
 * only: 401 without a session, 403 for learners, 404 for an unknown user).
 * Gives back every use the user has counted; the analytics keep the history.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(USAGE_API_FALLBACKS.resetUsage, async () => {
    await requireApiAdmin(request, context, USAGE_API_MESSAGES.adminOnly);
    const userId = params.userId ?? "";
    const target = userId.length <= 100 ? await findUserById(context.db, userId) : null;
    if (!target) return apiError(404, USAGE_API_MESSAGES.userNotFound);
    const released = await resetUsage(usageDeps(context), target.id);
    return apiOk({ message: USAGE_API_MESSAGES.usageReset, userId: target.id, released });
  });
}

export const loader = () => methodNotAllowed("POST");
