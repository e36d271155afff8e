/**
 * Support tickets, shared by the server and the browser: the reply-time
 * targets (one source for /support, /contact and the admin inbox), the
 * opening hours they are counted in, the ticket states, the reply form's rule,
 * the inbox filters and every message the ticket screens and API say.
 * The rules live in app/models/support-tickets.server.ts.
 */
import type { PlanId } from "./plans";
import { getPlan } from "./plans";
import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactCategory } from "./contact";
import { checkForm, textProblem, type TextRule } from "./field-rules";
import type { replyFormSchema } from "./support-schema";
import { IST_OFFSET_MS } from "./usage-window";

export const SUPPORT_PATH = "/support";
/** The id of the learner's tickets section on /support. */
export const TICKETS_SECTION_ID = "your-tickets";

/** Where one ticket opens on /support. */
export function ticketHref(ticketId: string): string {
  return `${SUPPORT_PATH}?ticket=${encodeURIComponent(ticketId)}#ticket-${ticketId}`;
}

/**
 * How fast we aim to answer: Pro (priority) within working hours, everyone
 * else within the 24 hours the contact page promises (spec 001, contact).
 */
const PRIORITY_REPLY_WORKING_HOURS = 4;
const STANDARD_REPLY_HOURS = 24;

export const REPLY_TARGETS = {
  priority: `Priority support: we aim to reply within ${PRIORITY_REPLY_WORKING_HOURS} working hours.`,
  standard: `We aim to reply within ${STANDARD_REPLY_HOURS} hours.`,
} as const;

export function replyTargetText(priority: boolean): string {
  return priority ? REPLY_TARGETS.priority : REPLY_TARGETS.standard;
}

/** Whether a subscription to `planId` includes priority support (Pro). */
export function hasPrioritySupport(planId: PlanId | null): boolean {
  return planId !== null && getPlan(planId).featureKeys.includes("priority_support");
}

/**
 * Opening hours by day of the week (0 is Sunday) as [open, close] in whole
 * hours, India time: the contact page's BUSINESS_HOURS in numbers (a test
 * keeps the two in step). Reply targets are counted inside these hours.
 */
export const SUPPORT_OPENING_HOURS: readonly (readonly [open: number, close: number] | null)[] = [
  null,
  [9, 18],
  [9, 18],
  [9, 18],
  [9, 18],
  [9, 18],
  [10, 16],
];

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Each opening period from the India day holding `from` on: [opensAt, closesAt] in epoch ms. */
function* openingPeriods(from: number): Generator<readonly [number, number]> {
  const firstDay = Math.floor((from + IST_OFFSET_MS) / DAY_MS);
  // Six open days a week: a few weeks is far more than any target needs.
  for (let day = firstDay; day < firstDay + 28; day += 1) {
    const hours = SUPPORT_OPENING_HOURS[new Date(day * DAY_MS).getUTCDay()];
    if (!hours) continue;
    const midnight = day * DAY_MS - IST_OFFSET_MS;
    yield [midnight + hours[0] * HOUR_MS, midnight + hours[1] * HOUR_MS];
  }
}

/**
 * When a reply is due for a ticket waiting since `since` (epoch ms): for
 * priority, 4 working hours counted inside opening hours (Monday 17:00 →
 * Tuesday 12:00); otherwise 24 hours on the clock, as the contact page
 * promises every sender.
 */
export function replyDueAt(since: number, priority: boolean): number {
  if (priority) {
    let remaining = PRIORITY_REPLY_WORKING_HOURS * HOUR_MS;
    for (const [opensAt, closesAt] of openingPeriods(since)) {
      const start = Math.max(opensAt, since);
      if (start >= closesAt) continue;
      if (closesAt - start >= remaining) return start + remaining;
      remaining -= closesAt - start;
    }
    throw new Error("replyDueAt: no opening hours in four weeks");
  }
  return since + STANDARD_REPLY_HOURS * HOUR_MS;
}

export const TICKET_STATUSES = ["open", "answered", "closed"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** What the learner reads for each state. */
export const LEARNER_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Waiting for our reply",
  answered: "Answered",
  closed: "Closed",
};

export type DeliveryStatus = "pending" | "sent" | "failed";

