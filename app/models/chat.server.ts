/**
 * Mentor conversations in D1: sessions and their messages, always read and
 * written for one owner. A session id that belongs to someone else behaves
 * exactly like one that does not exist (the answer never says which), except
 * that it cannot be created again (409).
 */
import { and, desc, eq, inArray, lt, or, type Placeholder, sql, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { placeholder, prebuilt } from "~/db/prebuilt.server";
import { chatMessages, chatSessions } from "~/db/schema";
import type {
  ChatMessage,
  ChatMessageStatus,
  ChatMessageType,
  ChatSessionDetail,
  ChatSessionSummary,
} from "~/lib/chat-conversation";
import { type ChatFunction, DEFAULT_CHAT_FUNCTION } from "~/lib/chat-functions";
import {
  CHAT_HISTORY_DEFAULT_LIMIT,
  CHAT_HISTORY_MAX_LIMIT,
  DEFAULT_CHAT_TITLE,
  MAX_SAVED_MESSAGES_PER_ACCOUNT,
  MAX_STORED_MESSAGE_LENGTH,
  titleFromMessage,
} from "~/lib/chat-session";

type SessionRow = typeof chatSessions.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;

function toSummary(row: SessionRow): ChatSessionSummary {
  return {
    sessionId: row.id,
    title: row.title,
    function: row.function,
    messageCount: row.messageCount,
    lastActivity: row.lastActivity.getTime(),
    createdAt: row.createdAt.getTime(),
  };
}

function toMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    status: row.status,
    timestamp: row.createdAt.getTime(),
  };
}

/** `%` and `_` typed by a learner are searched for, not wildcards. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

export type HistoryQuery = {
  limit?: number;
  skip?: number;
  /** Matches titles and the text of any message, case-insensitively. */
  search?: string;
  function?: ChatFunction | null;
};

export type HistoryPage = {
  sessions: ChatSessionSummary[];
  total: number;
  limit: number;
  skip: number;
  hasMore: boolean;
};

/** One page of a learner's conversations, most recent first. */
export async function listChatSessions(
  db: Database,
  userId: string,
  query: HistoryQuery = {},
): Promise<HistoryPage> {
  const limit = Math.min(
    Math.max(1, Math.trunc(query.limit ?? CHAT_HISTORY_DEFAULT_LIMIT)),
    CHAT_HISTORY_MAX_LIMIT,
  );
  const skip = Math.max(0, Math.trunc(query.skip ?? 0));
  const conditions: SQL[] = [eq(chatSessions.userId, userId)];
  if (query.function) conditions.push(eq(chatSessions.function, query.function));
  const search = query.search?.trim();
  if (search) {
    const pattern = likePattern(search);
    conditions.push(
      or(
        sql`${chatSessions.title} LIKE ${pattern} ESCAPE '\\'`,
        // One pass over the learner's own messages (the user index), not one per conversation.
        sql`${chatSessions.id} IN (SELECT ${chatMessages.sessionId} FROM ${chatMessages} WHERE ${chatMessages.userId} = ${userId} AND ${chatMessages.text} LIKE ${pattern} ESCAPE '\\')`,
      ) as SQL,
    );
  }
  const where = and(...conditions);
  // One D1 round trip for the page and its total.
  const [rows, [count]] = await db.batch([
    db
      .select()
      .from(chatSessions)
      .where(where)
      .orderBy(desc(chatSessions.lastActivity), desc(chatSessions.id))
      .limit(limit)
      .offset(skip),
    db
      .select({ total: sql<number>`count(*)` })
      .from(chatSessions)
      .where(where),
  ]);
  const total = count?.total ?? 0;
  return {
    sessions: rows.map(toSummary),
    total,
    limit,
    skip,
    hasMore: skip + rows.length < total,
  };
}

async function ownedSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<SessionRow | null> {
  const [row] = await db
    .select()
    .from(chatSessions)
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .limit(1);
  return row ?? null;
}

