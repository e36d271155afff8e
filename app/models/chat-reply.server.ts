/**
 * One mentor reply, from the learner's message to the saved answer: the
 * pipeline shared by the streaming endpoint (SSE), the chat page's form post
 * (JavaScript off) and the home page's demo chat.
 *
 *   1. Access: without a plan or trial nothing is saved and the caller sends
 *      the learner to /plans (001 §2).
 *   2. One chatMessages use is reserved in the learner's Durable Object under
 *      the send's key, so a retried send is one use.
 *   3. The learner's message is saved (the conversation is created when first
 *      needed and named after it).
 *   4. A refused use (trial spent) is answered by the spec's 'limit exceeded'
 *      text plus 'Please upgrade your plan to continue chatting.', saved as a
 *      bot message.
 *   5. The reply streams from the AI generator with the conversation's recent
 *      turns; the whole reply is saved and the use committed. A failure saves
 *      the error text as a bot message (001 §4) and gives the use back; Stop
 *      saves what arrived, charged only if something did.
 */
import type { ChatFunction } from "~/lib/chat-functions";
import { CHAT_ERROR_MESSAGES, type ChatErrorKind } from "~/lib/chat-messages";
import { CHAT_MESSAGES } from "~/lib/chat-session";
import { AiError, type AiGenerator, isAiError } from "~/integrations/ai/index.server";
import { buildChatPrompt } from "~/integrations/ai/prompts";
import type { AppContext } from "~/load-context";
import {
  type ChatMessage,
  type ChatSessionSummary,
  chatSessionIdTaken,
  findMessageByClientKey,
  getChatSessionSummary,
  recentTurns,
  saveChatMessage,
} from "./chat.server";
import { commitUse, releaseUse, reserveUse, type UsageDeps, usageDeps } from "./usage.server";

export type ChatReplyDeps = {
  db: AppContext["db"];
  ai: AiGenerator;
  usage: UsageDeps;
};

export function chatReplyDeps(context: AppContext): ChatReplyDeps {
  return { db: context.db, ai: context.ai, usage: usageDeps(context) };
}

export type ReplyRequest = {
  sessionId: string;
  text: string;
  function: ChatFunction;
  /** The client's key for this send (retries reuse it); made up when absent. */
  clientKey?: string | null;
};

export type ReplyUsage = {
  accessType: "subscription" | "trial";
  used: number;
  limit: number;
  remaining: number;
};

/** What the streaming endpoint sends, in order: one `ready`, `delta`s, then `done` or `error`. */
export type ReplyEvent =
  | {
      type: "ready";
      session: ChatSessionSummary;
      userMessage: ChatMessage;
      usage: ReplyUsage | null;
      /** The generator answering: "Gemini (…)" or "Offline mentor". */
      mentor: string;
    }
  | { type: "delta"; text: string }
  | { type: "done"; message: ChatMessage; session: ChatSessionSummary }
  | {
      type: "error";
      kind: ChatErrorKind | "limit";
      /** The text shown and saved as the bot message. */
      text: string;
      message: ChatMessage | null;
      session: ChatSessionSummary | null;
    };

export type StartedReply =
  | { status: "no-access" }
  | { status: "not-found" }
  | { status: "started"; events: AsyncGenerator<ReplyEvent> };

/** 001 §8: the spec's limit text followed by the upgrade sentence. */
export function limitReplyText(limitMessage: string): string {
  return `${limitMessage}. ${CHAT_MESSAGES.upgrade}`;
}

function randomKey(): string {
  return crypto.randomUUID();
}

/**
 * Starts a reply. Access and ownership are decided before anything streams,
 * so the caller can answer 403 (go to /plans) or 404 instead of a stream.
 * `signal` is the learner's: Stop or leaving the page aborts the provider call.
 */
export async function startReply(
  deps: ChatReplyDeps,
  userId: string,
  request: ReplyRequest,
  signal?: AbortSignal,
): Promise<StartedReply> {
  const clientKey = request.clientKey || randomKey();
  const existing = await getChatSessionSummary(deps.db, userId, request.sessionId);
  if (!existing) {
    // A free id is fine (the conversation is created below); someone else's is not.
    if (await chatSessionIdTaken(deps.db, request.sessionId)) return { status: "not-found" };
  }

  const reservation = await reserveUse(deps.usage, userId, "chatMessages", `chat:${clientKey}`);
  if (!reservation.ok && reservation.reason === "none") return { status: "no-access" };

  return {
    status: "started",
    events: replyEvents(deps, userId, { ...request, clientKey }, reservation, signal),
  };
}

