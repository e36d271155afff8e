/**
 * POST /api/admin/support/tickets/{id}/status { status: "open" | "closed" }
 * (Bearer admin token) → { success, message, data: { changed, ticket } }:
 * closes a ticket or opens it again (audited). Asking for the state it is
 * in already answers 200 with `changed: false` and logs nothing.
 *
 *   400 malformed id or status; 404 no such ticket
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { SUPPORT_MESSAGES } from "~/lib/support";
import { statusBodySchema } from "~/lib/support-schema";
import { setTicketStatus } from "~/models/support-tickets.server";
import { requireTicketIdParam } from "~/routes/api.support.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(SUPPORT_MESSAGES.statusFailed, async () => {
    const admin = await requireAdminApi(request, context);
    const id = requireTicketIdParam(params);
    const { status } = await parseJsonBody(request, statusBodySchema);
    const outcome = await setTicketStatus(
      { db: context.db, now: Date.now },
      { id: admin.userId, email: admin.email },
      id,
      status,
    );
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    return apiSuccess({
      message:
        status === "closed" ? SUPPORT_MESSAGES.closedTicket : SUPPORT_MESSAGES.reopenedTicket,
      data: { changed: outcome.changed, ticket: outcome.ticket },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
