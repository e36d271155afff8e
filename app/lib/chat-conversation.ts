/**
 * What a mentor conversation is, as the server reads it and the chat and
 * history screens show it (docs/api.md, "Chat"): a session summary, its
 * messages, and the detail that carries both. Times are milliseconds since
 * the epoch; the API sends them as ISO 8601 strings.
 */
import type { ChatFunction } from "./chat-functions";

export type ChatMessageType = "user" | "bot";

/** Whether a mentor reply is whole, was stopped by the learner, or is the error text the chat showed. */
export type ChatMessageStatus = "complete" | "stopped" | "error";

/** A chat session summary. */
export type ChatSessionSummary = {
  sessionId: string;
  title: string;
  function: ChatFunction;
  messageCount: number;
  /** Milliseconds since the epoch. */
  lastActivity: number;
  createdAt: number;
};

/** One message of a conversation. */
export type ChatMessage = {
  id: number;
  type: ChatMessageType;
  text: string;
  status: ChatMessageStatus;
  timestamp: number;
};

/** A saved message with the key of the send it belongs to (a retry of the send reuses it). */
export type SavedMessage = ChatMessage & { clientKey: string | null };

/** A chat session with its messages, oldest first. */
export type ChatSessionDetail = ChatSessionSummary & { messages: SavedMessage[] };
