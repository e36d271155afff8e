/**
 * POST /api/chats/stream: generates the mentor's reply to a learner's message
 * and streams it as server-sent events (docs/api.md, "Chat").
 *
 *   body   { sessionId?, text, function?, clientKey? }  (JSON or a form post)
 *   200    text/event-stream: `ready` (the saved message, session, usage),
 *          `delta` { text } many times, then `done` { message } or
 *          `error` { kind, text, message: null } — nothing is saved in place
 *          of a failed reply: the learner's message stays, and sending it
 *          again with the same clientKey is the retry (one message, one use)
 *   400    invalid message or session id; 401 signed out
 *   403    { needsSubscription: true, redirectTo: "/plans" } without a plan or trial;
 *          { limitReached: true, message, redirectTo: "/plans" } when the send's
 *          use is refused (the trial's chat, or the whole trial, spent): the
 *          chat shows the limit banner with the message. Nothing is saved.
 *   404    the session id is someone else's
 *   409    the account keeps the most saved chat messages it may (5,000): nothing is saved
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
import { apiError, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuthWithReads } from "~/http/auth.server";
import {
  chatReplyDeps,
  replyContextQueries,
  sendKey,
  startReply,
} from "~/models/chat-reply.server";
import { replyEventStream } from "~/routes/api.chats.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CHAT_SERVICE_MESSAGES.saveMessage, async () => {
    // The body is read while the session is looked up; a bad one is answered
    // after the session check (401 before 400).
    const reading = parseJsonBody(request, chatSendSchema)
      .then((input) => ({
        input,
        send: {
          ...input,
          sessionId: input.sessionId ?? newChatSessionId(),
          clientKey: sendKey(input),
        },
      }))
      .catch((error: unknown) => ({ input: error, send: null }));
    const deps = chatReplyDeps(context);
    const now = deps.usage.now();
    // The reply's reads go in the same D1 batch as the session's user check:
    // the provider is asked after one round trip.
    const { auth, rows } = await requireApiAuthWithReads(request, context, async (userId) => {
      const { send } = await reading;
      return send ? replyContextQueries(deps.db, userId, send, now) : null;
    });
    const { input, send } = await reading;
    if (!send || !rows) throw input;
    const along = { now, clientKey: send.clientKey, rows };
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
    if (started.status === "refused") {
      const { denial } = started;
      return apiError(403, denial.screenMessage, {
        hasAccess: false,
        limitReached: true,
        accessType: denial.accessType,
        needsSubscription: denial.needsSubscription,
        redirectTo: "/plans",
      });
    }
    if (started.status === "full") return apiError(409, started.message);
    if (started.status === "not-found") return apiError(404, CHAT_MESSAGES.sessionNotFound);
    return replyEventStream(started.events, controller, context.waitUntil);
  });
}

export const loader = () => methodNotAllowed("POST");