async function* replyEvents(
  deps: ChatReplyDeps,
  userId: string,
  request: ReplyRequest & { clientKey: string },
  reservation: Awaited<ReturnType<typeof reserveUse>>,
  signal?: AbortSignal,
): AsyncGenerator<ReplyEvent> {
  const saved = await saveChatMessage(deps.db, userId, {
    sessionId: request.sessionId,
    type: "user",
    text: request.text,
    function: request.function,
    clientKey: request.clientKey,
  });
  if (saved.status !== "saved") {
    if (reservation.ok) await releaseUse(deps.usage, userId, reservation.reservationId);
    yield {
      type: "error",
      kind: "failed",
      text: CHAT_MESSAGES.sessionNotFound,
      message: null,
      session: null,
    };
    return;
  }
  yield {
    type: "ready",
    session: saved.session,
    userMessage: saved.message,
    usage: reservation.ok
      ? {
          accessType: reservation.accessType,
          used: reservation.used,
          limit: reservation.limit,
          remaining: reservation.remaining,
        }
      : null,
    mentor: deps.ai.label,
  };

  // A retried send whose reply was already saved gets that reply again, free.
  const earlier = await findMessageByClientKey(
    deps.db,
    userId,
    request.sessionId,
    request.clientKey,
    "bot",
  );
  if (earlier) {
    if (earlier.status === "error") {
      yield {
        type: "error",
        kind: "failed",
        text: earlier.text,
        message: earlier,
        session: saved.session,
      };
    } else {
      yield { type: "delta", text: earlier.text };
      yield { type: "done", message: earlier, session: saved.session };
    }
    return;
  }

  if (!reservation.ok) {
    const text = limitReplyText(reservation.limitMessage);
    const bot = await saveBot(deps, userId, request, text, "error");
    yield {
      type: "error",
      kind: "limit",
      text,
      message: bot?.message ?? null,
      session: bot?.session ?? saved.session,
    };
    return;
  }

  const history = await recentTurns(deps.db, userId, request.sessionId, {
    beforeId: saved.message.id,
  });
  const prompt = buildChatPrompt({
    functionKey: request.function,
    history: history.map((turn) => ({
      role: turn.type === "user" ? ("user" as const) : ("model" as const),
      text: turn.text,
    })),
    message: request.text,
  });

  let reply = "";
  let failure: AiError | null = null;
  try {
    for await (const delta of deps.ai.streamText({ ...prompt, signal })) {
      if (!delta) continue;
      reply += delta;
      yield { type: "delta", text: delta };
    }
    if (!reply.trim()) failure = new AiError("empty");
  } catch (error) {
    failure = isAiError(error)
      ? error
      : signal?.aborted
        ? new AiError("aborted", "Stopped by the learner", { cause: error })
        : new AiError("failed", "Unexpected error while streaming", { cause: error });
  }

  if (!failure) {
    const bot = await saveBot(deps, userId, request, reply, "complete");
    await commitUse(deps.usage, userId, reservation.reservationId);
    if (bot) yield { type: "done", message: bot.message, session: bot.session };
    return;
  }

  if (failure.kind === "aborted") {
    // Stop: keep what arrived; a use is charged only if something did.
    if (reply.trim()) {
      await saveBot(deps, userId, request, reply, "stopped");
      await commitUse(deps.usage, userId, reservation.reservationId);
    } else {
      await releaseUse(deps.usage, userId, reservation.reservationId);
    }
    return;
  }

  console.warn(`[chat] reply failed (${failure.kind}): ${failure.message}`);
  await releaseUse(deps.usage, userId, reservation.reservationId);
  const text = failure.userMessage;
  const bot = await saveBot(deps, userId, request, text, "error");
  yield {
    type: "error",
    kind: failure.kind,
    text,
    message: bot?.message ?? null,
    session: bot?.session ?? saved.session,
  };
}

async function saveBot(
  deps: ChatReplyDeps,
  userId: string,
  request: ReplyRequest & { clientKey: string },
  text: string,
  status: "complete" | "stopped" | "error",
) {
  const result = await saveChatMessage(deps.db, userId, {
    sessionId: request.sessionId,
    type: "bot",
    text,
    status,
    clientKey: request.clientKey,
  });
  return result.status === "saved" ? result : null;
}

/** Runs a reply to its end (the form post with JavaScript off, tests): the last event. */
export async function collectReply(
  events: AsyncGenerator<ReplyEvent>,
): Promise<{ reply: string; last: ReplyEvent | null }> {
  let reply = "";
  let last: ReplyEvent | null = null;
  for await (const event of events) {
    if (event.type === "delta") reply += event.text;
    last = event;
  }
  return { reply, last };
}

/** How often a silent reply stream says it is still there. */
const HEARTBEAT_MS = 3_000;

/**
 * The reply as server-sent events (`event: ready|delta|done|error`, JSON
 * data). The reply runs to its end even when the learner goes away: the
 * provider call is aborted and what arrived is still saved (`waitUntil` keeps
 * the worker alive for that).
 */
export function replyEventStream(
  events: AsyncGenerator<ReplyEvent>,
  controller: AbortController,
  waitUntil: (promise: Promise<unknown>) => void,
): ReadableStream<Uint8Array> {
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  const writer = writable.getWriter();
  const encoder = new TextEncoder();
  let open = true;
  const write = async (chunk: string) => {
    if (!open) return;
    try {
      await writer.write(encoder.encode(chunk));
    } catch {
      // The learner went away (Stop, closed tab): stop the provider, keep saving.
      open = false;
      controller.abort();
    }
  };
  writer.closed.catch(() => {
    open = false;
    controller.abort();
  });
  const pump = (async () => {
    // An SSE comment first, so proxies and the browser start the stream at once.
    await write(": mentor reply\n\n");
    // While the model is silent (thinking, or stalled), a comment now and then: proxies
    // keep the stream open, and a learner who has gone (Stop, closed tab) is noticed
    // when the write fails, which stops the provider call.
    const heartbeat = setInterval(() => void write(": still working\n\n"), HEARTBEAT_MS);
    try {
      for await (const event of events) {
        await write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      }
    } catch (error) {
      console.error("[chat] reply stream failed:", error);
      await write(
        `event: error\ndata: ${JSON.stringify({ type: "error", kind: "failed", text: CHAT_ERROR_MESSAGES.failed, message: null, session: null })}\n\n`,
      );
    } finally {
      clearInterval(heartbeat);
      if (open) await writer.close().catch(() => undefined);
    }
  })();
  waitUntil(pump);
  return readable;
}
