/**
 * Support tickets (docs/decisions/043-support-tickets.md). Every contact
 * message is a ticket (app/models/contact.server.ts stores it); a signed-in
 * sender's carries their account, and Pro learners' are priority, decided here
 * from the subscription D1 holds, never from the request.
 *
 * - Learners read their own tickets only (another's answers as missing) and
 *   reply on open or answered ones; a reply opens the ticket again.
 * - The team's replies are stored first, then e-mailed to the ticket's
 *   address through the mail interface; the delivery status is kept, a failed
 *   one can be sent again, and only a delivered reply marks the ticket
 *   answered. Every admin action goes into the audit log in the same batch.
 * - The inbox lists priority tickets first, then the longest-waiting.
 */
import { and, asc, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import type { AppContext } from "~/load-context";
import { contactMessages, supportReplies } from "~/db/schema";
import { escapeHtml, type Mailer, type MailMessage } from "~/integrations/mail.server";
import { contactCategoryLabel, type ContactCategory } from "~/lib/contact";
import { SITE } from "~/lib/site";
import {
  type ConversationEntry,
  type DeliveryStatus,
  hasPrioritySupport,
  type InboxTicket,
  type InboxTicketDetail,
  LEARNER_REPLIES_PER_HOUR,
  type LearnerTicket,
  replyDueAt,
  replyTargetText,
  SUPPORT_MESSAGES,
  ticketHref,
  TICKET_STATUSES,
  type TicketStatus,
} from "~/lib/support";
import { ADMIN_SUPPORT_PATH, INBOX_PAGE_SIZE, type InboxFilters } from "~/lib/support-inbox";
import { auditStatement, type AuditActor } from "./admin-audit.server";
import type { RequestReads } from "./request-reads.server";
import { sharedAccessRecord } from "./subscription.server";

const HOUR_MS = 3_600_000;
/** A learner sees their latest tickets, at most this many. */
const LEARNER_TICKET_LIMIT = 50;

export type TicketSender = { userId: string; priority: boolean };

/**
 * Who sends a contact message: the signed-in learner, priority when their plan
 * running now has it (a page passes its request's shared reads: the record the
 * root loader already read).
 */
export async function ticketSenderFor(
  db: Database,
  userId: string,
  now: number,
  reads?: RequestReads | null,
): Promise<TicketSender> {
  const record = await sharedAccessRecord(reads, db, userId, now);
  return { userId, priority: hasPrioritySupport(record.subscription?.planId ?? null) };
}

export type SupportDeps = {
  db: Database;
  mail: Mailer;
  env: { SUPPORT_EMAIL: string };
  now: () => number;
  /** Work that may finish after the answer (the team's notice of a learner's reply). */
  waitUntil: (promise: Promise<unknown>) => void;
  /** The site's address, for links in e-mails (the request's origin). */
  origin: string;
};

/** The ticket rules' dependencies for one request (links in e-mails point at its origin). */
export function supportDeps(request: Request, context: AppContext): SupportDeps {
  return {
    db: context.db,
    mail: context.mail,
    env: context.env,
    now: Date.now,
    waitUntil: context.waitUntil,
    origin: new URL(request.url).origin,
  };
}

export type Refused = { ok: false; status: 404 | 409 | 429; message: string };

const refused = (status: Refused["status"], message: string): Refused => ({
  ok: false,
  status,
  message,
});

const iso = (value: Date | number) => new Date(value).toISOString();

/**
 * A reply's id: a fresh UUID-shaped name derived from who sent it on which
 * ticket under which key, so the same reply sent twice (a double click, a
 * retried request) is stored once, and one sender's key never names another's.
 */
async function replyIdFor(ticketId: string, sender: string, key: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`${ticketId}\n${sender}\n${key}`),
  );
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (byte) =>
    byte.toString(16).padStart(2, "0"),
  ).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

// ---------------------------------------------------------------------------
// The learner's side

