import { ButtonLink } from "~/components/ui/button";
import { CHAT_SERVICE_MESSAGES } from "~/lib/chat-session";
import { Icon } from "./icons";

/** No conversations yet: the empty state. */
export function EmptyHistory() {
  return (
    <section
      aria-labelledby="empty-history"
      className="mx-auto max-w-lg rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center sm:p-10"
    >
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-50 text-brand-700">
        <Icon name="chat" className="size-7" />
      </span>
      <h2
        id="empty-history"
        tabIndex={-1}
        data-history-focus=""
        className="mt-5 text-xl font-semibold text-slate-900"
      >
        No conversations yet
      </h2>
      <p className="mt-2 text-slate-600">
        Every conversation with the mentor is saved here, so you can search it, read it again or
        pick it up where you left off.
      </p>
      <ButtonLink to="/chatbot?new" size="lg" className="mt-6">
        Start New Conversation
      </ButtonLink>
    </section>
  );
}

/** History errors are logged; the screen only says, quietly, that the list is missing. */
export function HistoryLoadNotice({ retryHref }: { retryHref: string }) {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700"
    >
      <p>
        <span className="font-semibold text-slate-900">{CHAT_SERVICE_MESSAGES.fetchHistory}.</span>{" "}
        Your conversations are safe; please try again in a moment.
      </p>
      <a href={retryHref} className="font-semibold text-brand-800 underline">
        Try again
      </a>
    </div>
  );
}
