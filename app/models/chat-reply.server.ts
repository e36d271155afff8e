/**
 * One mentor reply, from the learner's message to the saved answer: the
 * pipeline shared by the streaming endpoint (SSE), the chat page's form post
 * (JavaScript off) and the home page's demo chat.
 *
 *   1. Access: without a plan or trial nothing is saved and the caller sends
 *      the learner to /plans; a send the meter refuses (the trial's chat, or
 *      the whole trial, spent) saves nothing either, and the caller shows the
 *      limit banner with its message.
 *   2. On the trial, one chatMessages use is reserved in the learner's Durable
 *      Object under the send's key (a retried send is one use) before the
 *      provider is asked. A plan's chat is unlimited, so nothing can refuse it:
 *      the provider is asked at once and the use is recorded, in one call,
 *      once the reply has arrived.
 *   3. The learner's message is saved (the conversation is created when first
 *      needed and named after it).
 *   4. The reply streams from the AI generator with the conversation's recent
 *      turns; the whole reply is saved and the use counted. A failure saves
 *      nothing for the reply (the learner's message stays, unanswered, and the
 *      chat offers Retry) and costs nothing; Stop, or a connection lost
 *      mid-reply, saves what arrived as 'stopped', charged only if something did.
 *      When the AI is unavailable the reply comes from the question bank, and
 *      one that found nothing to teach is saved but costs nothing either (the
 *      generator says so before its first text; the server decides, never the
 *      browser).
 *   5. A retried send (same key) saves no second message: a whole reply saved
 *      before is sent again, free; a send left unanswered, cut off or saved as
 *      an error text by an older version is answered afresh, the new reply
 *      taking the place of the unfinished one, and counted at most once.
 */
import type { ChatMessage, ChatSessionSummary } from "~/lib/chat-conversation";
import type { ChatFunction } from "~/lib/chat-functions";
import { CHAT_ERROR_MESSAGES, type ChatErrorKind } from "~/lib/chat-messages";
import {
  CHAT_MESSAGES,
  MAX_SAVED_MESSAGES_PER_ACCOUNT,
  titleFromMessage,
} from "~/lib/chat-session";
import { UNLIMITED } from "~/lib/plans";
import {
  AiError,
  type AiGenerator,
  isAiError,
  type ReplyOutcome,
} from "~/integrations/ai/index.server";
import { buildChatPrompt } from "~/integrations/ai/prompts";
import type { AppContext } from "~/load-context";
import {
  chatMessageFromRow,
  chatSessionSummaryFromRow,
  messagesByClientKeyQuery,
  recentTurnsQuery,
  savedMessageCountQuery,
  saveChatMessage,
  type SaveMessageResult,
  sessionByIdQuery,
  turnsFromRows,
} from "./chat.server";
import {
  type AccessRecord,
  accessRecordFromRows,
  accessRecordQueries,
} from "./subscription.server";
import {
  cannotRefuse,
  commitUse,
  recordUse,
  releaseUse,
  reserveUse,
  type UsageDeps,
  usageDeps,
  type UseDenied,
  type UseGranted,
} from "./usage.server";

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
  /** Uses counted so far, this one included; null on a plan, whose unlimited chat is counted once the reply has arrived. */
  used: number | null;
  limit: number;
  remaining: number;
};

/** What the streaming endpoint sends, in order: one `ready`, `delta`s, then `done` or `error`. */
export type ReplyEvent =
  | {
      type: "ready";
      /** The conversation as it stands (a new one already carries the title it is getting). */
      session: ChatSessionSummary;
      usage: ReplyUsage | null;
      /** The generator answering: "Gemini (…)" or "Offline mentor". */
      mentor: string;
    }
  | { type: "delta"; text: string }
  | { type: "done"; message: ChatMessage; session: ChatSessionSummary }
  | {
      type: "error";
      kind: ChatErrorKind;
      /** What the chat shows in place of the reply; never saved as one. */
      text: string;
      /** Always null: a failed reply is not saved (the field stays for the API's clients). */
      message: null;
      session: ChatSessionSummary | null;
    };

