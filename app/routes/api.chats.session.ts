/**
 * /api/chats/session/{sessionId}, only ever the caller's own
 * conversation (someone else's answers 404 like a missing one):
 *
 *   GET    → { success, data: { sessionId, title, function, messageCount, lastActivity,
 *            createdAt, messages: [{ id, type, text, status, timestamp }] } }
 *   DELETE → { success, message, data: { sessionId } }
 *
 *   400 malformed id; 401 signed out; 404 'Chat session not found'
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CHAT_MESSAGES, CHAT_SERVICE_MESSAGES } from "~/lib/chat-session";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { apiChatDetail, requireSessionIdParam } from "~/routes/api.chats.server";
import { deleteChatSession, getChatSession } from "~/models/chat.server";

const ALLOW = "GET, DELETE";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(CHAT_SERVICE_MESSAGES.fetchSession, async () => {
    const { user } = await requireApiAuth(request, context);
    const sessionId = requireSessionIdParam(params);
    const session = await getChatSession(context.db, user.id, sessionId);
    if (!session) return apiError(404, CHAT_MESSAGES.sessionNotFound);
    return apiSuccess({ data: apiChatDetail(session) });
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(ALLOW);
  return handleApi(CHAT_SERVICE_MESSAGES.deleteSession, async () => {
    const { user } = await requireApiAuth(request, context);
    const sessionId = requireSessionIdParam(params);
    if (!(await deleteChatSession(context.db, user.id, sessionId))) {
      return apiError(404, CHAT_MESSAGES.sessionNotFound);
    }
    return apiSuccess({ message: CHAT_MESSAGES.deleted, data: { sessionId } });
  });
}
