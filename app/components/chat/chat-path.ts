/**
 * The chat page's address: which conversation is open (`sessionId`, or `new`
 * for a new one) and the mode of the next message (`function`), so a reload
 * or a bookmark comes back to the same conversation.
 */
import type { ChatFunction } from "~/lib/chat-functions";

/** The chat page's address for a conversation and mode. */
export function chatPath(options: {
  sessionId?: string | null;
  chatFunction: ChatFunction;
  fresh?: boolean;
}): string {
  const search = new URLSearchParams();
  if (options.sessionId) search.set("sessionId", options.sessionId);
  else if (options.fresh) search.set("new", "1");
  search.set("function", options.chatFunction);
  return `/chatbot?${search}`;
}

/**
 * Keeps the address in step with the conversation on screen (so a reload or
 * a bookmark comes back to it) without loading the page again: the
 * conversation is already here, and a reply may be streaming into it.
 */
export function showInAddressBar(path: string) {
  if (`${window.location.pathname}${window.location.search}` === path) return;
  window.history.replaceState(window.history.state, "", path);
}