export type StartedReply =
  | { status: "no-access" }
  /** The account keeps the most saved messages it may: nothing was saved or charged. */
  | { status: "full"; message: string }
  /** The meter refused the send's use: nothing was saved. */
  | { status: "refused"; denial: UseDenied }
  | { status: "not-found" }
  | { status: "started"; events: AsyncGenerator<ReplyEvent> };

/**
 * How a send's use is counted: reserved before the provider is asked (the
 * trial, which can run out), or recorded once the reply has arrived (a plan's
 * unlimited chat, which nothing can refuse).
 */
type Metering =
  { kind: "reserved"; grant: UseGranted } | { kind: "on-reply"; record: AccessRecord };

type Prepared = {
  request: ReplyRequest & { clientKey: string };
  session: ChatSessionSummary;
  earlierReply: ChatMessage | null;
  metering: Metering;
  /** The learner's message, being saved while the reply streams. */
  userSaved: Promise<SaveMessageResult>;
  /** The provider's reply, already asked for; null when no reply is to be generated. */
  reply: AsyncIterator<string> | null;
  firstDelta: Promise<IteratorResult<string>> | null;
  /** Set when the reply is composed from the question bank. */
  outcome: () => ReplyOutcome | null;
};

/** A send's key: the client's, or one made up for a send that has none. */
export function sendKey(request: { clientKey?: string | null }): string {
  return request.clientKey || crypto.randomUUID();
}

/**
 * Everything a reply is decided and prompted from, as one D1 batch: the
 * learner's plan and trial, the conversation (whoever owns it), its recent
 * turns and anything saved earlier under this send's key.
 */
export function replyContextQueries(
  db: ChatReplyDeps["db"],
  userId: string,
  request: ReplyRequest & { clientKey: string },
  now: number,
) {
  return [
    ...accessRecordQueries(db, userId, now),
    sessionByIdQuery(db, request.sessionId),
    recentTurnsQuery(db, userId, request.sessionId),
    messagesByClientKeyQuery(db, userId, request.sessionId, request.clientKey),
    savedMessageCountQuery(db, userId),
  ] as const;
}

/** Reads replyContextQueries: what startReply needs, when the caller did not read it already. */
export async function readReplyContext(
  deps: Pick<ChatReplyDeps, "db" | "usage">,
  userId: string,
  request: ReplyRequest,
) {
  const clientKey = sendKey(request);
  const now = deps.usage.now();
  const rows = await deps.db.batch(
    replyContextQueries(deps.db, userId, { ...request, clientKey }, now),
  );
  return { now, clientKey, rows };
}

export type ReplyContext = Awaited<ReturnType<typeof readReplyContext>>;

/**
 * Starts a reply. Access and ownership are decided before anything streams,
 * so the caller can answer 403 (go to /plans) or 404 instead of a stream.
 * Everything the decision and the prompt need is read in one D1 batch. A
 * plan's unlimited chat asks the provider at once (its use is recorded when
 * the reply has arrived); a trial's only once the meter has reserved the use.
 * The learner's message is saved while the reply streams.
 * `signal` is the learner's: Stop or leaving the page aborts the provider call.
 */
