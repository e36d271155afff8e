/**
 * The chat history screen's state, kept in its address so every part of it
 * (search, function filter, how many pages are shown, the open conversation,
 * a pending confirmation) works with JavaScript off and survives a reload:
 *
 *   /chat-history?q=…&function=…&page=…&sessionId=…[&confirm=delete&target=…|&confirm=clear][&rename=1]
 */
import { type ChatFunction, isChatFunction } from "./chat-functions";
import { isChatSessionId } from "./chat-session";

export const CHAT_HISTORY_PATH = "/chat-history";

/** A search longer than this is cut; nobody types more into a search box. */
export const MAX_HISTORY_SEARCH_LENGTH = 200;

/** "Load more" shows at most this many pages of CHAT_HISTORY_PAGE_SIZE at once. */
export const MAX_HISTORY_PAGES = 20;

export type HistoryView = {
  /** Matches titles and message text. */
  q: string;
  /** null: all functions. */
  function: ChatFunction | null;
  /** How many pages of the list are shown (1 to MAX_HISTORY_PAGES). */
  page: number;
  /** The open conversation. */
  sessionId: string | null;
};

export type HistoryConfirm = { kind: "delete"; target: string } | { kind: "clear" } | null;

export function parseHistoryView(params: URLSearchParams): HistoryView {
  const fn = params.get("function");
  const sessionId = params.get("sessionId");
  const page = Number.parseInt(params.get("page") ?? "", 10);
  return {
    q: (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_HISTORY_SEARCH_LENGTH),
    function: isChatFunction(fn) ? fn : null,
    page: Number.isFinite(page) ? Math.min(Math.max(page, 1), MAX_HISTORY_PAGES) : 1,
    sessionId: isChatSessionId(sessionId) ? sessionId : null,
  };
}

/** The confirmation step asked for in the address (the no-JavaScript path to delete and clear). */
export function parseHistoryConfirm(params: URLSearchParams): HistoryConfirm {
  const confirm = params.get("confirm");
  if (confirm === "clear") return { kind: "clear" };
  const target = params.get("target");
  if (confirm === "delete" && isChatSessionId(target)) return { kind: "delete", target };
  return null;
}

export function isFiltered(view: HistoryView): boolean {
  return Boolean(view.q || view.function);
}

/** The screen's address for a view, with optional extra parameters (confirm, rename). */
export function historyHref(
  view: HistoryView,
  changes: Partial<HistoryView> = {},
  extra: Record<string, string> = {},
): string {
  const next = { ...view, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  if (next.function) params.set("function", next.function);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.sessionId) params.set("sessionId", next.sessionId);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const search = params.toString();
  return search ? `${CHAT_HISTORY_PATH}?${search}` : CHAT_HISTORY_PATH;
}

/** Continue Chat goes to /chatbot with the conversation's sessionId. */
export function continueChatHref(sessionId: string): string {
  return `/chatbot?${new URLSearchParams({ sessionId })}`;
}

export function messageCountLabel(count: number): string {
  return count === 1 ? "1 message" : `${count.toLocaleString("en-IN")} messages`;
}

export function conversationCountLabel(count: number): string {
  return count === 1 ? "1 conversation" : `${count.toLocaleString("en-IN")} conversations`;
}
