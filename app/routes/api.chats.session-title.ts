/**
 * PATCH /api/chats/session/{sessionId}/title { title }: renames the
 * caller's conversation; a renamed one is never renamed by its messages again.
 *
 *   200 { success, message, data: summary }
 *   400 malformed id, or the title is empty or longer than 120 characters
 *   401 signed out; 404 'Chat session not found' (also for someone else's)
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { CHAT_MESSAGES, CHAT_SERVICE_MESSAGES, chatTitleSchema } from "~/lib/chat-session";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { apiChatSummary, requireSessionIdParam } from "~/routes/api.chats.server";
import { renameChatSession } from "~/models/chat.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  return handleApi(CHAT_SERVICE_MESSAGES.updateTitle, async () => {
    const { user } = await requireApiAuth(request, context);
    const sessionId = requireSessionIdParam(params);
    const { title } = await parseJsonBody(request, chatTitleSchema);
    const session = await renameChatSession(context.db, user.id, sessionId, title);
    if (!session) return apiError(404, CHAT_MESSAGES.sessionNotFound);
    return apiSuccess({ message: CHAT_MESSAGES.renamed, data: apiChatSummary(session) });
  });
}

export const loader = () => methodNotAllowed("PATCH");