export async function startReply(
  deps: ChatReplyDeps,
  userId: string,
  request: ReplyRequest,
  signal?: AbortSignal,
  /** What readReplyContext answers, when the caller read it alongside authentication. */
  preRead?: ReplyContext,
): Promise<StartedReply> {
  const context = preRead ?? (await readReplyContext(deps, userId, request));
  const { now, clientKey } = context;
  const [periods, trialRows, firstPlanRows, sessionRows, turnRows, keyedRows, [stored]] =
    context.rows;
  const row = sessionRows[0];
  // Someone else's conversation behaves like one that does not exist.
  if (row && row.userId !== userId) return { status: "not-found" };

  const record = accessRecordFromRows(periods, trialRows, firstPlanRows, now);
  const keyedReply = keyedRows.find((message) => message.type === "bot");
  // Only a whole reply answers the send again; a cut-off or error one is answered afresh.
  const earlier = keyedReply?.status === "complete" ? keyedReply : undefined;
  const sentBefore = keyedRows.some((message) => message.type === "user");
  // A new send keeps two messages (the learner's and the reply): it needs room for both.
  const toKeep = (sentBefore ? 0 : 1) + (keyedReply ? 0 : 1);
  if (toKeep > 0 && (stored?.count ?? 0) + toKeep > MAX_SAVED_MESSAGES_PER_ACCOUNT) {
    return { status: "full", message: CHAT_MESSAGES.storageFull };
  }

  let reply: AsyncIterator<string> | null = null;
  let firstDelta: Promise<IteratorResult<string>> | null = null;
  let outcome: ReplyOutcome | null = null;
  const ask = () => {
    // A retried send's own message is not context for itself.
    const turns = turnsFromRows(turnRows.filter((turn) => turn.clientKey !== clientKey));
    const prompt = buildChatPrompt({
      functionKey: request.function,
      history: turns.map((turn) => ({
        role: turn.type === "user" ? ("user" as const) : ("model" as const),
        text: turn.text,
      })),
      message: request.text,
    });
    reply = deps.ai
      .streamText({
        ...prompt,
        mode: request.function,
        signal,
        onOutcome: (told) => (outcome = told),
      })
      [Symbol.asyncIterator]();
    firstDelta = reply.next();
    // Read in replyEvents; this only keeps an early failure from being reported as unhandled.
    firstDelta.catch(() => undefined);
  };

  let metering: Metering;
  if (cannotRefuse(record, "chatMessages", now)) {
    // A plan's chat is unlimited: nothing to wait for before the provider is asked.
    metering = { kind: "on-reply", record };
    if (!earlier) ask();
  } else {
    const reservation = await reserveChatUse(
      deps,
      userId,
      clientKey,
      record,
      // A reply cut off after some text was charged under the key: that use stands for the retry.
      sentBefore && keyedReply?.status !== "stopped" && !earlier,
    );
    if (!reservation.ok) {
      // Nothing is saved for a refused send: no message, no new conversation.
      return reservation.reason === "none"
        ? { status: "no-access" }
        : { status: "refused", denial: reservation };
    }
    metering = { kind: "reserved", grant: reservation };
    if (!earlier) ask();
  }

  const session: ChatSessionSummary = row
    ? chatSessionSummaryFromRow(row)
    : {
        sessionId: request.sessionId,
        title: titleFromMessage(request.text),
        function: request.function,
        messageCount: 0,
        lastActivity: now,
        createdAt: now,
      };
  // From here on nothing waits: the message is saved and the provider asked at once.
  const userSaved = saveChatMessage(deps.db, userId, {
    sessionId: request.sessionId,
    type: "user",
    text: request.text,
    function: request.function,
    clientKey,
  }).catch((error: unknown) => {
    console.error("[chat] saving the learner's message failed:", error);
    return { status: "not-found" as const };
  });
  return {
    status: "started",
    events: replyEvents(
      deps,
      userId,
      {
        request: { ...request, clientKey },
        session,
        earlierReply: earlier ? chatMessageFromRow(earlier) : null,
        metering,
        userSaved,
        reply,
        firstDelta,
        outcome: () => outcome,
      },
      signal,
    ),
  };
}

/**
 * Reserves the send's use. A send whose first attempt ended without a reply
 * (stopped before any text, or cut off) may already have had its use given
 * back, and the meter would answer its key with that spent reservation again:
 * that one is given back (harmless if it was) and this attempt reserves its own.
 */
async function reserveChatUse(
  deps: ChatReplyDeps,
  userId: string,
  clientKey: string,
  record: AccessRecord,
  retryingUnanswered: boolean,
): Promise<UseGranted | UseDenied> {
  const first = await reserveUse(
    deps.usage,
    userId,
    "chatMessages",
    `chat:${clientKey}`,
    1,
    record,
  );
  if (!retryingUnanswered || !first.ok) return first;
  await releaseUse(deps.usage, userId, first.reservationId);
  return reserveUse(
    deps.usage,
    userId,
    "chatMessages",
    `chat:${clientKey}:retry:${crypto.randomUUID()}`,
    1,
    record,
  );
}

