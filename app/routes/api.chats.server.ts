/**
 * The request handling shared by /api/chats/* (docs/api.md, "Chat"): Bearer
 * token in, JSON or server-sent events out. The routes parse with the schemas
 * below and call the chat models (app/models/chat.server.ts,
 * chat-reply.server.ts), where every rule (ownership, titles, idempotent
 * saves, metering) lives; this file only reads requests and shapes the
 * answers the way the API names the fields.
 *
 * Times are ISO 8601 strings. Someone else's conversation answers exactly like
 * one that does not exist (404 'Chat session not found'); a malformed id
 * answers 400 'Invalid chat session id'; anything unexpected answers 500 with
 * the call's failure message (CHAT_SERVICE_MESSAGES).
 */
import { z } from "zod";
import { CHAT_FUNCTIONS, DEFAULT_CHAT_FUNCTION, isChatFunction } from "~/lib/chat-functions";
import {
  CHAT_HISTORY_DEFAULT_LIMIT,
  CHAT_HISTORY_MAX_LIMIT,
  CHAT_MESSAGES,
  CHAT_SESSION_ID_PATTERN,
  isChatSessionId,
  MAX_MESSAGE_LENGTH,
  MAX_STORED_MESSAGE_LENGTH,
  MAX_TITLE_LENGTH,
} from "~/lib/chat-session";
import { ApiResponse, apiError, apiJson } from "~/http/api.server";
import { serverSentEvents } from "~/http/sse.server";
import type { ChatMessage, ChatSessionDetail, ChatSessionSummary } from "~/lib/chat-conversation";
import { CHAT_ERROR_MESSAGES } from "~/lib/chat-messages";
import type { ReplyEvent } from "~/models/chat-reply.server";
import type { HistoryPage, HistoryQuery } from "~/models/chat.server";

/** What the chat API answers beside the spec's messages (CHAT_MESSAGES, CHAT_SERVICE_MESSAGES). */
export const CHAT_API_MESSAGES = {
  limitInvalid: `limit must be a whole number from 1 (at most ${CHAT_HISTORY_MAX_LIMIT} are sent).`,
  skipInvalid: "skip must be a whole number from 0.",
  functionInvalid: `Unknown chat function. Use one of: ${CHAT_FUNCTIONS.join(", ")}.`,
  searchTooLong: "Please keep the search to 200 characters or fewer.",
  clientKeyInvalid: "clientKey must be 8 to 64 letters, digits, '-' or '_'.",
  replyTooLong: `A mentor reply can be up to ${MAX_STORED_MESSAGE_LENGTH.toLocaleString("en-IN")} characters.`,
} as const;

const MAX_SEARCH_LENGTH = 200;

// ---------------------------------------------------------------------------
// Answers.

/** A chat session summary as the API sends it. */
export function apiChatSummary(session: ChatSessionSummary) {
  return {
    sessionId: session.sessionId,
    title: session.title,
    function: session.function,
    messageCount: session.messageCount,
    lastActivity: new Date(session.lastActivity).toISOString(),
    createdAt: new Date(session.createdAt).toISOString(),
  };
}

export type ApiChatSummary = ReturnType<typeof apiChatSummary>;

/** One message; `status` says whether a bot reply is whole, stopped or an error text. */
export function apiChatMessage(message: ChatMessage) {
  return {
    id: message.id,
    type: message.type,
    text: message.text,
    status: message.status,
    timestamp: new Date(message.timestamp).toISOString(),
  };
}

export type ApiChatMessage = ReturnType<typeof apiChatMessage>;

/** A chat session detail, messages oldest first. */
export function apiChatDetail(session: ChatSessionDetail) {
  return { ...apiChatSummary(session), messages: session.messages.map(apiChatMessage) };
}

/** GET /api/chats/history: `data` is the list, `pagination` says where it sits. */
export function apiHistoryPage(page: HistoryPage): Response {
  return apiJson({
    success: true,
    data: page.sessions.map(apiChatSummary),
    pagination: { total: page.total, limit: page.limit, skip: page.skip, hasMore: page.hasMore },
  });
}

// ---------------------------------------------------------------------------
// Requests.

