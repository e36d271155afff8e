import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { API_FALLBACKS } from "~/lib/auth-messages";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { toPublicUser } from "~/models/user.server";

/** GET /api/auth/me → { data: { user } }; 401 when the session is gone. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(API_FALLBACKS.me, async () => {
    const { user } = await requireApiAuth(request, context);
    return apiSuccess({ data: { user: toPublicUser(user) } });
  });
}

export const action = () => methodNotAllowed("GET");