const learnerTicketColumns = {
  id: contactMessages.id,
  subject: contactMessages.subject,
  category: contactMessages.category,
  message: contactMessages.message,
  status: contactMessages.status,
  priority: contactMessages.priority,
  createdAt: contactMessages.createdAt,
  updatedAt: contactMessages.updatedAt,
};
type LearnerTicketRow = {
  id: string;
  subject: string;
  category: ContactCategory;
  message: string;
  status: TicketStatus;
  priority: boolean;
  createdAt: Date;
  updatedAt: Date | null;
};
type ReplyRow = typeof supportReplies.$inferSelect;

/** The reads behind a learner's ticket list (their latest tickets, and those tickets' replies), to batch with others. */
export function learnerTicketQueries(db: Database, userId: string, ticketId?: string) {
  const own = ticketId
    ? and(eq(contactMessages.userId, userId), eq(contactMessages.id, ticketId))
    : eq(contactMessages.userId, userId);
  const latest = db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(own)
    .orderBy(desc(contactMessages.createdAt))
    .limit(LEARNER_TICKET_LIMIT);
  return [
    db
      .select(learnerTicketColumns)
      .from(contactMessages)
      .where(own)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(LEARNER_TICKET_LIMIT),
    db
      .select()
      .from(supportReplies)
      .where(inArray(supportReplies.ticketId, latest))
      .orderBy(asc(supportReplies.createdAt), asc(sql`${supportReplies}.rowid`)),
  ] as const;
}

/** The learner's view of one reply: who wrote it and what; never which admin, nor delivery. */
function learnerEntry(row: ReplyRow): ConversationEntry {
  return { id: row.id, author: row.author, body: row.body, createdAt: iso(row.createdAt) };
}

/** The learner's tickets from the rows of learnerTicketQueries, newest first, each conversation oldest first. */
export function learnerTicketsFromRows(
  tickets: LearnerTicketRow[],
  replies: ReplyRow[],
): LearnerTicket[] {
  const byTicket = new Map<string, ReplyRow[]>();
  for (const reply of replies) {
    const list = byTicket.get(reply.ticketId);
    if (list) list.push(reply);
    else byTicket.set(reply.ticketId, [reply]);
  }
  return tickets.map((ticket) => ({
    id: ticket.id,
    subject: ticket.subject,
    category: ticket.category,
    categoryLabel: contactCategoryLabel(ticket.category),
    status: ticket.status,
    priority: ticket.priority,
    createdAt: iso(ticket.createdAt),
    updatedAt: iso(ticket.updatedAt ?? ticket.createdAt),
    replyTarget: replyTargetText(ticket.priority),
    conversation: [
      { id: ticket.id, author: "learner", body: ticket.message, createdAt: iso(ticket.createdAt) },
      ...(byTicket.get(ticket.id) ?? []).map(learnerEntry),
    ],
  }));
}

/** The learner's tickets, newest first (at most 50). */
export async function learnerTickets(db: Database, userId: string): Promise<LearnerTicket[]> {
  const [tickets, replies] = await db.batch(learnerTicketQueries(db, userId));
  return learnerTicketsFromRows(tickets, replies);
}

/** One of the learner's own tickets; null for another's or a missing one. */
export async function learnerTicket(
  db: Database,
  userId: string,
  ticketId: string,
): Promise<LearnerTicket | null> {
  const [tickets, replies] = await db.batch(learnerTicketQueries(db, userId, ticketId));
  return learnerTicketsFromRows(tickets, replies)[0] ?? null;
}

export type LearnerReplied = {
  ok: true;
  /** True when this reply had been stored already (the same key again). */
  replayed: boolean;
  reply: ConversationEntry;
  ticket: LearnerTicket;
};

/**
 * The learner's reply on their own open or answered ticket, under `key` (the
 * same key again stores nothing more). The reply and the ticket's return to
 * 'open' are one batch; the team is told by e-mail after the answer.
 * 404 for a ticket that is not theirs, 409 when closed, 429 past the hourly limit.
 */
