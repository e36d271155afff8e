import { Form, Link } from "@remix-run/react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { controlClass } from "~/components/ui/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { useSearchAsYouType } from "~/components/ui/use-search-as-you-type";
import { CHAT_FUNCTION_LABELS, CHAT_FUNCTIONS } from "~/lib/chat-functions";
import {
  CHAT_HISTORY_PATH,
  conversationCountLabel,
  historyHref,
  type HistoryView,
  isFiltered,
  MAX_HISTORY_PAGES,
  MAX_HISTORY_SEARCH_LENGTH,
  messageCountLabel,
} from "~/lib/chat-history";
import { cn } from "~/lib/cn";
import type { ChatSessionSummary } from "~/lib/chat-conversation";
import { ConfirmAction } from "./confirm";
import { Icon } from "./icons";
import { Pause } from "./pause";
import type { ChatDates } from "./use-chat-dates";

/**
 * The search box and function filter: a GET form, so the search lives in the
 * address and works with JavaScript off. With JavaScript it also searches as
 * the learner types or picks a function.
 */
function SearchForm({ view }: { view: HistoryView }) {
  const searching = useSearchAsYouType();
  const search = useRef<HTMLInputElement>(null);
  const filter = useRef<HTMLSelectElement>(null);

  // Follow the address (Back, "Clear search"), unless the learner is typing there.
  useEffect(() => {
    if (search.current && document.activeElement !== search.current) search.current.value = view.q;
    if (filter.current) filter.current.value = view.function ?? "";
  }, [view.q, view.function]);

  return (
    <Form
      method="get"
      action={CHAT_HISTORY_PATH}
      role="search"
      aria-label="Conversation search"
      preventScrollReset
      className="space-y-3"
      onSubmit={searching.onSubmit}
      onChange={(event) =>
        // A picked function applies at once; typing waits for a pause.
        searching.schedule(event.currentTarget, event.target === filter.current ? 0 : undefined)
      }
    >
      <div>
        <label htmlFor="history-search" className="mb-1.5 block text-sm font-medium text-slate-800">
          Search conversations
        </label>
        <div className="flex gap-2">
          <input
            ref={search}
            id="history-search"
            type="search"
            name="q"
            defaultValue={view.q}
            maxLength={MAX_HISTORY_SEARCH_LENGTH}
            placeholder="Titles and messages"
            autoComplete="off"
            enterKeyHint="search"
            className={controlClass}
          />
          <Button type="submit" variant="secondary" className="shrink-0">
            <Icon name="search" className="size-4" />
            Search
          </Button>
        </div>
      </div>
      <div>
        <label
          htmlFor="history-function"
          className="mb-1.5 block text-sm font-medium text-slate-800"
        >
          Function
        </label>
        <select
          ref={filter}
          id="history-function"
          name="function"
          defaultValue={view.function ?? ""}
          className={controlClass}
        >
          <option value="">All</option>
          {CHAT_FUNCTIONS.map((fn) => (
            <option key={fn} value={fn}>
              {CHAT_FUNCTION_LABELS[fn]}
            </option>
          ))}
        </select>
      </div>
      {view.sessionId ? <input type="hidden" name="sessionId" value={view.sessionId} /> : null}
    </Form>
  );
}

/** Up/Down/Home/End move between conversations, as in a list box. */
function moveFocus(event: KeyboardEvent<HTMLAnchorElement>) {
  const keys = ["ArrowDown", "ArrowUp", "Home", "End"];
  if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
  const links = Array.from(
    event.currentTarget.closest("ul")?.querySelectorAll<HTMLAnchorElement>("a[data-row-link]") ??
      [],
  );
  const index = links.indexOf(event.currentTarget);
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? links.length - 1
        : Math.min(Math.max(index + (event.key === "ArrowDown" ? 1 : -1), 0), links.length - 1);
  event.preventDefault();
  links[next]?.focus();
}

function ConversationRow({
  session,
  view,
  selected,
  dates,
}: {
  session: ChatSessionSummary;
  view: HistoryView;
  selected: boolean;
  dates: ChatDates;
}) {
  const functionLabel = CHAT_FUNCTION_LABELS[session.function];
  return (
    <li
      className={cn(
        "flex items-start gap-1 rounded-xl border transition-colors",
        selected
          ? "border-brand-600 bg-brand-50"
          : "border-transparent hover:border-slate-200 hover:bg-slate-50",
      )}
    >
      <Link
        to={historyHref(view, { sessionId: session.sessionId })}
        preventScrollReset
        aria-current={selected ? "page" : undefined}
        data-row-link=""
        onKeyDown={moveFocus}
        className="min-w-0 flex-1 rounded-xl px-3 py-2.5 focus-visible:outline-offset-0"
      >
        <span className="line-clamp-2 break-words font-medium text-slate-900">{session.title}</span>
        <Pause />
        <span className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
          <span className="rounded-full bg-white px-2 py-0.5 font-medium text-brand-800 ring-1 ring-brand-200">
            {functionLabel}
          </span>
          <Pause />
          <span>{messageCountLabel(session.messageCount)}</span>
          <span aria-hidden="true">·</span>
          <Pause />
          <time
            dateTime={new Date(session.lastActivity).toISOString()}
            title={dates.full(session.lastActivity)}
          >
            {dates.label(session.lastActivity)}
          </time>
        </span>
      </Link>
      <ConfirmAction
        subject={{ kind: "delete", sessionId: session.sessionId, title: session.title }}
        href={historyHref(view, {}, { confirm: "delete", target: session.sessionId })}
        action={historyHref(view)}
        label={`Delete conversation “${session.title}”`}
        className="m-1.5 grid size-9 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-red-50 hover:text-red-700"
      >
        <Icon name="trash" />
      </ConfirmAction>
    </li>
  );
}

