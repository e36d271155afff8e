import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import type { ConversationEntry, TicketStatus } from "~/lib/support";

/** Dates and times as India reads them, the same on the server and in the browser. */
const supportTime = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

export function SupportTime({ at }: { at: string }) {
  return <time dateTime={at}>{supportTime.format(new Date(at))}</time>;
}

const STATUS_TONES: Record<TicketStatus, string> = {
  open: "bg-amber-100 text-amber-900",
  answered: "bg-emerald-100 text-emerald-900",
  closed: "bg-slate-200 text-slate-800",
};

const badge = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

export function StatusBadge({ status, label }: { status: TicketStatus; label: string }) {
  return <span className={cn(badge, STATUS_TONES[status])}>{label}</span>;
}

export function PriorityBadge() {
  return <span className={cn(badge, "bg-brand-700 text-white")}>Priority</span>;
}

/**
 * A ticket's conversation, oldest first: the contact message, then each
 * reply. `extra` adds a line under a message (the inbox's delivery status).
 */
export function Conversation({
  entries,
  learnerName,
  teamName,
  label,
  extra,
}: {
  entries: readonly ConversationEntry[];
  learnerName: string;
  teamName: (entry: ConversationEntry) => string;
  label: string;
  extra?: (entry: ConversationEntry) => ReactNode;
}) {
  return (
    <ol aria-label={label} className="space-y-3">
      {entries.map((entry) => {
        const team = entry.author === "team";
        return (
          <li
            key={entry.id}
            className={cn(
              "rounded-xl border px-4 py-3",
              team ? "border-brand-200 bg-brand-50 sm:ml-8" : "border-slate-200 bg-white sm:mr-8",
            )}
          >
            <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="font-semibold text-slate-900">
                {team ? teamName(entry) : learnerName}
              </span>
              <span className="text-slate-600">
                <SupportTime at={entry.createdAt} />
              </span>
            </p>
            <p className="mt-1.5 whitespace-pre-wrap break-words text-slate-800">{entry.body}</p>
            {extra?.(entry)}
          </li>
        );
      })}
    </ol>
  );
}