export async function getChatSessionSummary(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<ChatSessionSummary | null> {
  const row = await ownedSession(db, userId, sessionId);
  return row ? toSummary(row) : null;
}

/** A conversation with every message, oldest first; null when it is not the learner's. */
export async function getChatSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<ChatSessionDetail | null> {
  const [[row], messages] = await db.batch([
    db
      .select()
      .from(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
      .limit(1),
    messagesQuery(db, userId, sql`${sessionId}`),
  ]);
  return row ? detailOf(row, messages) : null;
}

/** The id of the learner's most recently active conversation (placeholder userId). */
function latestIdQuery(db: Database) {
  return db
    .select({ id: chatSessions.id })
    .from(chatSessions)
    .where(eq(chatSessions.userId, placeholder("userId")))
    .orderBy(desc(chatSessions.lastActivity), desc(chatSessions.id))
    .limit(1);
}

/** The latest conversation and its messages, built once per isolate (db/prebuilt.server.ts). */
const LATEST_SESSION = prebuilt((db) =>
  db
    .select()
    .from(chatSessions)
    .where(
      and(
        eq(chatSessions.userId, placeholder("userId")),
        eq(chatSessions.id, sql`(${latestIdQuery(db)})`),
      ),
    )
    .limit(1),
);
const LATEST_MESSAGES = prebuilt((db) =>
  messagesQuery(db, placeholder("userId"), sql`(${latestIdQuery(db)})`),
);

/**
 * The conversation the chat screen opens with — the most recently active one,
 * with its messages — as statements for a batch (the page rides the chrome's);
 * latestChatOf reads their results.
 */
export function latestChatStatements(db: Database, userId: string): D1PreparedStatement[] {
  return [LATEST_SESSION.bind(db, { userId }), LATEST_MESSAGES.bind(db, { userId })];
}

/** latestChatStatements' results as the conversation, null when the learner has none. */
export function latestChatOf(
  db: Database,
  [sessionResult, messagesResult]: readonly D1Result[],
): ChatSessionDetail | null {
  const [row] = LATEST_SESSION.rows(db, sessionResult);
  return row ? detailOf(row, LATEST_MESSAGES.rows(db, messagesResult)) : null;
}

/** The learner's messages in one conversation (`sessionId`: a value or a subquery), oldest first. */
function messagesQuery(db: Database, userId: string | Placeholder<"userId">, sessionId: SQL) {
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.userId, userId)))
    .orderBy(chatMessages.id);
}

function detailOf(
  row: SessionRow,
  messages: (typeof chatMessages.$inferSelect)[],
): ChatSessionDetail {
  return {
    ...toSummary(row),
    messages: messages.map((message) => ({ ...toMessage(message), clientKey: message.clientKey })),
  };
}

export type CreateSessionInput = {
  sessionId: string;
  function?: ChatFunction;
  title?: string;
};

export type CreateSessionResult =
  | { status: "created"; session: ChatSessionSummary }
  | { status: "exists"; session: ChatSessionSummary | null };

/**
 * Creates a conversation under the client's id. An id already taken answers
 * `exists` (409 in the API), with the session only when it is the caller's.
 */
