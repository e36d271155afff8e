import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES, adminLoginSchema } from "~/lib/admin";
import { adminDeps, adminLogin } from "~/models/admin-auth.server";
import { apiFailure } from "~/routes/api.auth.server";
import { apiJson, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { clientIp } from "~/models/throttle.server";

/**
 * POST /api/admin/login { username, password } →
 * { success, sessionToken, expiresIn (ms), expiresAt, message }. The username is
 * the admin account's e-mail; send the token as `Authorization: Bearer` to the
 * other /api/admin routes until it expires.
 *
 *   400 'Please enter both username and password'; 401 'Invalid credentials'
 *   (also for accounts that are not admins); 429 after too many wrong passwords.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(ADMIN_MESSAGES.loginFailed, async () => {
    const input = await parseJsonBody(request, adminLoginSchema);
    const outcome = await adminLogin(adminDeps(context), input, {
      ip: clientIp(request),
      via: "api",
    });
    if (!outcome.ok) return apiFailure(outcome);
    return apiJson({
      success: true,
      message: ADMIN_MESSAGES.loginSucceeded,
      sessionToken: outcome.token,
      expiresIn: outcome.expiresIn,
      expiresAt: new Date(outcome.session.expiresAt).toISOString(),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
