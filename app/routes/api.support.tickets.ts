/**
 * GET /api/support/tickets → { success, data: { tickets } }: the caller's
 * support tickets (every message they sent from the contact page while signed
 * in), newest first, at most 50, each with its conversation oldest first.
 *
 *   401 signed out
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { SUPPORT_MESSAGES } from "~/lib/support";
import { learnerTickets } from "~/models/support-tickets.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(SUPPORT_MESSAGES.listFailed, async () => {
    const { user } = await requireApiAuth(request, context);
    return apiSuccess({ data: { tickets: await learnerTickets(context.db, user.id) } });
  });
}

export const action = () => methodNotAllowed("GET");
