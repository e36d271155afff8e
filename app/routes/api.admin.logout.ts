import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES } from "~/lib/admin";
import { adminDeps, adminLogout } from "~/models/admin-auth.server";
import { apiSuccess, methodNotAllowed } from "~/http/api.server";
import { readBearerToken } from "~/models/session.server";

/**
 * POST /api/admin/logout (Bearer admin token) → { success, message }: the
 * session ends at once. Always succeeds, so a client can sign out whatever
 * state its token is in.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await adminLogout(adminDeps(context), readBearerToken(request), "api");
  return apiSuccess({ message: ADMIN_MESSAGES.loggedOut });
}

export const loader = () => methodNotAllowed("POST");