function wholeNumber(raw: string): number | null {
  const value = raw.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/**
 * `?limit&skip&search&function` of GET /api/chats/history: limit 20 and skip 0
 * by default, a larger limit is cut to 100; a function of '' or 'all'
 * is no filter. Anything malformed answers 400.
 */
export function parseHistoryQuery(url: URL): HistoryQuery {
  const params = url.searchParams;
  const rawLimit = params.get("limit");
  const rawSkip = params.get("skip");
  const limit =
    rawLimit === null || rawLimit === "" ? CHAT_HISTORY_DEFAULT_LIMIT : wholeNumber(rawLimit);
  if (limit === null || limit < 1) {
    throw new ApiResponse(apiError(400, CHAT_API_MESSAGES.limitInvalid));
  }
  const skip = rawSkip === null || rawSkip === "" ? 0 : wholeNumber(rawSkip);
  if (skip === null) throw new ApiResponse(apiError(400, CHAT_API_MESSAGES.skipInvalid));
  const search = params.get("search")?.trim() ?? "";
  if (search.length > MAX_SEARCH_LENGTH) {
    throw new ApiResponse(apiError(400, CHAT_API_MESSAGES.searchTooLong));
  }
  const rawFunction = params.get("function")?.trim() ?? "";
  if (rawFunction && rawFunction !== "all" && !isChatFunction(rawFunction)) {
    throw new ApiResponse(apiError(400, CHAT_API_MESSAGES.functionInvalid));
  }
  return {
    limit: Math.min(limit, CHAT_HISTORY_MAX_LIMIT),
    skip,
    search: search || undefined,
    function: isChatFunction(rawFunction) ? rawFunction : null,
  };
}

/** The `{sessionId}` of a path; a malformed one answers 400. */
export function requireSessionIdParam(params: { sessionId?: string }): string {
  const sessionId = params.sessionId;
  if (!isChatSessionId(sessionId)) {
    throw new ApiResponse(apiError(400, CHAT_MESSAGES.invalidSessionId));
  }
  return sessionId;
}

const sessionIdField = z
  .string({ error: CHAT_MESSAGES.invalidSessionId })
  .regex(CHAT_SESSION_ID_PATTERN, CHAT_MESSAGES.invalidSessionId);

/** Missing keeps the conversation's function (a new one starts with general); unknown is general. */
const functionField = z
  .enum(CHAT_FUNCTIONS)
  .nullish()
  .catch(DEFAULT_CHAT_FUNCTION)
  .transform((value) => value ?? undefined);

const clientKeyField = z
  .string({ error: CHAT_API_MESSAGES.clientKeyInvalid })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, CHAT_API_MESSAGES.clientKeyInvalid)
  .nullish()
  .transform((value) => value ?? undefined);

/**
 * POST /api/chats/message { sessionId, type, text, function, clientKey?, status? }.
 * `type` 'user' is the learner, anything else the mentor. A learner's
 * text is trimmed and at most 4,000 characters; a mentor's may be longer and
 * may carry the status the chat showed it with (an error text is 'error').
 */
export const chatMessageBodySchema = z
  .object({
    sessionId: sessionIdField,
    type: z
      .unknown()
      .optional()
      .transform((value) => (value === "user" ? "user" : "bot") as "user" | "bot"),
    text: z.string({ error: CHAT_MESSAGES.emptyMessage }),
    function: functionField,
    clientKey: clientKeyField,
    status: z.enum(["complete", "stopped", "error"]).optional().catch(undefined),
  })
  .transform((body, context) => {
    const text = body.type === "user" ? body.text.trim() : body.text.replace(/\s+$/, "");
    const max = body.type === "user" ? MAX_MESSAGE_LENGTH : MAX_STORED_MESSAGE_LENGTH;
    if (!text.trim()) {
      context.addIssue({ code: "custom", path: ["text"], message: CHAT_MESSAGES.emptyMessage });
      return z.NEVER;
    }
    if (text.length > max) {
      context.addIssue({
        code: "custom",
        path: ["text"],
        message:
          body.type === "user" ? CHAT_MESSAGES.messageTooLong : CHAT_API_MESSAGES.replyTooLong,
      });
      return z.NEVER;
    }
    return {
      sessionId: body.sessionId,
      type: body.type,
      text,
      function: body.function,
      clientKey: body.clientKey,
      status: body.type === "user" ? ("complete" as const) : (body.status ?? "complete"),
    };
  });

/** POST /api/chats/session { sessionId, function, title? }: an empty title is 'New Conversation'. */
export const chatSessionBodySchema = z.object({
  sessionId: sessionIdField,
  function: functionField,
  title: z
    .string({ error: CHAT_MESSAGES.titleRequired })
    .trim()
    .max(MAX_TITLE_LENGTH, CHAT_MESSAGES.titleTooLong)
    .nullish()
    .transform((value) => value || undefined),
});

// ---------------------------------------------------------------------------
// The streamed reply.

/** How often a silent reply stream says it is still there. */
const HEARTBEAT_MS = 3_000;

/**
 * The reply as server-sent events (`event: ready|delta|done|error`, JSON
 * data). The reply runs to its end even when the learner goes away: the
 * provider call is aborted and what arrived is still saved. While the model is
 * silent (thinking, or stalled) a comment goes out now and then: proxies keep
 * the stream open, and a learner who has gone is noticed when it fails.
 */
export function replyEventStream(
  events: AsyncGenerator<ReplyEvent>,
  controller: AbortController,
  waitUntil: (promise: Promise<unknown>) => void,
): Response {
  return serverSentEvents({
    events,
    controller,
    waitUntil,
    comment: "mentor reply",
    drainAfterClose: true,
    heartbeatMs: HEARTBEAT_MS,
    toEvent: (event) => ({ name: event.type, data: event }),
    onError: (error) => {
      console.error("[chat] reply stream failed:", error);
      return {
        name: "error",
        data: {
          type: "error",
          kind: "failed",
          text: CHAT_ERROR_MESSAGES.failed,
          message: null,
          session: null,
        },
      };
    },
  });
}