export async function addLearnerReply(
  deps: SupportDeps,
  userId: string,
  ticketId: string,
  body: string,
  key: string,
): Promise<LearnerReplied | Refused> {
  const now = deps.now();
  const id = await replyIdFor(ticketId, `learner:${userId}`, key);
  const d1 = deps.db.$client;
  await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO support_replies (id, ticket_id, author, body, delivery_status, created_at)
         SELECT ?1, m.id, 'learner', ?3, 'pending', ?4 FROM contact_messages m
         WHERE m.id = ?2 AND m.user_id = ?5 AND m.status IN ('open', 'answered')
           AND (SELECT count(*) FROM support_replies r JOIN contact_messages t ON t.id = r.ticket_id
                WHERE t.user_id = ?5 AND r.author = 'learner' AND r.created_at > ?6) < ?7`,
      )
      .bind(id, ticketId, body, now, userId, now - HOUR_MS, LEARNER_REPLIES_PER_HOUR),
    // Only when this very reply went in (a replay must not undo the team's answer since).
    d1
      .prepare(
        `UPDATE contact_messages SET status = 'open', updated_at = ?3
         WHERE id = ?2 AND status IN ('open', 'answered')
           AND EXISTS (SELECT 1 FROM support_replies WHERE id = ?1 AND created_at = ?3)`,
      )
      .bind(id, ticketId, now),
  ]);

  const ticket = await learnerTicket(deps.db, userId, ticketId);
  if (!ticket) return refused(404, SUPPORT_MESSAGES.notFound);
  const reply = ticket.conversation.find((entry) => entry.id === id);
  if (!reply) {
    return ticket.status === "closed"
      ? refused(409, SUPPORT_MESSAGES.closed)
      : refused(429, SUPPORT_MESSAGES.tooManyReplies);
  }
  const replayed = reply.createdAt !== iso(now);
  if (!replayed) {
    deps.waitUntil(
      noticeTeamOfReply(deps, ticketId, id).catch((error: unknown) =>
        console.error(`[support] could not tell the team of reply ${id}`, error),
      ),
    );
  }
  return { ok: true, replayed, reply, ticket };
}

/** E-mails the support mailbox that a learner replied, and records whether it went. */
async function noticeTeamOfReply(deps: SupportDeps, ticketId: string, replyId: string) {
  const { ticket, reply } = await ticketAndReply(deps.db, ticketId, replyId);
  if (!ticket || !reply) return;
  const inbox = `${deps.origin}${ADMIN_SUPPORT_PATH}?ticket=${ticketId}`;
  const text = [
    `${ticket.name} (${ticket.email}) replied on their support ticket "${ticket.subject}".`,
    "",
    reply.body,
    "",
    `Answer it in the support inbox: ${inbox}`,
  ].join("\n");
  const html = [
    `<p>${escapeHtml(ticket.name)} (${escapeHtml(ticket.email)}) replied on their support ticket “${escapeHtml(ticket.subject)}”.</p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(reply.body)}</p>`,
    `<p><a href="${escapeHtml(inbox)}">Answer it in the support inbox</a></p>`,
  ].join("\n");
  const delivery = await deliver(deps.mail, {
    to: deps.env.SUPPORT_EMAIL,
    replyTo: ticket.email,
    subject: `Re: ${ticket.priority ? "[Priority] " : ""}[Contact: ${contactCategoryLabel(ticket.category)}] ${ticket.subject}`,
    text,
    html,
  });
  await deps.db
    .update(supportReplies)
    .set({ deliveryStatus: delivery })
    .where(eq(supportReplies.id, replyId));
}

/** The read of a ticket's state (no row: no such ticket). */
function ticketStatusQuery(db: Database, ticketId: string) {
  return db
    .select({ status: contactMessages.status })
    .from(contactMessages)
    .where(eq(contactMessages.id, ticketId));
}

/** A ticket and one of its replies, in one round trip. */
async function ticketAndReply(db: Database, ticketId: string, replyId: string) {
  const [tickets, replies] = await db.batch([
    db.select().from(contactMessages).where(eq(contactMessages.id, ticketId)),
    db
      .select()
      .from(supportReplies)
      .where(and(eq(supportReplies.id, replyId), eq(supportReplies.ticketId, ticketId))),
  ]);
  return { ticket: tickets[0], reply: replies[0] };
}

async function deliver(mail: Mailer, message: MailMessage): Promise<"sent" | "failed"> {
  try {
    await mail.send(message);
    return "sent";
  } catch (error) {
    console.error(`[support] mail to ${message.to} failed`, error);
    return "failed";
  }
}

// ---------------------------------------------------------------------------
// The inbox

type InboxRow = {
  id: string;
  subject: string;
  category: ContactCategory;
  name: string;
  email: string;
  message: string;
  user_id: string | null;
  status: TicketStatus;
  priority: number;
  created_at: number;
  delivery_status: DeliveryStatus;
  replies: number;
  undelivered: number;
  waiting_since: number | null;
};

/**
 * The tickets with what the inbox computes for each: replies, undelivered
 * team replies, and for open tickets since when the sender has waited (the
 * first learner message after the team's last delivered reply; the reopening
 * for a ticket reopened with nothing new from the learner).
 */
const TICKET_ROWS = `
  WITH t AS (
    SELECT m.id, m.subject, m.category, m.name, m.email, m.message, m.user_id, m.status,
      m.priority, m.created_at, m.updated_at, m.delivery_status,
      (SELECT max(r.created_at) FROM support_replies r
        WHERE r.ticket_id = m.id AND r.author = 'team' AND r.delivery_status = 'sent') AS answered_at,
      (SELECT count(*) FROM support_replies r WHERE r.ticket_id = m.id) AS replies,
      (SELECT count(*) FROM support_replies r
        WHERE r.ticket_id = m.id AND r.author = 'team' AND r.delivery_status = 'failed') AS undelivered
    FROM contact_messages m WHERE %WHERE%
  )
  SELECT t.*,
    CASE WHEN t.status = 'open' THEN coalesce(
      (SELECT min(l.created_at) FROM support_replies l
        WHERE l.ticket_id = t.id AND l.author = 'learner' AND l.created_at >= t.answered_at),
      CASE WHEN t.answered_at IS NULL THEN t.created_at ELSE coalesce(t.updated_at, t.created_at) END
    ) END AS waiting_since
  FROM t`;

const ticketRows = (where: string) => TICKET_ROWS.replace("%WHERE%", where);

function inboxTicketOf(row: InboxRow, now: number): InboxTicket {
  const priority = row.priority === 1;
  const dueAt = row.waiting_since === null ? null : replyDueAt(row.waiting_since, priority);
  return {
    id: row.id,
    subject: row.subject,
    category: row.category,
    categoryLabel: contactCategoryLabel(row.category),
    name: row.name,
    email: row.email,
    fromLearner: row.user_id !== null,
    status: row.status,
    priority,
    createdAt: iso(row.created_at),
    waitingSince: row.waiting_since === null ? null : iso(row.waiting_since),
    dueAt: dueAt === null ? null : iso(dueAt),
    overdue: dueAt !== null && dueAt < now,
    replies: row.replies,
    undelivered: row.undelivered,
  };
}

export type Inbox = {
  tickets: InboxTicket[];
  /** Tickets matching the filters, over every page. */
  total: number;
  /** Per status, under the priority and category filters. */
  counts: Record<TicketStatus, number>;
};

/**
 * The statements of one inbox page under `filters`: open tickets first,
 * within a state priority first, then the longest-waiting (others: the
 * latest activity first); and the counts per state. Batch them with others.
 */
function inboxStatements(db: Database, filters: InboxFilters): D1PreparedStatement[] {
  const where: string[] = [];
  const params: unknown[] = [];
  if (filters.priority !== "all") {
    where.push("m.priority = ?");
    params.push(filters.priority === "priority" ? 1 : 0);
  }
  if (filters.category !== "all") {
    where.push("m.category = ?");
    params.push(filters.category);
  }
  const listWhere = [...where];
  const listParams = [...params];
  if (filters.status !== "all") {
    listWhere.push("m.status = ?");
    listParams.push(filters.status);
  }
  const all = (conditions: string[]) => (conditions.length > 0 ? conditions.join(" AND ") : "1");
  const d1 = db.$client;
  return [
    d1
      .prepare(
        `${ticketRows(all(listWhere))}
         ORDER BY CASE t.status WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END,
           t.priority DESC, waiting_since ASC, coalesce(t.updated_at, t.created_at) DESC, t.id
         LIMIT ? OFFSET ?`,
      )
      .bind(...listParams, INBOX_PAGE_SIZE, (filters.page - 1) * INBOX_PAGE_SIZE),
    d1
      .prepare(
        `SELECT m.status AS status, count(*) AS n FROM contact_messages m WHERE ${all(where)} GROUP BY m.status`,
      )
      .bind(...params),
  ];
}

function inboxFromResults([list, counts]: D1Result[], filters: InboxFilters, now: number): Inbox {
  const byStatus = Object.fromEntries(TICKET_STATUSES.map((status) => [status, 0])) as Record<
    TicketStatus,
    number
  >;
  for (const row of (counts?.results ?? []) as { status: TicketStatus; n: number }[]) {
    byStatus[row.status] = row.n;
  }
  const total =
    filters.status === "all"
      ? TICKET_STATUSES.reduce((sum, status) => sum + byStatus[status], 0)
      : byStatus[filters.status];
  return {
    tickets: ((list?.results ?? []) as InboxRow[]).map((row) => inboxTicketOf(row, now)),
    total,
    counts: byStatus,
  };
}

/** One page of the inbox (the API's list): one D1 round trip. */
export async function loadInbox(db: Database, filters: InboxFilters, now: number): Promise<Inbox> {
  return inboxFromResults(await db.$client.batch(inboxStatements(db, filters)), filters, now);
}

/** The statements of one ticket with its whole conversation. */
function ticketStatements(db: Database, ticketId: string): D1PreparedStatement[] {
  const d1 = db.$client;
  return [
    d1.prepare(ticketRows("m.id = ?1")).bind(ticketId),
    d1
      .prepare(
        `SELECT id, author, admin_email, body, delivery_status, created_at FROM support_replies
         WHERE ticket_id = ?1 ORDER BY created_at, rowid`,
      )
      .bind(ticketId),
  ];
}

function ticketFromResults(
  [ticketResult, replyResult]: D1Result[],
  now: number,
): InboxTicketDetail | null {
  const row = ticketResult?.results[0] as InboxRow | undefined;
  if (!row) return null;
  const replies = (replyResult?.results ?? []) as {
    id: string;
    author: "learner" | "team";
    admin_email: string | null;
    body: string;
    delivery_status: DeliveryStatus;
    created_at: number;
  }[];
  return {
    ...inboxTicketOf(row, now),
    contactDelivery: row.delivery_status,
    conversation: [
      { id: row.id, author: "learner", body: row.message, createdAt: iso(row.created_at) },
      ...replies.map((reply) => ({
        id: reply.id,
        author: reply.author,
        body: reply.body,
        createdAt: iso(reply.created_at),
        adminEmail: reply.admin_email,
        deliveryStatus: reply.delivery_status,
      })),
    ],
  };
}

/** One ticket for the inbox's ticket view, with the whole conversation; null when missing. */
export async function loadInboxTicket(
  db: Database,
  ticketId: string,
  now: number,
): Promise<InboxTicketDetail | null> {
  return ticketFromResults(await db.$client.batch(ticketStatements(db, ticketId)), now);
}

/** The inbox page: a page of tickets and, if one is open, that ticket, in one D1 round trip. */
export async function loadInboxPage(
  db: Database,
  filters: InboxFilters,
  ticketId: string | null,
  now: number,
): Promise<{ inbox: Inbox; ticket: InboxTicketDetail | null }> {
  const results = await db.$client.batch([
    ...inboxStatements(db, filters),
    ...(ticketId ? ticketStatements(db, ticketId) : []),
  ]);
  return {
    inbox: inboxFromResults(results.slice(0, 2), filters, now),
    ticket: ticketId ? ticketFromResults(results.slice(2), now) : null,
  };
}

export type TeamReplied = {
  ok: true;
  /** True when the key had been used already and nothing new was sent. */
  replayed: boolean;
  reply: ConversationEntry & { deliveryStatus: DeliveryStatus };
  ticket: InboxTicketDetail;
};

type AdminDeps = Pick<SupportDeps, "db" | "mail" | "env" | "now" | "origin">;

/**
 * The team's reply to a ticket: stored (pending) first, so nothing is lost,
 * then e-mailed to the ticket's address as "Re: <subject>", then its delivery
 * recorded with the audit entry and, once delivered, the ticket marked
 * answered (unless the learner has written again since, or it was closed).
 * The same `key` again answers the stored reply; if that one failed to go,
 * it is sent again. 404 for a missing ticket, 409 for a closed one.
 */
export async function sendTeamReply(
  deps: AdminDeps,
  admin: AuditActor,
  ticketId: string,
  body: string,
  key: string,
): Promise<TeamReplied | Refused> {
  const now = deps.now();
  const id = await replyIdFor(ticketId, "team", key);
  const [[ticket], [existing]] = await deps.db.batch([
    ticketStatusQuery(deps.db, ticketId),
    deps.db.select({ id: supportReplies.id }).from(supportReplies).where(eq(supportReplies.id, id)),
  ]);
  if (!ticket) return refused(404, SUPPORT_MESSAGES.notFound);
  // The same reply again: send it once more if it has not gone, otherwise just answer it.
  if (existing) return resendTeamReply(deps, admin, ticketId, id);
  if (ticket.status === "closed") return refused(409, SUPPORT_MESSAGES.closed);
  const inserted = await deps.db
    .insert(supportReplies)
    .values({
      id,
      ticketId,
      author: "team",
      adminEmail: admin.email,
      body,
      deliveryStatus: "pending",
      createdAt: new Date(now),
    })
    .onConflictDoNothing()
    .returning({ id: supportReplies.id });
  if (inserted.length === 1) await deliverTeamReply(deps, admin, ticketId, id, "support_reply");
  return teamReplied(deps, ticketId, id, inserted.length === 0);
}

/** A reply still pending after this long was cut off mid-send: it may be sent again. */
const STUCK_PENDING_MS = 2 * 60_000;

/**
 * Sends a team reply whose e-mail failed (or never finished) once more. Only
 * one sender can claim a failed reply at a time; a reply already delivered is
 * left as it is.
 */
export async function resendTeamReply(
  deps: AdminDeps,
  admin: AuditActor,
  ticketId: string,
  replyId: string,
): Promise<TeamReplied | Refused> {
  const claimed = await deps.db
    .update(supportReplies)
    .set({ deliveryStatus: "pending" })
    .where(
      and(
        eq(supportReplies.id, replyId),
        eq(supportReplies.ticketId, ticketId),
        eq(supportReplies.author, "team"),
        or(
          eq(supportReplies.deliveryStatus, "failed"),
          and(
            eq(supportReplies.deliveryStatus, "pending"),
            lt(supportReplies.createdAt, new Date(deps.now() - STUCK_PENDING_MS)),
          ),
        ),
      ),
    )
    .returning({ id: supportReplies.id });
  if (claimed.length === 1) {
    await deliverTeamReply(deps, admin, ticketId, replyId, "support_reply_retry");
  }
  return teamReplied(deps, ticketId, replyId, claimed.length === 0);
}

async function teamReplied(
  deps: AdminDeps,
  ticketId: string,
  replyId: string,
  replayed: boolean,
): Promise<TeamReplied | Refused> {
  const ticket = await loadInboxTicket(deps.db, ticketId, deps.now());
  const reply = ticket?.conversation.find(
    (entry): entry is TeamReplied["reply"] => entry.id === replyId && entry.author === "team",
  );
  if (!ticket || !reply) return refused(404, SUPPORT_MESSAGES.replyNotFound);
  return { ok: true, replayed, reply, ticket };
}

const mailDate = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Asia/Kolkata",
});

/** E-mails a stored team reply and records what happened, with its audit entry, in one batch. */
async function deliverTeamReply(
  deps: AdminDeps,
  admin: AuditActor,
  ticketId: string,
  replyId: string,
  action: "support_reply" | "support_reply_retry",
): Promise<void> {
  const { ticket, reply } = await ticketAndReply(deps.db, ticketId, replyId);
  if (!ticket || !reply) return;
  const delivery = await deliver(deps.mail, composeTeamReply(ticket, reply.body, deps));
  const now = deps.now();
  const d1 = deps.db.$client;
  const statements = [
    d1
      .prepare("UPDATE support_replies SET delivery_status = ?2 WHERE id = ?1")
      .bind(replyId, delivery),
    auditStatement(deps.db, {
      actor: admin,
      action,
      target: ticketId,
      details: { replyId, to: ticket.email, delivery },
      at: now,
    }),
  ];
  if (delivery === "sent") {
    statements.push(
      d1
        .prepare(
          `UPDATE contact_messages SET updated_at = ?3,
             status = CASE WHEN EXISTS (
               SELECT 1 FROM support_replies l WHERE l.ticket_id = ?1 AND l.author = 'learner'
                 AND l.rowid > (SELECT rowid FROM support_replies WHERE id = ?2)
             ) THEN status ELSE 'answered' END
           WHERE id = ?1 AND status != 'closed'`,
        )
        .bind(ticketId, replyId, now),
    );
  }
  try {
    await d1.batch(statements);
  } catch (error) {
    // The mail went (or not) regardless: at least record that, so the inbox tells the truth.
    console.error(`[support] could not record the delivery of reply ${replyId}`, error);
    await statements[0]!.run();
  }
}

/** The e-mail a team reply goes out as: to the ticket's address, answering into the support mailbox. */
function composeTeamReply(
  ticket: typeof contactMessages.$inferSelect,
  body: string,
  deps: Pick<AdminDeps, "env" | "origin">,
): MailMessage {
  const online = ticket.userId ? `${deps.origin}${ticketHref(ticket.id)}` : null;
  const wrote = `On ${mailDate.format(ticket.createdAt)} you wrote:`;
  const text = [
    `Hello ${ticket.name},`,
    "",
    body,
    "",
    `— The ${SITE.name} support team`,
    "",
    online
      ? `Reply to this e-mail, or read the whole conversation and answer at ${online}`
      : "Reply to this e-mail to answer us.",
    "",
    wrote,
    ...ticket.message.split("\n").map((line) => `> ${line}`),
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(ticket.name)},</p>`,
    `<p style="white-space:pre-wrap">${escapeHtml(body)}</p>`,
    `<p>— The ${escapeHtml(SITE.name)} support team</p>`,
    online
      ? `<p>Reply to this e-mail, or <a href="${escapeHtml(online)}">read the whole conversation and answer online</a>.</p>`
      : `<p>Reply to this e-mail to answer us.</p>`,
    `<p>${escapeHtml(wrote)}</p>`,
    `<blockquote style="white-space:pre-wrap">${escapeHtml(ticket.message)}</blockquote>`,
  ].join("\n");
  return {
    to: ticket.email,
    replyTo: deps.env.SUPPORT_EMAIL,
    subject: `Re: ${ticket.subject}`,
    text,
    html,
  };
}