/** One message of a ticket's conversation; the first is the contact message itself. */
export type ConversationEntry = {
  id: string;
  author: "learner" | "team";
  body: string;
  createdAt: string;
  /** Inbox only: the admin who wrote a team reply. */
  adminEmail?: string | null;
  /** Inbox only: whether the e-mail went out (a team reply: to the learner; the learner's: to us). */
  deliveryStatus?: DeliveryStatus;
};

/** A ticket as its learner sees it, on /support and through the API. */
export type LearnerTicket = {
  id: string;
  subject: string;
  category: ContactCategory;
  categoryLabel: string;
  status: TicketStatus;
  priority: boolean;
  createdAt: string;
  updatedAt: string;
  /** The reply-time target of this ticket. */
  replyTarget: string;
  conversation: ConversationEntry[];
};

/** A row of the admin inbox. */
export type InboxTicket = {
  id: string;
  subject: string;
  category: ContactCategory;
  categoryLabel: string;
  name: string;
  email: string;
  /** Written by a signed-in learner (who also sees it on /support). */
  fromLearner: boolean;
  status: TicketStatus;
  priority: boolean;
  createdAt: string;
  /** Open tickets: since when the sender has been waiting for us. */
  waitingSince: string | null;
  /** Open tickets: when the reply is due (the reply-time target). */
  dueAt: string | null;
  overdue: boolean;
  replies: number;
  /** Team replies whose e-mail failed: the admin should retry them. */
  undelivered: number;
};

/** A ticket in the inbox's ticket view: the row plus the conversation. */
export type InboxTicketDetail = InboxTicket & {
  /** Whether the contact message itself reached the support mailbox. */
  contactDelivery: DeliveryStatus;
  conversation: ConversationEntry[];
};

/** The reply form's one field: the same limit as a contact message. */
export const SUPPORT_REPLY_FIELD = {
  required: "Please write your reply.",
  normalize: CONTACT_FIELDS.message.normalize,
  max: [
    CONTACT_LIMITS.messageMax,
    `Your reply is longer than ${CONTACT_LIMITS.messageMax} characters. Please shorten it.`,
  ],
} satisfies TextRule;

export const REPLY_MAX_LENGTH = CONTACT_LIMITS.messageMax;

/** The browser's check of a reply form (the server's schema says the same). */
export const checkReplyForm = (formData: FormData) =>
  checkForm<typeof replyFormSchema>(formData, (values) => ({
    body: textProblem(values.body, SUPPORT_REPLY_FIELD),
  }));

/** Replies one learner may send per rolling hour, across their tickets. */
export const LEARNER_REPLIES_PER_HOUR = 20;

export const SUPPORT_MESSAGES = {
  invalidTicketId: "Invalid ticket ID.",
  notFound: "Ticket not found.",
  closed:
    "This ticket is closed, so it takes no more replies. To ask something new, send us a message from the contact page.",
  notClosable: "Only open or answered tickets can be closed, and only closed ones reopened.",
  tooManyReplies:
    "You have sent many replies in the last hour. Please wait a while before sending another.",
  replySent: "Reply sent",
  replySentDescription: "Your reply is on the ticket and the ticket is back in our queue.",
  replyNotSent: "Your reply was not sent",
  teamReplySent: "Reply sent",
  teamReplySentDescription: (email: string) => `E-mailed to ${email} and kept on the ticket.`,
  teamReplyFailed: "Reply saved, but the e-mail was not sent",
  teamReplyFailedDescription:
    "The mail service did not take it. The reply is kept on the ticket: retry sending it from the conversation.",
  retryNotNeeded: "That reply has already been delivered.",
  replyNotFound: "Reply not found.",
  closedTicket: "Ticket closed",
  reopenedTicket: "Ticket reopened",
  statusInvalid: "Status must be 'open' or 'closed'.",
  listFailed: "Failed to load support tickets",
  loadFailed: "Failed to load the ticket",
  replyFailed: "Failed to save the reply",
  statusFailed: "Failed to change the ticket's status",
} as const;

const TICKET_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ticket ids are the contact message's UUID. */
export function isTicketId(value: unknown): value is string {
  return typeof value === "string" && TICKET_ID_PATTERN.test(value);
}
