/**
 * What the chat says when a mentor reply fails. The empty-reply text
 * is the spec's own; the others follow its guidance (connection, high demand,
 * rephrase).
 */
export const CHAT_ERROR_MESSAGES = {
  empty: "Sorry, I could not get a response. Please try again.",
  connection:
    "I could not reach the mentor service. Please check your internet connection and try again.",
  busy: "The mentor is in high demand right now. Please wait a moment and try again.",
  timeout: "The mentor took too long to answer. Please try again.",
  failed: "Something went wrong while generating a reply. Please try rephrasing your message.",
  unsupported: "This needs the AI mentor, which is not configured on this server.",
  aborted: "The reply was stopped.",
} as const;

export type ChatErrorKind = keyof typeof CHAT_ERROR_MESSAGES;

/** What the chat says about a reply that did not arrive whole, beside its Retry button. */
export const CHAT_RETRY_MESSAGES = {
  unanswered: "No reply arrived for this message.",
  cutOff: "The connection was lost before the reply was finished: this reply is incomplete.",
  retry: "Retry",
} as const;
