import type { SubmissionResult } from "@conform-to/react";
import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import {
  LEARNER_STATUS_LABELS,
  type LearnerTicket,
  SUPPORT_PATH,
  TICKETS_SECTION_ID,
} from "~/lib/support";
import { Conversation, PriorityBadge, StatusBadge, SupportTime } from "./conversation";
import { ReplyForm } from "./reply-form";

export type LearnerTicketsData = {
  priority: boolean;
  replyTarget: string;
  list: LearnerTicket[];
  selected: string | null;
  replyKey: string;
};

/**
 * "Your support tickets" on /support, for a signed-in learner: every message
 * they sent from the contact page with our replies, newest ticket first, the
 * chosen (or else the newest) one opened, a reply form on open and answered
 * tickets, and the reply time their plan gets.
 */
export function LearnerTickets({
  tickets,
  lastReply,
}: {
  tickets: LearnerTicketsData;
  lastReply: { ticketId: string; result: SubmissionResult<string[]> } | null;
}) {
  const opened = tickets.selected ?? tickets.list[0]?.id ?? null;
  return (
    <section
      id={TICKETS_SECTION_ID}
      aria-labelledby="your-tickets-heading"
      className="scroll-mt-24 border-b border-slate-200 bg-white"
    >
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="your-tickets-heading" className="text-xl font-bold text-slate-900 sm:text-2xl">
              Your support tickets
            </h2>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-slate-700">
              {tickets.priority ? <PriorityBadge /> : null}
              <span>{tickets.replyTarget}</span>
            </p>
          </div>
          <Link to="/contact#send-message" className={buttonClasses("secondary")}>
            Write a new message
          </Link>
        </div>

        {tickets.list.length === 0 ? (
          <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-8 text-center">
            <p className="font-medium text-slate-900">You have no support tickets yet.</p>
            <p className="mt-1 text-sm text-slate-600">
              Messages you send from the contact page while signed in appear here, with our replies.
            </p>
          </div>
        ) : (
          <ol className="mt-6 space-y-4">
            {tickets.list.map((ticket) => (
              <TicketCard
                key={ticket.id}
                ticket={ticket}
                open={ticket.id === opened}
                replyKey={tickets.replyKey}
                lastResult={lastReply?.ticketId === ticket.id ? lastReply.result : null}
              />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function TicketCard({
  ticket,
  open,
  replyKey,
  lastResult,
}: {
  ticket: LearnerTicket;
  open: boolean;
  replyKey: string;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const headingId = `ticket-${ticket.id}-subject`;
  const messages = ticket.conversation.length;
  return (
    <li
      id={`ticket-${ticket.id}`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <article aria-labelledby={headingId}>
        <h3 id={headingId} className="break-words text-lg font-semibold text-slate-900">
          {ticket.subject}
        </h3>
        <p className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <StatusBadge status={ticket.status} label={LEARNER_STATUS_LABELS[ticket.status]} />
          {ticket.priority ? <PriorityBadge /> : null}
          <span>{ticket.categoryLabel}</span>
          <span aria-hidden="true">·</span>
          <span>
            Sent <SupportTime at={ticket.createdAt} />
          </span>
        </p>
        <details open={open} className="group mt-3">
          <summary className="cursor-pointer text-sm font-medium text-brand-800 underline underline-offset-2">
            {`Conversation (${messages} ${messages === 1 ? "message" : "messages"})`}
          </summary>
          <div className="mt-3 space-y-4">
            <Conversation
              entries={ticket.conversation}
              learnerName="You"
              teamName={() => "MedMentor support"}
              label={`Conversation: ${ticket.subject}`}
            />
            {ticket.status === "closed" ? (
              <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
                This ticket is closed.{" "}
                <Link
                  to="/contact#send-message"
                  className="font-semibold text-brand-800 underline underline-offset-2"
                >
                  Send us a new message
                </Link>{" "}
                if you need anything else.
              </p>
            ) : (
              <>
                {ticket.status === "open" ? (
                  <p className="text-sm text-slate-600">{ticket.replyTarget}</p>
                ) : null}
                <ReplyForm
                  key={replyKey}
                  action={`${SUPPORT_PATH}?ticket=${ticket.id}`}
                  ticketId={ticket.id}
                  replyKey={replyKey}
                  lastResult={lastResult}
                  label="Your reply"
                  submitLabel="Send reply"
                  hint="It goes on this ticket and back into our queue."
                />
              </>
            )}
          </div>
        </details>
      </article>
    </li>
  );
}
