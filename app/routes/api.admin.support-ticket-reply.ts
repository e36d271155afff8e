/**
 * POST /api/admin/support/tickets/{id}/reply { body, idempotencyKey? } (or
 * the Idempotency-Key header; Bearer admin token): the team's reply, stored on
 * the ticket and e-mailed to its address as "Re: <subject>".
 *
 *   201 { success, message, data: { reply, ticket } } delivered (the ticket is answered);
 *   502 the same shape when the mail service refused it: the reply is kept with
 *       deliveryStatus 'failed', and the same key again sends it once more;
 *   200 the same key again after it was delivered (nothing is sent twice);
 *   400 malformed id or body; 404 no such ticket; 409 the ticket is closed
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiJson, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { SUPPORT_MESSAGES } from "~/lib/support";
import { sendTeamReply, supportDeps } from "~/models/support-tickets.server";
import { readReplyRequest } from "~/routes/api.support.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(SUPPORT_MESSAGES.replyFailed, async () => {
    const admin = await requireAdminApi(request, context);
    const { ticketId, body, key } = await readReplyRequest(request, params);
    const outcome = await sendTeamReply(
      supportDeps(request, context),
      { id: admin.userId, email: admin.email },
      ticketId,
      body,
      key,
    );
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    const delivered = outcome.reply.deliveryStatus === "sent";
    return apiJson(
      {
        success: delivered,
        message: delivered ? SUPPORT_MESSAGES.teamReplySent : SUPPORT_MESSAGES.teamReplyFailed,
        data: { reply: outcome.reply, ticket: outcome.ticket },
      },
      { status: !delivered ? 502 : outcome.replayed ? 200 : 201 },
    );
  });
}

export const loader = () => methodNotAllowed("POST");
