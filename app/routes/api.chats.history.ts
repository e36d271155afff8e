/**
 * /api/chats/history:
 *
 *   GET    ?limit=20&skip=0&search=&function=  → { success, data: [summary…],
 *          pagination: { total, limit, skip, hasMore } }, most recently active first;
 *          search matches titles and message text, function filters by mode
 *   DELETE → { success, message, data: { deletedCount } }: every conversation of the caller
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CHAT_MESSAGES, CHAT_SERVICE_MESSAGES } from "~/lib/chat-session";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { apiHistoryPage, parseHistoryQuery } from "~/routes/api.chats.server";
import { clearChatHistory, listChatSessions } from "~/models/chat.server";

const ALLOW = "GET, DELETE";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(CHAT_SERVICE_MESSAGES.fetchHistory, async () => {
    const { user } = await requireApiAuth(request, context);
    const query = parseHistoryQuery(new URL(request.url));
    return apiHistoryPage(await listChatSessions(context.db, user.id, query));
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed(ALLOW);
  return handleApi(CHAT_SERVICE_MESSAGES.clearHistory, async () => {
    const { user } = await requireApiAuth(request, context);
    const deletedCount = await clearChatHistory(context.db, user.id);
    return apiSuccess({ message: CHAT_MESSAGES.cleared, data: { deletedCount } });
  });
}
