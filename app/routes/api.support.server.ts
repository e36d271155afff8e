/**
 * The request side of /api/support/* and /api/admin/support/* (docs/api.md,
 * "Support tickets"): the ticket id in the path and a reply's body and key.
 * The rules are in app/models/support-tickets.server.ts.
 */
import { ApiResponse, apiError, idempotencyKeyFrom, parseJsonBody } from "~/http/api.server";
import { isTicketId, SUPPORT_MESSAGES } from "~/lib/support";
import { replyBodySchema } from "~/lib/support-schema";

/** The path's ticket id; a malformed one answers 400. */
export function requireTicketIdParam(params: { id?: string }): string {
  if (!isTicketId(params.id)) {
    throw new ApiResponse(apiError(400, SUPPORT_MESSAGES.invalidTicketId));
  }
  return params.id;
}

/** A reply call's ticket, text and key (the body's idempotencyKey, else the header's). */
export async function readReplyRequest(request: Request, params: { id?: string }) {
  const ticketId = requireTicketIdParam(params);
  const input = await parseJsonBody(request, replyBodySchema);
  return { ticketId, body: input.body, key: idempotencyKeyFrom(request, input.idempotencyKey) };
}
