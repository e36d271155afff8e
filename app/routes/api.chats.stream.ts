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
  type ChatSend,
  chatSendSchema,
  newChatSessionId,
} from "~/lib/chat-session";
import {
  apiError,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
  requireApiAuthAlong,
} from "~/models/auth-api.server";
import {
  chatReplyDeps,
  readReplyContext,
  replyEventStream,
  sendKey,
  startReply,
} from "~/models/chat-reply.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CHAT_SERVICE_MESSAGES.saveMessage, async () => {
    // Read first, answered after the session check (401 before 400).
    const input = await parseJsonBody(request, chatSendSchema).catch((error: unknown) => error);
    const send = isInput(input)
      ? { ...input, sessionId: input.sessionId ?? newChatSessionId(), clientKey: sendKey(input) }
      : null;
    const deps = chatReplyDeps(context);
    // The reply's reads run alongside the session check: the provider is asked sooner.
    const { auth, along } = await requireApiAuthAlong(request, context, async (userId) =>
      send ? readReplyContext(deps, userId, send) : null,
    );
    if (!send || !along) throw input;
    const controller = new AbortController();
    request.signal?.addEventListener("abort", () => controller.abort(), { once: true });
    const started = await startReply(deps, auth.user.id, send, controller.signal, along);
    if (started.status === "no-access") {
      return apiError(403, NO_ACCESS_MESSAGE, {
        hasAccess: false,
        needsSubscription: true,
        redirectTo: "/plans",
      });
    }
    if (started.status === "not-found") return apiError(404, CHAT_MESSAGES.sessionNotFound);
    return replyEventStream(started.events, controller, context.waitUntil);
  });
}

function isInput(value: unknown): value is ChatSend {
  return (
    typeof value === "object" && value !== null && "text" in value && !(value instanceof Error)
  );
}

export const loader = () => methodNotAllowed("POST");
