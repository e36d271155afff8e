import { Link } from "@remix-run/react";
import { type FormEvent, memo, type ReactNode, useCallback, useEffect, useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import type { ChatFunction } from "~/lib/chat-functions";
import { CHAT_ERROR_MESSAGES, CHAT_RETRY_MESSAGES } from "~/lib/chat-messages";
import { SITE } from "~/lib/site";
import { MentorText } from "./mentor-text";
import type { ChatEntry } from "./use-mentor-chat";

/** How close to the bottom (px) still counts as following the conversation. */
const FOLLOW_SLACK = 96;

/**
 * How a failed reply is sent again: a form post to the chat page (the same
 * text under the same key, so it works without JavaScript), taken over by
 * `onRetry` in the browser.
 */
export type ChatRetry = {
  sessionId: string;
  chatFunction: ChatFunction;
  /** A reply is being written: Retry waits. */
  busy: boolean;
  onRetry: (entryKey: string) => void;
};

/**
 * The conversation: a log region (new messages are announced politely; a
 * reply being written is marked busy, so it is read once it is complete).
 * A reply that failed or was cut off says so (an alert when it happens just
 * now) and offers Retry. While the learner is at the bottom it follows the
 * newest text; scrolling up to reread stops that until they come back down.
 */
export function ChatLog({
  entries,
  label,
  empty,
  className,
  retry,
}: {
  entries: readonly ChatEntry[];
  label: string;
  /** Shown while there are no messages (the greeting). */
  empty?: ReactNode;
  className?: string;
  retry?: ChatRetry;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const count = entries.length;
  const last = entries.at(-1);

  const onScroll = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    following.current =
      element.scrollHeight - element.scrollTop - element.clientHeight < FOLLOW_SLACK;
  }, []);

  // A message just sent always brings the view down to it.
  useEffect(() => {
    if (last?.type === "bot" && last.status === "waiting") following.current = true;
  }, [count, last?.type, last?.status]);

  useEffect(() => {
    const element = ref.current;
    if (element && following.current) element.scrollTop = element.scrollHeight;
  }, [count, last?.text, last?.status, last?.note]);

  return (
    <div
      ref={ref}
      role="log"
      aria-live="polite"
      aria-label={label}
      // A scrolling region must be reachable by keyboard to scroll it (WCAG 2.1.1).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      onScroll={onScroll}
      className={cn(
        "overflow-y-auto overscroll-contain px-3 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-5",
        className,
      )}
    >
      {count === 0 ? empty : null}
      <ol className="space-y-4">
        {entries.map((entry, index) => (
          <ChatBubble
            key={entry.key}
            entry={entry}
            anchor={index === count - 1 ? "latest" : undefined}
            retry={entry.retry ? retry : undefined}
          />
        ))}
      </ol>
    </div>
  );
}