export type StatusChanged = { ok: true; changed: boolean; ticket: InboxTicketDetail };

/**
 * Closes a ticket or opens it again, with its audit entry in the same batch.
 * Asking for the state it is in already changes (and logs) nothing. 404 for
 * a missing ticket.
 */
export async function setTicketStatus(
  deps: Pick<SupportDeps, "db" | "now">,
  admin: AuditActor,
  ticketId: string,
  status: "open" | "closed",
): Promise<StatusChanged | Refused> {
  const now = deps.now();
  const [current] = await ticketStatusQuery(deps.db, ticketId);
  if (!current) return refused(404, SUPPORT_MESSAGES.notFound);
  const changed = current.status !== status;
  if (changed) {
    const d1 = deps.db.$client;
    await d1.batch([
      d1
        .prepare("UPDATE contact_messages SET status = ?2, updated_at = ?3 WHERE id = ?1")
        .bind(ticketId, status, now),
      auditStatement(deps.db, {
        actor: admin,
        action: status === "closed" ? "support_close" : "support_reopen",
        target: ticketId,
        details: { from: current.status },
        at: now,
      }),
    ]);
  }
  const ticket = await loadInboxTicket(deps.db, ticketId, now);
  if (!ticket) return refused(404, SUPPORT_MESSAGES.notFound);
  return { ok: true, changed, ticket };
}
