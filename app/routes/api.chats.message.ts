/**
 * POST /api/chats/message { sessionId, type, text, function?, clientKey?, status? }:
 * saves one message of the caller's conversation, creating the
 * conversation when it is first needed. No reply is generated and no
 * use is counted: POST /api/chats/stream does both.
 *
 *   201 { success, message, data: { message, session, sessionCreated } }
 *       (the same clientKey again answers the message saved the first time)
 *   400 malformed id, empty or too long text (a learner's message up to 4,000
 *       characters, a saved reply up to 32,000); 401 signed out
 *   403 { needsSubscription: true, redirectTo: "/plans" } without a plan or a
 *       trial in force (expired or spent): nothing is saved, no conversation made
 *   404 'Chat session not found' when the id is someone else's
 *   409 the account keeps the most saved chat messages it may (5,000)
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_ACCESS_MESSAGE } from "~/lib/access";
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
import { hasActiveAccess, usageDeps } from "~/models/usage.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CHAT_SERVICE_MESSAGES.saveMessage, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, chatMessageBodySchema);
    if (!(await hasActiveAccess(usageDeps(context), user.id))) {
      return apiError(403, NO_ACCESS_MESSAGE, {
        hasAccess: false,
        needsSubscription: true,
        redirectTo: "/plans",
      });
    }
    const saved = await saveChatMessage(context.db, user.id, input);
    if (saved.status === "full") return apiError(409, CHAT_MESSAGES.storageFull);
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