async function* replyEvents(
  deps: ChatReplyDeps,
  userId: string,
  prepared: Prepared,
  signal?: AbortSignal,
): AsyncGenerator<ReplyEvent> {
  const { request, metering, userSaved } = prepared;
  // A reply from the question bank that found nothing to teach is given, not charged.
  const charge = () =>
    prepared.outcome()?.teaches === false
      ? giveUseBack(deps, userId, metering)
      : chargeUse(deps, userId, metering, request.clientKey);
  const giveBack = () => giveUseBack(deps, userId, metering);

  yield {
    type: "ready",
    session: prepared.session,
    usage: usageOf(metering),
    mentor: deps.ai.label,
  };

  // A retried send whose whole reply was already saved gets that reply again, free.
  const earlier = prepared.earlierReply;
  if (earlier) {
    const saved = await userSaved;
    const session = saved.status === "saved" ? saved.session : prepared.session;
    await giveBack();
    yield { type: "delta", text: earlier.text };
    yield { type: "done", message: earlier, session };
    return;
  }

  if (!prepared.reply || !prepared.firstDelta) return;
  let reply = "";
  let failure: AiError | null = null;
  try {
    let next = await prepared.firstDelta;
    while (!next.done) {
      if (next.value) {
        reply += next.value;
        yield { type: "delta", text: next.value };
      }
      next = await prepared.reply.next();
    }
    if (!reply.trim()) failure = new AiError("empty");
  } catch (error) {
    failure = isAiError(error)
      ? error
      : signal?.aborted
        ? new AiError("aborted", "Stopped by the learner", { cause: error })
        : new AiError("failed", "Unexpected error while streaming", { cause: error });
  }

  const saved = await userSaved;
  if (saved.status !== "saved") {
    await giveBack();
    yield {
      type: "error",
      kind: "failed",
      text: CHAT_ERROR_MESSAGES.failed,
      message: null,
      session: null,
    };
    return;
  }

  if (!failure) {
    const bot = await saveBot(deps, userId, request, reply, "complete");
    await charge();
    if (bot) yield { type: "done", message: bot.message, session: bot.session };
    return;
  }

  if (failure.kind === "aborted") {
    // Stop: keep what arrived; a use is charged only if something did.
    if (reply.trim()) {
      await saveBot(deps, userId, request, reply, "stopped");
      await charge();
    } else {
      await giveBack();
    }
    return;
  }

  // No reply: nothing is saved in its place (the learner's message stays, to be retried) and
  // the use is given back.
  console.warn(`[chat] reply failed (${failure.kind}): ${failure.message}`);
  await giveBack();
  yield {
    type: "error",
    kind: failure.kind,
    text: failure.userMessage,
    message: null,
    session: saved.session,
  };
}

function usageOf(metering: Metering): ReplyUsage | null {
  if (metering.kind === "on-reply") {
    return { accessType: "subscription", used: null, limit: UNLIMITED, remaining: UNLIMITED };
  }
  const { accessType, used, limit, remaining } = metering.grant;
  return { accessType, used, limit, remaining };
}

/** The learner got a reply: the trial's reserved use stays counted, a plan's is recorded now. */
async function chargeUse(
  deps: ChatReplyDeps,
  userId: string,
  metering: Metering,
  clientKey: string,
): Promise<void> {
  if (metering.kind === "reserved") {
    await commitUse(deps.usage, userId, metering.grant.reservationId);
  } else if (metering.kind === "on-reply") {
    // The reply stands whatever the meter says: a plan's chat is never refused.
    await recordUse(
      deps.usage,
      userId,
      "chatMessages",
      `chat:${clientKey}`,
      1,
      metering.record,
    ).catch((error: unknown) => console.error("[chat] counting the reply failed:", error));
  }
}

/** No reply (an error, Stop before any text, an answer given before): the trial's use is given back. */
async function giveUseBack(deps: ChatReplyDeps, userId: string, metering: Metering) {
  if (metering.kind === "reserved") {
    await releaseUse(deps.usage, userId, metering.grant.reservationId);
  }
}

async function saveBot(
  deps: ChatReplyDeps,
  userId: string,
  request: ReplyRequest & { clientKey: string },
  text: string,
  status: "complete" | "stopped",
) {
  const result = await saveChatMessage(deps.db, userId, {
    sessionId: request.sessionId,
    type: "bot",
    text,
    status,
    clientKey: request.clientKey,
    // A retry's reply takes the place of the send's cut-off or error one.
    replaceUnfinished: true,
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
