/**
 * POST /api/chats/stream: generates the mentor's reply to a learner's message
 * and streams it as server-sent events (docs/api.md, "Chat").
 *
 *   body   { sessionId?, text, function?, clientKey? }  (JSON or a form post)
 *   200    text/event-stream: `ready` (the saved message, session, usage),
 *          `delta` { text } many times, then `done` { message } or
 *          `error` { kind, text, message } — the error text is saved as the
 *          bot message, as the chat shows it
 *   400    invalid message or session id; 401 signed out
 *   403    { needsSubscription: true, redirectTo: "/plans" } without a plan or trial
 *   404    the session id is someone else's
 *
 * Closing the connection (Stop) aborts the provider call; what arrived is saved.
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { NO_ACCESS_MESSAGE } from "~/lib/access";
import {
  CHAT_MESSAGES,
  CHAT_SERVICE_MESSAGES,
  chatSendSchema,
  newChatSessionId,
} from "~/lib/chat-session";
import {
  apiError,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
  requireApiAuth,
} from "~/models/auth-api.server";
import { chatReplyDeps, replyEventStream, startReply } from "~/models/chat-reply.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CHAT_SERVICE_MESSAGES.saveMessage, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, chatSendSchema);
    const controller = new AbortController();
    request.signal?.addEventListener("abort", () => controller.abort(), { once: true });
    const started = await startReply(
      chatReplyDeps(context),
      user.id,
      { ...input, sessionId: input.sessionId ?? newChatSessionId() },
      controller.signal,
    );
    if (started.status === "no-access") {
      return apiError(403, NO_ACCESS_MESSAGE, {
        hasAccess: false,
        needsSubscription: true,
        redirectTo: "/plans",
      });
    }
    if (started.status === "not-found") return apiError(404, CHAT_MESSAGES.sessionNotFound);
    const body = replyEventStream(started.events, controller, context.waitUntil);
    return new Response(body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
