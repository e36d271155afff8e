import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { controlClass } from "~/components/ui/fields";
import { cn } from "~/lib/cn";
import { CONTACT_CATEGORIES } from "~/lib/contact";
import {
  type ConversationEntry,
  type InboxTicket,
  type InboxTicketDetail,
  REPLY_TARGETS,
} from "~/lib/support";
import {
  DEFAULT_INBOX_FILTERS,
  INBOX_PAGE_SIZE,
  INBOX_STATUS_FILTERS,
  INBOX_STATUS_LABELS,
  type InboxFilters,
  inboxHref,
} from "~/lib/support-inbox";
import type { TicketStatus } from "~/lib/support";
import { Conversation, PriorityBadge, StatusBadge, SupportTime } from "./conversation";
import { ReplyForm } from "./reply-form";

export type InboxScreen = {
  filters: InboxFilters;
  inbox: { tickets: InboxTicket[]; total: number; counts: Record<TicketStatus, number> };
  ticket: InboxTicketDetail | "missing" | null;
  replyKey: string;
};

const flag = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

/** The status filter: one link per state, with its count under the other filters. */
function StatusTabs({
  filters,
  counts,
}: Pick<InboxScreen, "filters"> & { counts: Record<TicketStatus, number> }) {
  const total = counts.open + counts.answered + counts.closed;
  return (
    <nav aria-label="Ticket status">
      <ul className="flex flex-wrap gap-2">
        {INBOX_STATUS_FILTERS.map((status) => {
          const current = filters.status === status;
          const count = status === "all" ? total : counts[status];
          return (
            <li key={status}>
              <Link
                to={inboxHref({ ...filters, status, page: 1 })}
                aria-current={current ? "page" : undefined}
                className={cn(
                  "inline-flex items-center gap-2 rounded-full border px-3.5 py-1.5 text-sm font-medium",
                  current
                    ? "border-brand-700 bg-brand-700 text-white"
                    : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
                )}
              >
                {status === "all" ? "All" : INBOX_STATUS_LABELS[status]}
                <span className="tabular-nums">{count}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Priority and category, as a GET form (the status rides along). */
function Filters({ filters }: { filters: InboxFilters }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter tickets">
      {filters.status !== DEFAULT_INBOX_FILTERS.status ? (
        <input type="hidden" name="status" value={filters.status} />
      ) : null}
      {[
        {
          name: "priority",
          label: "Priority",
          value: filters.priority,
          options: [
            ["all", "All tickets"],
            ["priority", "Priority (Pro) only"],
            ["standard", "Standard only"],
          ],
        },
        {
          name: "category",
          label: "Category",
          value: filters.category,
          options: [
            ["all", "All categories"],
            ...CONTACT_CATEGORIES.map((category) => [category.value, category.label]),
          ],
        },
      ].map((select) => (
        <label key={select.name} className="text-sm font-medium text-slate-800">
          {select.label}
          <select
            name={select.name}
            defaultValue={select.value}
            className={cn(controlClass, "mt-1")}
          >
            {select.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
    </Form>
  );
}

function TicketRow({
  ticket,
  filters,
  current,
}: {
  ticket: InboxTicket;
  filters: InboxFilters;
  current: boolean;
}) {
  return (
    <li
      data-testid="inbox-ticket"
      className={cn(
        "rounded-xl border bg-white p-4 shadow-sm",
        current ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200",
      )}
    >
      <p className="flex flex-wrap items-center gap-2">
        {ticket.priority ? <PriorityBadge /> : null}
        <StatusBadge status={ticket.status} label={INBOX_STATUS_LABELS[ticket.status]} />
        {ticket.overdue ? (
          <span className={cn(flag, "bg-red-100 text-red-900")}>Overdue</span>
        ) : null}
        {ticket.undelivered > 0 ? (
          <span className={cn(flag, "bg-red-100 text-red-900")}>Reply not delivered</span>
        ) : null}
      </p>
      <Link
        to={inboxHref(filters, ticket.id)}
        aria-current={current ? "true" : undefined}
        className="mt-2 block break-words font-semibold text-slate-900 underline-offset-2 hover:underline"
      >
        {ticket.subject}
      </Link>
      <p className="mt-1 break-words text-sm text-slate-700">
        {`${ticket.name} · ${ticket.categoryLabel} · ${ticket.fromLearner ? "learner" : "visitor"}`}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {ticket.waitingSince && ticket.dueAt ? (
          <>
            Waiting since <SupportTime at={ticket.waitingSince} /> · reply due{" "}
            <SupportTime at={ticket.dueAt} />
          </>
        ) : (
          <>
            Received <SupportTime at={ticket.createdAt} />
          </>
        )}
        {ticket.replies > 0
          ? ` · ${ticket.replies} ${ticket.replies === 1 ? "reply" : "replies"}`
          : null}
      </p>
    </li>
  );
}

function Pages({ filters, total }: { filters: InboxFilters; total: number }) {
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE));
  if (pages === 1) return null;
  return (
    <nav aria-label="Inbox pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
      {filters.page > 1 ? (
        <Link
          to={inboxHref({ ...filters, page: filters.page - 1 })}
          className={buttonClasses("secondary", "sm")}
        >
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{`Page ${filters.page} of ${pages}`}</span>
      {filters.page < pages ? (
        <Link
          to={inboxHref({ ...filters, page: filters.page + 1 })}
          className={buttonClasses("secondary", "sm")}
        >
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

const DELIVERY_LABELS = {
  sent: "E-mail delivered to the mail service",
  failed: "E-mail not delivered",
  pending: "E-mail being sent",
} as const;

/** Under a team reply: who wrote it, whether its e-mail went, and Retry when it did not. */
function DeliveryLine({
  entry,
  ticketId,
  action,
}: {
  entry: ConversationEntry;
  ticketId: string;
  action: string;
}) {
  const navigation = useNavigation();
  if (entry.author !== "team" || !entry.deliveryStatus) return null;
  const retrying = navigation.state !== "idle" && navigation.formData?.get("replyId") === entry.id;
  const failed = entry.deliveryStatus === "failed";
  return (
    <div className="mt-2 flex flex-wrap items-center gap-3 text-sm">
      <span className={failed ? "font-semibold text-red-800" : "text-slate-600"}>
        {`${entry.adminEmail ?? "Team"} · ${DELIVERY_LABELS[entry.deliveryStatus]}`}
      </span>
      {failed ? (
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="ticketId" value={ticketId} />
          <input type="hidden" name="replyId" value={entry.id} />
          <Button type="submit" size="sm" variant="secondary" disabled={retrying}>
            {retrying ? "Sending…" : "Retry sending"}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}

function TicketView({
  ticket,
  filters,
  replyKey,
  lastResult,
}: {
  ticket: InboxTicketDetail;
  filters: InboxFilters;
  replyKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const action = inboxHref(filters, ticket.id);
  const changing =
    navigation.state !== "idle" &&
    ["close", "reopen"].includes(String(navigation.formData?.get("intent")));
  const closed = ticket.status === "closed";
  return (
    <section
      aria-labelledby="ticket-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <p className="lg:hidden">
        <Link
          to={inboxHref(filters)}
          className="text-sm font-medium text-brand-800 underline underline-offset-2"
        >
          Back to the inbox
        </Link>
      </p>
      <h2 id="ticket-heading" className="mt-2 break-words text-xl font-bold text-slate-900 lg:mt-0">
        {ticket.subject}
      </h2>
      <p className="mt-2 flex flex-wrap items-center gap-2">
        {ticket.priority ? <PriorityBadge /> : null}
        <StatusBadge status={ticket.status} label={INBOX_STATUS_LABELS[ticket.status]} />
        {ticket.overdue ? (
          <span className={cn(flag, "bg-red-100 text-red-900")}>Overdue</span>
        ) : null}
      </p>
      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-900">From</dt>
          <dd className="break-words text-slate-700">
            {ticket.name} ·{" "}
            <a href={`mailto:${ticket.email}`} className="underline underline-offset-2">
              {ticket.email}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Sender</dt>
          <dd className="text-slate-700">
            {ticket.fromLearner
              ? "Signed-in learner (sees replies on /support)"
              : "Visitor (replies by e-mail only)"}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Category</dt>
          <dd className="text-slate-700">{ticket.categoryLabel}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">Reply target</dt>
          <dd className="text-slate-700">
            {ticket.priority ? REPLY_TARGETS.priority : REPLY_TARGETS.standard}
            {ticket.dueAt ? (
              <>
                {" "}
                Due <SupportTime at={ticket.dueAt} />.
              </>
            ) : null}
          </dd>
        </div>
      </dl>
      {ticket.contactDelivery === "failed" ? (
        <p className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900">
          This message never reached the support mailbox by e-mail: it is only here.
        </p>
      ) : null}

      <h3 className="mt-6 text-base font-semibold text-slate-900">Conversation</h3>
      <div className="mt-3">
        <Conversation
          entries={ticket.conversation}
          learnerName={ticket.name}
          teamName={() => "Support team"}
          label={`Conversation: ${ticket.subject}`}
          extra={(entry) => <DeliveryLine entry={entry} ticketId={ticket.id} action={action} />}
        />
      </div>

      {closed ? (
        <p className="mt-6 text-sm text-slate-700">This ticket is closed. Reopen it to reply.</p>
      ) : (
        <div className="mt-6">
          <ReplyForm
            key={replyKey}
            action={action}
            intent="reply"
            ticketId={ticket.id}
            replyKey={replyKey}
            lastResult={lastResult}
            label={`Reply to ${ticket.name}`}
            submitLabel="Send reply"
            hint={`E-mailed to ${ticket.email} as “Re: ${ticket.subject}” and kept on the ticket.`}
          />
        </div>
      )}

      <Form
        method="post"
        action={action}
        preventScrollReset
        className="mt-6 border-t border-slate-200 pt-4"
      >
        <input type="hidden" name="ticketId" value={ticket.id} />
        <input type="hidden" name="intent" value={closed ? "reopen" : "close"} />
        <Button type="submit" variant="secondary" disabled={changing}>
          {closed ? "Reopen ticket" : "Close ticket"}
        </Button>
      </Form>
    </section>
  );
}

/**
 * The support inbox: status tabs with counts, priority and category
 * filters, the tickets (priority first, then the longest-waiting) and the
 * chosen ticket's conversation with reply, retry, close and reopen.
 * On a phone the chosen ticket takes the screen, with a way back.
 */
export function AdminInbox({
  screen,
  lastReply,
}: {
  screen: InboxScreen;
  lastReply: { ticketId: string; result: SubmissionResult<string[]> } | null;
}) {
  const navigation = useNavigation();
  const { filters, inbox, ticket } = screen;
  const selectedId = ticket && ticket !== "missing" ? ticket.id : null;
  const loading = navigation.state === "loading" && !navigation.formData;
  return (
    <div className="mt-6 space-y-4">
      <StatusTabs filters={filters} counts={inbox.counts} />
      <Filters filters={filters} />
      <div
        className={cn(
          "grid gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]",
          loading && "opacity-60",
        )}
        aria-busy={loading || undefined}
      >
        <div className={cn(ticket ? "hidden lg:block" : null)}>
          <h2 className="sr-only">Tickets</h2>
          {inbox.tickets.length === 0 ? (
            <p
              className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-700"
              data-testid="inbox-empty"
            >
              No tickets here.
              {filters.status === "open" ? " Everyone who wrote has an answer." : null}
            </p>
          ) : (
            <ol className="space-y-3" aria-label={`${inbox.total} tickets`}>
              {inbox.tickets.map((row) => (
                <TicketRow
                  key={row.id}
                  ticket={row}
                  filters={filters}
                  current={row.id === selectedId}
                />
              ))}
            </ol>
          )}
          <Pages filters={filters} total={inbox.total} />
        </div>
        <div>
          {ticket === "missing" ? (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
              That ticket does not exist.{" "}
              <Link to={inboxHref(filters)} className="font-semibold underline underline-offset-2">
                Back to the inbox
              </Link>
            </p>
          ) : ticket ? (
            <TicketView
              ticket={ticket}
              filters={filters}
              replyKey={screen.replyKey}
              lastResult={lastReply?.ticketId === ticket.id ? lastReply.result : null}
            />
          ) : (
            <p className="hidden rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600 lg:block">
              Choose a ticket to read the conversation and reply.
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
