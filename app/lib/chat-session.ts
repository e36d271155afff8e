/**
 * Conversation rules shared by the chat screens and the server: session ids,
 * titles, the limits on what a message may hold, the
 * history date labels and the chat service's messages.
 */
import { z } from "zod";
import { CHAT_FUNCTIONS, DEFAULT_CHAT_FUNCTION } from "./chat-functions";

/** The title of a conversation nobody has named yet. */
export const DEFAULT_CHAT_TITLE = "New Conversation";

/** Titles made from the first message are cut to this many characters. */
export const AUTO_TITLE_LENGTH = 60;

/** A renamed title may be at most this long. */
export const MAX_TITLE_LENGTH = 120;

/** A learner message may be at most this long; longer ones are refused, never cut silently. */
export const MAX_MESSAGE_LENGTH = 4_000;

/** A saved message (a stored mentor reply may be longer than a learner's message). */
export const MAX_STORED_MESSAGE_LENGTH = 32_000;

/** Saved chat messages one account may keep (learner's and mentor's together). */
export const MAX_SAVED_MESSAGES_PER_ACCOUNT = 5_000;

/** Defaults of GET /api/chats/history, and the history screen's page size. */
export const CHAT_HISTORY_DEFAULT_LIMIT = 20;
export const CHAT_HISTORY_PAGE_SIZE = 50;
export const CHAT_HISTORY_MAX_LIMIT = 100;

/** The chat service's failure messages. */
export const CHAT_SERVICE_MESSAGES = {
  fetchHistory: "Failed to fetch chat history",
  fetchSession: "Failed to fetch chat session",
  saveMessage: "Failed to save message",
  createSession: "Failed to create chat session",
  updateTitle: "Failed to update chat title",
  deleteSession: "Failed to delete chat session",
  clearHistory: "Failed to clear chat history",
} as const;

/** Answers of the chat API and pages that the spec leaves unnamed. */
export const CHAT_MESSAGES = {
  sessionNotFound: "Chat session not found",
  sessionExists: "Chat session already exists",
  invalidSessionId: "Invalid chat session id",
  emptyMessage: "Please type a message.",
  messageTooLong: `Messages can be up to ${MAX_MESSAGE_LENGTH.toLocaleString("en-IN")} characters.`,
  titleRequired: "Please enter a title.",
  titleTooLong: `Titles can be up to ${MAX_TITLE_LENGTH} characters.`,
  /** Added after a 'limit exceeded' answer. */
  upgrade: "Please upgrade your plan to continue chatting.",
  renamed: "Conversation renamed",
  deleted: "Conversation deleted",
  cleared: "Chat history cleared",
  saved: "Message saved",
  storageFull: `You have ${MAX_SAVED_MESSAGES_PER_ACCOUNT.toLocaleString("en-IN")} saved chat messages, the most one account can keep. Delete some conversations in Chat History to continue.`,
  created: "Chat session created",
} as const;

/**
 * 'chat_' + milliseconds since the epoch + '_' + random lower-case letters
 * and digits. The underscore between the parts is optional so ids
 * made without it are accepted too.
 */
export const CHAT_SESSION_ID_PATTERN = /^chat_\d{12,16}_?[a-z0-9]{4,32}$/;

export function isChatSessionId(value: unknown): value is string {
  return typeof value === "string" && CHAT_SESSION_ID_PATTERN.test(value);
}

/** A new session id, made the way the spec's client makes them. */
export function newChatSessionId(now: number = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  const random = Array.from(bytes, (byte) => (byte % 36).toString(36)).join("");
  return `chat_${now}_${random}`;
}

/** The title a conversation gets from its first message: one line, cut at a word. */
export function titleFromMessage(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (!flat) return DEFAULT_CHAT_TITLE;
  if (flat.length <= AUTO_TITLE_LENGTH) return flat;
  const cut = flat.slice(0, AUTO_TITLE_LENGTH - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > AUTO_TITLE_LENGTH / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** The same calendar day count the learner sees, in the given time zone. */
function calendarDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(new Date(at));
  return Math.floor(Date.parse(`${parts}T00:00:00Z`) / 86_400_000);
}

/**
 * The history list's date label: Today, Yesterday, 'N days ago' up to
 * a week, else a local date. Days are calendar days in the learner's zone.
 */
export function chatDateLabel(at: number, now: number, timeZone = "Asia/Kolkata"): string {
  const days = calendarDay(now, timeZone) - calendarDay(at, timeZone);
  if (days <= 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return `${days} days ago`;
  return new Intl.DateTimeFormat("en-IN", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
  }).format(new Date(at));
}

/** A learner's send: the chat form (JavaScript on or off) and POST /api/chats/stream. */
export const chatSendSchema = z.object({
  sessionId: z
    .string({ error: CHAT_MESSAGES.invalidSessionId })
    .regex(CHAT_SESSION_ID_PATTERN, CHAT_MESSAGES.invalidSessionId)
    .optional(),
  text: z
    .string({ error: CHAT_MESSAGES.emptyMessage })
    .trim()
    .min(1, CHAT_MESSAGES.emptyMessage)
    .max(MAX_MESSAGE_LENGTH, CHAT_MESSAGES.messageTooLong),
  function: z.enum(CHAT_FUNCTIONS).catch(DEFAULT_CHAT_FUNCTION).default(DEFAULT_CHAT_FUNCTION),
  /** The client's key for this send; a retry with the same key is the same send. */
  clientKey: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});

/** A new title for a conversation. */
export const chatTitleSchema = z.object({
  title: z
    .string({ error: CHAT_MESSAGES.titleRequired })
    .trim()
    .min(1, CHAT_MESSAGES.titleRequired)
    .max(MAX_TITLE_LENGTH, CHAT_MESSAGES.titleTooLong),
});
