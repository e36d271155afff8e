/**
 * GET /api/support/tickets/{id} → { success, data: ticket }: one of the
 * caller's own tickets with its conversation. Anyone else's answers 404
 * exactly like a missing one.
 *
 *   400 malformed id; 401 signed out; 404 'Ticket not found.'
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { SUPPORT_MESSAGES } from "~/lib/support";
import { learnerTicket } from "~/models/support-tickets.server";
import { requireTicketIdParam } from "~/routes/api.support.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(SUPPORT_MESSAGES.loadFailed, async () => {
    const { user } = await requireApiAuth(request, context);
    const id = requireTicketIdParam(params);
    const ticket = await learnerTicket(context.db, user.id, id);
    return ticket ? apiSuccess({ data: ticket }) : apiError(404, SUPPORT_MESSAGES.notFound);
  });
}

export const action = () => methodNotAllowed("GET");