export async function createChatSession(
  db: Database,
  userId: string,
  input: CreateSessionInput,
  now: number = Date.now(),
): Promise<CreateSessionResult> {
  const title = input.title?.replace(/\s+/g, " ").trim();
  const inserted = await db
    .insert(chatSessions)
    .values({
      id: input.sessionId,
      userId,
      function: input.function ?? DEFAULT_CHAT_FUNCTION,
      title: title || DEFAULT_CHAT_TITLE,
      titleEdited: Boolean(title && title !== DEFAULT_CHAT_TITLE),
      lastActivity: new Date(now),
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning();
  const row = inserted[0];
  if (row) return { status: "created", session: toSummary(row) };
  return { status: "exists", session: await getChatSessionSummary(db, userId, input.sessionId) };
}

export type SaveMessageInput = {
  sessionId: string;
  type: ChatMessageType;
  text: string;
  /** The conversation's function now; a new session takes it, an existing one follows it. */
  function?: ChatFunction;
  status?: ChatMessageStatus;
  /** The client's key for this send: the same key saves one message. */
  clientKey?: string | null;
  /**
   * A mentor reply saved under the key before that is not whole (cut off, or
   * an error text) is replaced by this one; a whole one is never replaced.
   */
  replaceUnfinished?: boolean;
};

export type SaveMessageResult =
  | { status: "saved"; message: ChatMessage; session: ChatSessionSummary; created: boolean }
  | { status: "not-found" }
  /** The account keeps the most saved messages it may: nothing was written. */
  | { status: "full" };

/**
 * Saves one message, creating the conversation when it is first needed,
 * in one D1 batch (one transaction): the first learner message names
 * an unnamed conversation. A session id owned by someone else answers
 * `not-found`, and nothing is written.
 */
export async function saveChatMessage(
  db: Database,
  userId: string,
  input: SaveMessageInput,
  now: number = Date.now(),
): Promise<SaveMessageResult> {
  const at = new Date(now);
  const text = input.text.slice(0, MAX_STORED_MESSAGE_LENGTH);
  const clientKey = input.clientKey ?? null;
  const status = input.status ?? "complete";
  const owned = and(eq(chatSessions.id, input.sessionId), eq(chatSessions.userId, userId));
  const title =
    input.type === "user"
      ? sql`CASE WHEN ${chatSessions.titleEdited} = 0 AND ${chatSessions.title} = ${DEFAULT_CHAT_TITLE} THEN ${titleFromMessage(text)} ELSE ${chatSessions.title} END`
      : sql`${chatSessions.title}`;
  // The account's ceiling, read inside each statement of the batch (one
  // transaction): a message past it writes nothing at all, and concurrent
  // saves cannot pass it together.
  const roomLeft = sql`(SELECT count(*) FROM ${chatMessages} WHERE ${chatMessages.userId} = ${userId}) < ${MAX_SAVED_MESSAGES_PER_ACCOUNT}`;
  const [createdRows, , insertedRows, updatedRows, [stored]] = await db.batch([
    db
      .insert(chatSessions)
      .select(
        sql`SELECT ${input.sessionId}, ${userId}, ${input.function ?? DEFAULT_CHAT_FUNCTION}, ${DEFAULT_CHAT_TITLE}, 0, 0, ${now}, ${now} WHERE ${roomLeft}`,
      )
      .onConflictDoNothing()
      .returning({ id: chatSessions.id }),
    db
      .update(chatSessions)
      .set({
        lastActivity: at,
        title,
        ...(input.function ? { function: input.function } : {}),
      })
      .where(and(owned, roomLeft)),
    // Written only into the caller's own conversation.
    db
      .insert(chatMessages)
      .select(
        db
          .select({
            id: sql`NULL`.as("id"),
            sessionId: chatSessions.id,
            userId: chatSessions.userId,
            type: sql`${input.type}`.as("type"),
            text: sql`${text}`.as("text"),
            status: sql`${status}`.as("status"),
            clientKey: sql`${clientKey}`.as("client_key"),
            createdAt: sql`${now}`.as("created_at"),
          })
          .from(chatSessions)
          .where(and(owned, roomLeft)),
      )
      .onConflictDoUpdate({
        target: [chatMessages.sessionId, chatMessages.clientKey, chatMessages.type],
        set: { text, status, createdAt: at },
        // Without replaceUnfinished (or over a whole reply) the update matches nothing.
        setWhere: input.replaceUnfinished ? sql`${chatMessages.status} != 'complete'` : sql`0`,
      })
      .returning(),
    db
      .update(chatSessions)
      .set({
        messageCount: sql`(SELECT count(*) FROM ${chatMessages} WHERE ${chatMessages.sessionId} = ${input.sessionId})`,
      })
      .where(owned)
      .returning(),
    savedMessageCountQuery(db, userId),
  ]);
  const summary = updatedRows[0];
  const full = insertedRows.length === 0 && (stored?.count ?? 0) >= MAX_SAVED_MESSAGES_PER_ACCOUNT;
  if (!summary) return full ? { status: "full" } : { status: "not-found" };
  const created = createdRows.length > 0;
  const message = insertedRows[0];
  if (message) {
    return { status: "saved", message: toMessage(message), session: toSummary(summary), created };
  }
  // The same send was saved before (same client key): answer that message.
  const existing = clientKey
    ? await findMessageByClientKey(db, userId, input.sessionId, clientKey, input.type)
    : null;
  if (!existing) return full ? { status: "full" } : { status: "not-found" };
  return { status: "saved", message: existing, session: toSummary(summary), created };
}

/** A message saved earlier under a client key, if any. */
async function findMessageByClientKey(
  db: Database,
  userId: string,
  sessionId: string,
  clientKey: string,
  type: ChatMessageType,
): Promise<ChatMessage | null> {
  const rows = await messagesByClientKeyQuery(db, userId, sessionId, clientKey);
  const row = rows.find((message) => message.type === type);
  return row ? toMessage(row) : null;
}

/**
 * The turns before a message, newest first, for the model's context: at most
 * `limit` of them, and never the error texts the chat saved in place of a
 * reply. A query, so callers batch it with their own reads (turnsFromRows
 * puts the rows in order).
 */
export function recentTurnsQuery(
  db: Database,
  userId: string,
  sessionId: string,
  options: { beforeId?: number; limit?: number } = {},
) {
  const conditions: SQL[] = [
    eq(chatMessages.sessionId, sessionId),
    eq(chatMessages.userId, userId),
    inArray(chatMessages.status, ["complete", "stopped"]),
  ];
  if (options.beforeId !== undefined) conditions.push(lt(chatMessages.id, options.beforeId));
  return db
    .select()
    .from(chatMessages)
    .where(and(...conditions))
    .orderBy(desc(chatMessages.id))
    .limit(options.limit ?? RECENT_TURNS);
}

/** Turns the model may see: at most this many, then cut further by the prompt's token budget. */
const RECENT_TURNS = 40;

/** Rows of recentTurnsQuery (newest first) as turns, oldest first. */
export function turnsFromRows(rows: MessageRow[]): ChatMessage[] {
  return [...rows].reverse().map(toMessage);
}

/** A conversation row by id, whoever owns it, for callers that batch it with their own reads. */
export function sessionByIdQuery(db: Database, sessionId: string) {
  return db.select().from(chatSessions).where(eq(chatSessions.id, sessionId)).limit(1);
}

/** How many messages the account keeps saved, batchable (the ceiling is MAX_SAVED_MESSAGES_PER_ACCOUNT). */
export function savedMessageCountQuery(db: Database, userId: string) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(chatMessages)
    .where(eq(chatMessages.userId, userId));
}

/** Messages saved under a client key (the learner's and the reply), batchable. */
export function messagesByClientKeyQuery(
  db: Database,
  userId: string,
  sessionId: string,
  clientKey: string,
) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.sessionId, sessionId),
        eq(chatMessages.userId, userId),
        eq(chatMessages.clientKey, clientKey),
      ),
    );
}

