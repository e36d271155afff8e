import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { checkJson, parseFeature, USAGE_API_FALLBACKS } from "~/routes/api.usage.server";
import { checkFeature, usageDeps } from "~/models/usage.server";

/**
 * GET /api/usage/check/{feature} → { success, hasAccess, currentUsage, limit,
 * remaining, accessType, message }. Nothing is recorded; a refusal is a 200
 * answer with hasAccess: false and the reason.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return handleApi(USAGE_API_FALLBACKS.checkUsage, async () => {
    const { user } = await requireApiAuth(request, context);
    const feature = parseFeature(params.feature);
    const check = await checkFeature(usageDeps(context), user.id, feature);
    return apiOk({ feature, ...checkJson(check) });
  });
}

export const action = () => methodNotAllowed("GET");
