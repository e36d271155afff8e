import { MentorText } from "~/components/chat/mentor-text";
import type { ChatMessageType } from "~/lib/chat-conversation";

/**
 * The text of one saved message: the mentor's replies through the chat's safe
 * Markdown renderer, the learner's own words as plain text. This is the only
 * place the history screen renders message text.
 */
export function MessageText({ type, text }: { type: ChatMessageType; text: string }) {
  if (type === "bot") {
    return (
      <div className="break-words leading-relaxed">
        <MentorText text={text} />
      </div>
    );
  }
  return <div className="whitespace-pre-wrap break-words leading-relaxed">{text}</div>;
}
