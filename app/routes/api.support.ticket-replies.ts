/**
 * POST /api/support/tickets/{id}/replies { body, idempotencyKey? } (or the
 * Idempotency-Key header): the caller's reply on their own open or answered
 * ticket → 201 { success, message, data: { reply, ticket } }; the ticket is
 * open again. The same key again answers 200 with the stored reply and stores
 * nothing more.
 *
 *   400 malformed id or body; 401 signed out; 404 not the caller's ticket;
 *   409 the ticket is closed; 429 more than 20 replies in an hour
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { SUPPORT_MESSAGES } from "~/lib/support";
import { addLearnerReply, supportDeps } from "~/models/support-tickets.server";
import { readReplyRequest } from "~/routes/api.support.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(SUPPORT_MESSAGES.replyFailed, async () => {
    const { user } = await requireApiAuth(request, context);
    const { ticketId, body, key } = await readReplyRequest(request, params);
    const outcome = await addLearnerReply(
      supportDeps(request, context),
      user.id,
      ticketId,
      body,
      key,
    );
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    return apiSuccess({
      status: outcome.replayed ? 200 : 201,
      message: SUPPORT_MESSAGES.replySent,
      data: { reply: outcome.reply, ticket: outcome.ticket },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