export { toMessage as chatMessageFromRow, toSummary as chatSessionSummaryFromRow };

/** Renames a conversation; null when it is not the learner's. */
export async function renameChatSession(
  db: Database,
  userId: string,
  sessionId: string,
  title: string,
): Promise<ChatSessionSummary | null> {
  const [row] = await db
    .update(chatSessions)
    .set({ title: title.replace(/\s+/g, " ").trim(), titleEdited: true })
    .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
    .returning();
  return row ? toSummary(row) : null;
}

/** Deletes one conversation and its messages; false when it is not the learner's. */
export async function deleteChatSession(
  db: Database,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  const [, deleted] = await db.batch([
    db
      .delete(chatMessages)
      .where(and(eq(chatMessages.sessionId, sessionId), eq(chatMessages.userId, userId))),
    db
      .delete(chatSessions)
      .where(and(eq(chatSessions.id, sessionId), eq(chatSessions.userId, userId)))
      .returning({ id: chatSessions.id }),
  ]);
  return deleted.length > 0;
}

/** Deletes every conversation of the learner; answers how many there were. */
export async function clearChatHistory(db: Database, userId: string): Promise<number> {
  const [, deleted] = await db.batch([
    db.delete(chatMessages).where(eq(chatMessages.userId, userId)),
    db
      .delete(chatSessions)
      .where(eq(chatSessions.userId, userId))
      .returning({ id: chatSessions.id }),
  ]);
  return deleted.length;
}
