/**
 * POST /api/chats/session { sessionId, function?, title? }: creates the
 * caller's conversation under the client's id.
 *
 *   201 { success, message, data: summary }
 *   409 'Chat session already exists' when the id is taken (clients tolerate it;
 *       `data` holds the summary when the conversation is the caller's own)
 *   400 malformed id or title; 401 signed out
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
import { apiChatSummary, chatSessionBodySchema } from "~/routes/api.chats.server";
import { createChatSession } from "~/models/chat.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CHAT_SERVICE_MESSAGES.createSession, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, chatSessionBodySchema);
    const result = await createChatSession(context.db, user.id, input);
    if (result.status === "exists") {
      return apiError(
        409,
        CHAT_MESSAGES.sessionExists,
        result.session ? { data: apiChatSummary(result.session) } : {},
      );
    }
    return apiSuccess({
      status: 201,
      message: CHAT_MESSAGES.created,
      data: apiChatSummary(result.session),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
