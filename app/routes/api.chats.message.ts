/**
 * POST /api/chats/message { sessionId, type, text, function?, clientKey?, status? }:
 * saves one message of the caller's conversation, creating the
 * conversation when it is first needed. No reply is generated and no
 * use is counted: POST /api/chats/stream does both.
 *
 *   201 { success, message, data: { message, session, sessionCreated } }
 *       (the same clientKey again answers the message saved the first time)
 *   400 malformed id, empty or too long text; 401 signed out
 *   404 'Chat session not found' when the id is someone else's
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CHAT_MESSAGES, CHAT_SERVICE_MESSAGES } from "~/lib/chat-session";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { apiChatMessage, apiChatSummary, chatMessageBodySchema } from "~/routes/api.chats.server";
import { saveChatMessage } from "~/models/chat.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CHAT_SERVICE_MESSAGES.saveMessage, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, chatMessageBodySchema);
    const saved = await saveChatMessage(context.db, user.id, input);
    if (saved.status !== "saved") return apiError(404, CHAT_MESSAGES.sessionNotFound);
    return apiSuccess({
      status: 201,
      message: CHAT_MESSAGES.saved,
      data: {
        message: apiChatMessage(saved.message),
        session: apiChatSummary(saved.session),
        sessionCreated: saved.created,
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
