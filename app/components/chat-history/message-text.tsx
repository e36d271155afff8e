import type { ChatMessageType } from "~/models/chat.server";

/**
 * The text of one saved message.
 *
 * MARKDOWN: the mentor's replies are markdown. When the chat screen's safe
 * markdown renderer (app/components/chat/markdown.tsx) is available, render
 * `type === "bot"` messages with it here; learners' messages stay plain text.
 * This is the only place the history screen renders message text.
 */
export function MessageText({ type: _type, text }: { type: ChatMessageType; text: string }) {
  return <div className="whitespace-pre-wrap break-words leading-relaxed">{text}</div>;
}
