import type { SubmissionResult } from "@conform-to/react";
import { Link, useLocation } from "@remix-run/react";
import { ButtonLink, buttonClasses } from "~/components/ui/button";
import { CHAT_FUNCTION_LABELS } from "~/lib/chat-functions";
import {
  continueChatHref,
  historyHref,
  type HistoryView,
  messageCountLabel,
} from "~/lib/chat-history";
import { CHAT_MESSAGES, CHAT_SERVICE_MESSAGES } from "~/lib/chat-session";
import { cn } from "~/lib/cn";
import type { ChatMessage, ChatSessionDetail } from "~/lib/chat-conversation";
import { ConfirmAction } from "./confirm";
import { Icon } from "./icons";
import { MessageText } from "./message-text";
import { Pause } from "./pause";
import { RenameTitle } from "./rename-title";
import type { ChatDates } from "./use-chat-dates";

const PANE = "rounded-2xl border border-slate-200 bg-white shadow-sm";

/** On small screens the list is hidden while a conversation is open: the way back to it. */
function BackToList({ view }: { view: HistoryView }) {
  return (
    <Link
      to={historyHref(view, { sessionId: null })}
      className="mb-3 inline-flex items-center gap-1 rounded-md text-sm font-semibold text-brand-800 hover:underline lg:hidden"
    >
      <Icon name="back" className="size-4" />
      All conversations
    </Link>
  );
}

function MessageItem({ message, dates }: { message: ChatMessage; dates: ChatDates }) {
  const mine = message.type === "user";
  return (
    <li className={cn("flex flex-col", mine ? "items-end" : "items-start")}>
      <p className="mb-1 px-1 text-xs text-slate-600">
        <span className="font-semibold text-slate-700">{mine ? "You" : "Mentor"}</span>{" "}
        <span aria-hidden="true">·</span>{" "}
        <time dateTime={new Date(message.timestamp).toISOString()}>
          {dates.label(message.timestamp)}, {dates.time(message.timestamp)}
        </time>
        {message.status === "stopped" ? <span> · Stopped before the end</span> : null}
        {message.status === "error" ? <span> · No reply</span> : null}
      </p>
      <div
        className={cn(
          "max-w-[min(100%,42rem)] rounded-2xl px-4 py-3 text-[0.9375rem]",
          mine
            ? "rounded-br-md bg-brand-700 text-white"
            : message.status === "error"
              ? "rounded-bl-md bg-amber-50 text-amber-950 ring-1 ring-amber-200"
              : "rounded-bl-md bg-slate-100 text-slate-900",
        )}
      >
        <MessageText type={message.type} text={message.text} />
      </div>
    </li>
  );
}

/** The open conversation: title (renamable), Continue Chat, Delete and its messages. */
export function ConversationPane({
  view,
  session,
  dates,
  busy,
  renameResult,
}: {
  view: HistoryView;
  session: ChatSessionDetail;
  dates: ChatDates;
  busy: boolean;
  renameResult: SubmissionResult<string[]> | null;
}) {
  const location = useLocation();
  const renameAsked = new URLSearchParams(location.search).get("rename") === "1";
  return (
    <section
      id="conversation"
      aria-labelledby="conversation-title"
      aria-busy={busy}
      className={cn(PANE, "scroll-mt-20 transition-opacity", busy && "opacity-60")}
    >
      <div className="border-b border-slate-200 p-4 sm:p-6">
        <BackToList view={view} />
        <RenameTitle
          key={`${session.sessionId}:${location.key}`}
          view={view}
          sessionId={session.sessionId}
          title={session.title}
          editingAtFirst={renameAsked || renameResult !== null}
          lastResult={renameResult}
        />
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 font-medium text-brand-800 ring-1 ring-brand-200">
            {CHAT_FUNCTION_LABELS[session.function]}
          </span>
          <Pause />
          <span>{messageCountLabel(session.messageCount)}</span>
          <span aria-hidden="true">·</span>
          <Pause />
          <span>
            Last active{" "}
            <time
              dateTime={new Date(session.lastActivity).toISOString()}
              title={dates.full(session.lastActivity)}
            >
              {dates.label(session.lastActivity)}
            </time>
          </span>
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <ButtonLink to={continueChatHref(session.sessionId)}>Continue Chat</ButtonLink>
          <ConfirmAction
            subject={{ kind: "delete", sessionId: session.sessionId, title: session.title }}
            href={historyHref(view, {}, { confirm: "delete", target: session.sessionId })}
            action={historyHref(view)}
            className={buttonClasses(
              "secondary",
              "md",
              "text-red-700 hover:border-red-300 hover:bg-red-50",
            )}
          >
            <Icon name="trash" className="size-4" />
            Delete conversation
          </ConfirmAction>
        </div>
      </div>
      {session.messages.length > 0 ? (
        <div
          role="region"
          aria-label="Messages"
          // Scrollable with the keyboard too: a tab stop of its own.
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="max-h-[min(40rem,70vh)] overflow-y-auto overscroll-contain p-4 sm:p-6"
        >
          <ol className="space-y-5">
            {session.messages.map((message) => (
              <MessageItem key={message.id} message={message} dates={dates} />
            ))}
          </ol>
        </div>
      ) : (
        <p className="p-6 text-slate-600">This conversation has no messages yet.</p>
      )}
    </section>
  );
}

/** Nothing open yet (wide screens only; small screens show just the list). */
export function NoSelection() {
  return (
    <div
      className={cn(
        PANE,
        "hidden min-h-80 flex-col items-center justify-center border-dashed p-8 text-center shadow-none lg:flex",
      )}
    >
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
        <Icon name="chat" className="size-6" />
      </span>
      <p className="mt-4 font-semibold text-slate-900">Select a conversation</p>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Read it here, continue it with the mentor, rename it or delete it.
      </p>
    </div>
  );
}

/** The asked-for conversation is not the learner's (or is gone), or could not be read. */
export function SelectionProblem({ view, failed }: { view: HistoryView; failed: boolean }) {
  return (
    <section aria-labelledby="conversation-problem" className={cn(PANE, "p-6")}>
      <BackToList view={view} />
      <h2 id="conversation-problem" className="font-semibold text-slate-900">
        {failed ? CHAT_SERVICE_MESSAGES.fetchSession : CHAT_MESSAGES.sessionNotFound}
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {failed
          ? "Please try again in a moment."
          : "It may have been deleted. Pick another conversation from the list."}
      </p>
      {failed ? (
        <Link to={historyHref(view)} className={buttonClasses("secondary", "sm", "mt-4")}>
          Try again
        </Link>
      ) : null}
    </section>
  );
}