export function ConversationList({
  view,
  sessions,
  total,
  hasMore,
  failed,
  busy,
  dates,
  className,
}: {
  view: HistoryView;
  sessions: ChatSessionSummary[];
  total: number;
  hasMore: boolean;
  failed: boolean;
  busy: boolean;
  dates: ChatDates;
  className?: string;
}) {
  const list = useRef<HTMLElement>(null);
  const focusFrom = useRef<number | null>(null);

  // After "Load more", continue where the learner was: on the first new conversation.
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || sessions.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>("a[data-row-link]")[from]?.focus();
  }, [sessions.length]);

  // The open conversation is in view inside the list (it may be far down it).
  useEffect(() => {
    const nav = list.current;
    const item = nav?.querySelector('a[aria-current="page"]')?.closest("li");
    if (!nav || !item) return;
    const navBox = nav.getBoundingClientRect();
    const itemBox = item.getBoundingClientRect();
    if (itemBox.top < navBox.top || itemBox.bottom > navBox.bottom) {
      nav.scrollTop += itemBox.top - navBox.top - (navBox.height - itemBox.height) / 2;
    }
  }, [view.sessionId]);

  const filtered = isFiltered(view);
  let summary = "";
  if (!failed) {
    summary = filtered
      ? `${conversationCountLabel(total)} found`
      : `${conversationCountLabel(total)} in total`;
    if (sessions.length < total) summary += `, showing ${sessions.length}`;
  }

  return (
    <section
      id="conversations"
      aria-labelledby="conversations-heading"
      className={cn("scroll-mt-20", className)}
    >
      <div className="mb-4 flex items-baseline justify-between gap-3">
        <h2
          id="conversations-heading"
          tabIndex={-1}
          data-history-focus=""
          className="text-lg font-semibold text-slate-900"
        >
          Conversations
        </h2>
        {busy ? (
          <span className="flex items-center gap-2 text-sm text-slate-600">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
            />
            Loading…
          </span>
        ) : null}
      </div>
      <SearchForm view={view} />
      <p role="status" className="mt-4 text-sm text-slate-600 empty:hidden">
        {busy ? "" : summary}
      </p>
      <div aria-busy={busy} className={cn("mt-2 transition-opacity", busy && "opacity-60")}>
        {sessions.length > 0 ? (
          <nav
            ref={list}
            aria-label="Conversation list"
            // Scrollable with the keyboard too: a tab stop of its own.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            className="max-h-[min(32rem,60vh)] overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1"
          >
            <ul className="space-y-1">
              {sessions.map((session) => (
                <ConversationRow
                  key={session.sessionId}
                  session={session}
                  view={view}
                  selected={session.sessionId === view.sessionId}
                  dates={dates}
                />
              ))}
            </ul>
          </nav>
        ) : !failed && filtered ? (
          <div className="rounded-xl border border-dashed border-slate-300 p-6 text-center">
            <p className="font-medium text-slate-900">No conversations match your search.</p>
            <p className="mt-1 text-sm text-slate-600">
              Try other words, or look in every function.
            </p>
            <Link
              to={historyHref(view, { q: "", function: null, page: 1 })}
              preventScrollReset
              className={buttonClasses("secondary", "sm", "mt-4")}
            >
              Clear search
            </Link>
          </div>
        ) : null}
        {hasMore && view.page >= MAX_HISTORY_PAGES ? (
          <p className="mt-3 text-sm text-slate-600">
            These are your {sessions.length.toLocaleString("en-IN")} most recent conversations.
            Search to find older ones.
          </p>
        ) : hasMore ? (
          <Link
            to={historyHref(view, { page: view.page + 1 })}
            preventScrollReset
            onClick={() => (focusFrom.current = sessions.length)}
            className={buttonClasses("secondary", "md", "mt-3 w-full")}
          >
            Load more conversations
          </Link>
        ) : null}
      </div>
    </section>
  );
}