const ChatBubble = memo(function ChatBubble({
  entry,
  anchor,
  retry,
}: {
  entry: ChatEntry;
  anchor?: string;
  retry?: ChatRetry;
}) {
  if (entry.type === "user") {
    return (
      <li id={anchor} className="flex justify-end" data-testid="chat-message" data-from="user">
        <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-brand-700 px-4 py-2.5 text-sm leading-relaxed text-white">
          <span className="sr-only">You: </span>
          <p className="whitespace-pre-wrap break-words">{entry.text}</p>
        </div>
      </li>
    );
  }
  const pending = entry.status === "waiting" || entry.status === "streaming";
  const failed = entry.status === "error";
  return (
    <li
      id={anchor}
      className="flex gap-2.5 sm:gap-3"
      data-testid="chat-message"
      data-from="mentor"
      data-status={entry.status}
      aria-busy={pending || undefined}
    >
      <MentorAvatar />
      <div
        className={cn(
          "min-w-0 max-w-[85%] rounded-2xl rounded-tl-sm px-4 py-2.5 text-sm leading-relaxed",
          failed && !entry.note
            ? "border border-red-200 bg-red-50 text-red-900"
            : "bg-slate-100 text-slate-900",
        )}
      >
        <span className="sr-only">{SITE.mentorName}: </span>
        {entry.status === "waiting" ? (
          <ThinkingIndicator />
        ) : failed && !entry.note ? (
          <div role={entry.live ? "alert" : "status"} data-testid="reply-failed">
            <p className="font-semibold">Reply failed</p>
            <p className="whitespace-pre-wrap break-words" data-testid="chat-error">
              {entry.text}
            </p>
          </div>
        ) : entry.text ? (
          <div className="break-words" data-testid="mentor-reply">
            <MentorText text={entry.text} />
          </div>
        ) : null}
        {entry.status === "stopped" ? (
          <p
            className={cn("text-xs font-medium text-slate-600", entry.text ? "mt-2" : null)}
            data-testid="reply-stopped"
          >
            {entry.text ? "Reply stopped" : CHAT_ERROR_MESSAGES.aborted}
          </p>
        ) : null}
        {failed && entry.note ? (
          <div role={entry.live ? "alert" : "status"} data-testid="reply-failed" className="mt-2">
            <p className="text-xs font-semibold text-red-900">Reply incomplete</p>
            <p className="text-xs font-medium text-red-800" data-testid="chat-error">
              {entry.note}
            </p>
          </div>
        ) : null}
        {retry && entry.retry ? <RetryForm entry={entry} retry={retry} /> : null}
        {entry.upgrade ? (
          <Link
            to="/plans"
            className="mt-2 inline-block font-semibold text-red-900 underline underline-offset-2"
          >
            Choose a plan
          </Link>
        ) : null}
      </div>
    </li>
  );
});

/** Retry: the failed send's text and key, posted to the chat page, or sent again in the browser. */
function RetryForm({ entry, retry }: { entry: ChatEntry; retry: ChatRetry }) {
  const hintId = useId();
  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    retry.onRetry(entry.key);
  }
  if (!entry.retry) return null;
  return (
    <form method="post" action="/chatbot" onSubmit={handleSubmit} className="mt-2">
      <input type="hidden" name="sessionId" value={retry.sessionId} />
      <input type="hidden" name="function" value={retry.chatFunction} />
      <input type="hidden" name="clientKey" value={entry.retry.clientKey} />
      <input type="hidden" name="text" value={entry.retry.text} />
      <p id={hintId} className="sr-only">
        Sends your message again.
      </p>
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={retry.busy}
        aria-describedby={hintId}
      >
        {CHAT_RETRY_MESSAGES.retry}
      </Button>
    </form>
  );
}

function MentorAvatar() {
  return (
    <span
      aria-hidden="true"
      className="grid size-8 shrink-0 place-items-center rounded-full bg-brand-700 text-xs font-bold text-white"
    >
      DM
    </span>
  );
}

function ThinkingIndicator() {
  return (
    <p className="flex items-center gap-2 text-slate-700" data-testid="mentor-thinking">
      <span aria-hidden="true" className="flex gap-1">
        <span className="size-1.5 rounded-full bg-slate-500 motion-safe:animate-bounce" />
        <span className="size-1.5 rounded-full bg-slate-500 [animation-delay:150ms] motion-safe:animate-bounce" />
        <span className="size-1.5 rounded-full bg-slate-500 [animation-delay:300ms] motion-safe:animate-bounce" />
      </span>
      {SITE.mentorName} is thinking…
    </p>
  );
}

/** A mentor message that is not part of the conversation (the greeting). */
export function MentorNote({ children }: { children: ReactNode }) {
  return (
    <div className="mb-4 flex gap-2.5 sm:gap-3" data-testid="chat-greeting">
      <MentorAvatar />
      <div className="min-w-0 max-w-[85%] space-y-2 rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-2.5 text-sm leading-relaxed text-slate-900">
        {children}
      </div>
    </div>
  );
}
