/**
 * Support tickets against the real D1: priority from the learner's plan (never
 * the form), the inbox's order, the team's reply stored and mailed, a refused
 * mail kept and sent again, learners kept to their own tickets, concurrent
 * replies, and the audit log.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { adminAuditLog, contactMessages, outboxMessages, supportReplies } from "~/db/schema";
import { createOutboxMailer, createResendMailer, type Mailer } from "~/integrations/mail.server";
import { DEFAULT_INBOX_FILTERS, type InboxFilters } from "~/lib/support-inbox";
import { LEARNER_REPLIES_PER_HOUR, SUPPORT_MESSAGES } from "~/lib/support";
import { startTrial } from "~/models/subscription.server";
import { submitContactMessage } from "./contact.server";
import {
  addLearnerReply,
  learnerTicket,
  learnerTickets,
  loadInbox,
  loadInboxTicket,
  resendTeamReply,
  sendTeamReply,
  setTicketStatus,
  type SupportDeps,
} from "./support-tickets.server";
import { makeUser, uniqueIp } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi, waitBag } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);
const SUPPORT_EMAIL = "help@medmentor.test";
const admin = { id: null, email: "Demo.Admin@medmentor.test" };

/** A mail service that refuses everything (a revoked key), through the fake Resend. */
const refusingMail = (): Mailer =>
  createResendMailer({
    apiKey: "re_revoked_key",
    baseUrl: "https://resend.fake.test",
    from: "MedMentor <no-reply@medmentor.test>",
  });

function deps(
  overrides: Partial<SupportDeps> = {},
): SupportDeps & { settle: () => Promise<unknown> } {
  const bag = waitBag();
  return {
    db,
    mail: createOutboxMailer(db),
    env: { SUPPORT_EMAIL },
    now: Date.now,
    waitUntil: bag.waitUntil,
    origin: "https://medmentor.test",
    settle: bag.settle,
    ...overrides,
  };
}

let counter = 0;
function subject(label: string) {
  counter += 1;
  return `${label} ${crypto.randomUUID().slice(0, 8)}-${counter}`;
}

/** Sends the contact form as `userId` (null: a visitor) at `at`, and returns the stored ticket. */
async function contact(
  options: {
    userId?: string | null;
    at?: number;
    category?: string;
    email?: string;
    extra?: Record<string, string>;
  } = {},
) {
  const form = new FormData();
  const fields = {
    name: "Asha Rao",
    email: options.email ?? "asha@example.com",
    category: options.category ?? "billing",
    subject: subject("Payment not showing"),
    message: "I paid for the plan but it is not on my account.\nPayment id pay_123.",
    ...options.extra,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const at = options.at ?? Date.now();
  const outcome = await submitContactMessage(
    {
      db,
      mail: createOutboxMailer(db),
      env: { SUPPORT_EMAIL, SESSION_SECRET: "unit-test-secret-of-at-least-32-chars" },
      now: () => at,
    },
    form,
    uniqueIp(),
    options.userId ?? null,
  );
  expect(outcome.status).toBe(200);
  const [row] = await db
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.subject, fields.subject));
  return row!;
}

async function proLearner() {
  const { user, token } = await apiLearner({ trial: true });
  await buyPlanThroughApi(token, "pro");
  return user;
}

async function trialLearner() {
  const user = await makeUser();
  await startTrial(db, user.id, Date.now());
  return user;
}

const outboxTo = (address: string) =>
  db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, address))
    .orderBy(desc(outboxMessages.createdAt));

const auditFor = (ticketId: string) =>
  db
    .select()
    .from(adminAuditLog)
    .where(eq(adminAuditLog.target, ticketId))
    .orderBy(adminAuditLog.id);

const inbox = (filters: Partial<InboxFilters> = {}) =>
  loadInbox(db, { ...DEFAULT_INBOX_FILTERS, ...filters }, Date.now());

describe("a contact message becomes a ticket", () => {
  it("is priority for a Pro learner, decided from their plan; not for a trial learner or a visitor, whatever the form says", async () => {
    const pro = await proLearner();
    const trial = await trialLearner();
    const forged = { priority: "true", userId: pro.id, status: "closed", user_id: pro.id };

    const proTicket = await contact({ userId: pro.id });
    const trialTicket = await contact({ userId: trial.id, extra: forged });
    const visitorTicket = await contact({ extra: forged });

    expect(proTicket).toMatchObject({ userId: pro.id, priority: true, status: "open" });
    expect(trialTicket).toMatchObject({ userId: trial.id, priority: false, status: "open" });
    expect(visitorTicket).toMatchObject({ userId: null, priority: false, status: "open" });

    // The support mailbox sees the priority first.
    const [mail] = await db
      .select()
      .from(outboxMessages)
      .where(
        eq(outboxMessages.subject, `[Priority] [Contact: Billing & Payments] ${proTicket.subject}`),
      );
    expect(mail?.to).toBe(SUPPORT_EMAIL);

    const mine = await learnerTickets(db, pro.id);
    expect(mine.map((ticket) => ticket.id)).toEqual([proTicket.id]);
    expect(mine[0]).toMatchObject({
      priority: true,
      status: "open",
      categoryLabel: "Billing & Payments",
      replyTarget: "Priority support: we aim to reply within 4 working hours.",
      conversation: [{ id: proTicket.id, author: "learner", body: proTicket.message }],
    });
  });
});

describe("the inbox", () => {
  it("lists priority tickets first, then the longest-waiting, and filters by status, priority and category", async () => {
    const pro = await proLearner();
    const now = Date.now();
    const hour = 3_600_000;
    const oldest = await contact({ category: "partnership", at: now - 5 * hour });
    const older = await contact({ category: "partnership", at: now - 4 * hour });
    // The newest, yet first: the Pro learner's (sent now, while their plan runs).
    const priority = await contact({ category: "partnership", userId: pro.id });
    const answered = await contact({ category: "partnership", at: now - 6 * hour });
    await sendTeamReply(deps(), admin, answered.id, "Thanks, all sorted.", "k1");

    const list = await inbox({ category: "partnership" });
    const ids = list.tickets.map((ticket) => ticket.id);
    const at = (id: string) => ids.indexOf(id);
    expect(at(priority.id)).toBeGreaterThanOrEqual(0);
    expect(at(priority.id)).toBeLessThan(at(oldest.id));
    expect(at(oldest.id)).toBeLessThan(at(older.id));
    expect(ids).not.toContain(answered.id);
    // Every priority ticket comes before every other.
    const firstStandard = list.tickets.findIndex((ticket) => !ticket.priority);
    expect(list.tickets.slice(firstStandard).every((ticket) => !ticket.priority)).toBe(true);

    const row = list.tickets[at(oldest.id)]!;
    expect(row).toMatchObject({
      status: "open",
      priority: false,
      fromLearner: false,
      waitingSince: new Date(now - 5 * hour).toISOString(),
      categoryLabel: "Partnerships",
    });
    expect(row.dueAt).not.toBeNull();

    const priorityOnly = await inbox({ category: "partnership", priority: "priority" });
    expect(priorityOnly.tickets.every((ticket) => ticket.priority)).toBe(true);
    expect(priorityOnly.tickets.map((ticket) => ticket.id)).toContain(priority.id);

    const answeredList = await inbox({ category: "partnership", status: "answered" });
    expect(answeredList.tickets.map((ticket) => ticket.id)).toContain(answered.id);
    expect(answeredList.counts.answered).toBe(answeredList.total);
    expect(list.counts.open).toBe(list.total);
  });

  it("counts a reopened conversation as waiting from the learner's new message", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id, at: Date.now() - 86_400_000 });
    await sendTeamReply(deps(), admin, ticket.id, "Try logging out and in.", "a");
    const replied = await addLearnerReply(deps(), learner.id, ticket.id, "Still broken.", "b");
    expect(replied.ok).toBe(true);
    const view = await loadInboxTicket(db, ticket.id, Date.now());
    expect(view?.status).toBe("open");
    expect(view?.waitingSince).toBe(replied.ok ? replied.reply.createdAt : null);

    // Answering that message marks it answered again.
    await sendTeamReply(deps(), admin, ticket.id, "Fixed on our side now.", "c");
    expect((await loadInboxTicket(db, ticket.id, Date.now()))?.status).toBe("answered");
  });

  it("leaves the ticket open when the learner writes while the team's reply is being mailed", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id });
    const outbox = createOutboxMailer(db);
    // The learner's message lands while the mail service is taking the team's reply.
    const racing: Mailer = {
      adapter: "outbox",
      async send(message) {
        await addLearnerReply(deps(), learner.id, ticket.id, "Also, one more thing", "race");
        return outbox.send(message);
      },
    };
    const outcome = await sendTeamReply(deps({ mail: racing }), admin, ticket.id, "Done.", "r");
    expect(outcome).toMatchObject({ ok: true, reply: { deliveryStatus: "sent" } });
    const view = await loadInboxTicket(db, ticket.id, Date.now());
    expect(view?.status).toBe("open");
    expect(view?.conversation.at(-1)?.body).toBe("Also, one more thing");
  });
});

describe("the team's reply", () => {
  it("is stored, e-mailed to the ticket's address as Re: <subject>, marks the ticket answered and is audited", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id, email: learner.email });
    const outcome = await sendTeamReply(
      deps(),
      admin,
      ticket.id,
      "We found your payment and activated the plan.",
      "key-1",
    );
    expect(outcome).toMatchObject({
      ok: true,
      replayed: false,
      reply: { author: "team", deliveryStatus: "sent", adminEmail: admin.email },
      ticket: { status: "answered" },
    });

    const [mail] = await outboxTo(learner.email);
    expect(mail?.subject).toBe(`Re: ${ticket.subject}`);
    expect(mail?.replyTo).toBe(SUPPORT_EMAIL);
    expect(mail?.text).toContain("We found your payment and activated the plan.");
    expect(mail?.text).toContain(`https://medmentor.test/support?ticket=${ticket.id}`);
    expect(mail?.text).toContain("> I paid for the plan but it is not on my account.");

    // The learner sees it on their ticket, without the admin's address or delivery.
    const seen = await learnerTicket(db, learner.id, ticket.id);
    expect(seen?.status).toBe("answered");
    expect(seen?.conversation.at(-1)).toEqual({
      id: outcome.ok ? outcome.reply.id : "",
      author: "team",
      body: "We found your payment and activated the plan.",
      createdAt: outcome.ok ? outcome.reply.createdAt : "",
    });

    const [entry] = await auditFor(ticket.id);
    expect(entry).toMatchObject({
      action: "support_reply",
      actorEmail: "demo.admin@medmentor.test",
    });
    expect(JSON.parse(entry!.details)).toMatchObject({ to: learner.email, delivery: "sent" });

    // The same key again sends nothing more.
    const again = await sendTeamReply(deps(), admin, ticket.id, "We found your payment", "key-1");
    expect(again).toMatchObject({ ok: true, replayed: true });
    expect(await outboxTo(learner.email)).toHaveLength(1);
  });

  it("goes to a visitor by e-mail only, with no link to a page they cannot open", async () => {
    const email = `visitor.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ticket = await contact({ email });
    await sendTeamReply(deps(), admin, ticket.id, "Here is the answer.", "v");
    const [mail] = await outboxTo(email);
    expect(mail?.text).toContain("Reply to this e-mail to answer us.");
    expect(mail?.text).not.toContain("/support");
  });

  it("is kept as failed when the mail service refuses it, leaves the ticket open, and is sent when retried", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id, email: learner.email });
    const failed = await sendTeamReply(
      deps({ mail: refusingMail() }),
      admin,
      ticket.id,
      "Your refund is on its way.",
      "key-r",
    );
    expect(failed).toMatchObject({ ok: true, reply: { deliveryStatus: "failed" } });
    if (!failed.ok) return;
    const [stored] = await db
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.id, failed.reply.id));
    expect(stored).toMatchObject({ body: "Your refund is on its way.", deliveryStatus: "failed" });
    expect(failed.ticket.status).toBe("open");
    expect(failed.ticket.undelivered).toBe(1);
    expect(await outboxTo(learner.email)).toHaveLength(0);

    // The inbox shows it; a retry (here: the service is back) sends that same reply.
    const listed = (await inbox()).tickets.find((row) => row.id === ticket.id);
    expect(listed?.undelivered).toBe(1);
    const retried = await resendTeamReply(deps(), admin, ticket.id, failed.reply.id);
    expect(retried).toMatchObject({
      ok: true,
      replayed: false,
      reply: { id: failed.reply.id, deliveryStatus: "sent" },
      ticket: { status: "answered", undelivered: 0 },
    });
    const mails = await outboxTo(learner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Re: ${ticket.subject}`);
    // A second retry has nothing to send.
    expect(await resendTeamReply(deps(), admin, ticket.id, failed.reply.id)).toMatchObject({
      replayed: true,
    });
    expect(await outboxTo(learner.email)).toHaveLength(1);

    const actions = (await auditFor(ticket.id)).map((entry) => [
      entry.action,
      JSON.parse(entry.details).delivery,
    ]);
    expect(actions).toEqual([
      ["support_reply", "failed"],
      ["support_reply_retry", "sent"],
    ]);
  });

  it("sent again with the same key after a failure is the retry", async () => {
    const ticket = await contact({ email: "retry.by.key@example.com" });
    await sendTeamReply(deps({ mail: refusingMail() }), admin, ticket.id, "Answer.", "same");
    const again = await sendTeamReply(deps(), admin, ticket.id, "Answer.", "same");
    expect(again).toMatchObject({ ok: true, reply: { deliveryStatus: "sent" } });
    const replies = await db
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, ticket.id));
    expect(replies).toHaveLength(1);
  });

  it("is refused on a closed ticket and on a missing one", async () => {
    const ticket = await contact();
    await setTicketStatus(deps(), admin, ticket.id, "closed");
    expect(await sendTeamReply(deps(), admin, ticket.id, "Late answer.", "c")).toEqual({
      ok: false,
      status: 409,
      message: SUPPORT_MESSAGES.closed,
    });
    expect(
      await sendTeamReply(deps(), admin, crypto.randomUUID(), "Anyone there?", "m"),
    ).toMatchObject({ ok: false, status: 404 });
    const replies = await db
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, ticket.id));
    expect(replies).toHaveLength(0);
  });
});

describe("the learner's side", () => {
  it("never shows or takes replies on another learner's ticket, nor a visitor's", async () => {
    const owner = await trialLearner();
    const other = await trialLearner();
    const ticket = await contact({ userId: owner.id });
    const visitor = await contact();

    expect(await learnerTicket(db, other.id, ticket.id)).toBeNull();
    expect(await learnerTicket(db, owner.id, visitor.id)).toBeNull();
    expect((await learnerTickets(db, other.id)).map((row) => row.id)).not.toContain(ticket.id);
    expect(await addLearnerReply(deps(), other.id, ticket.id, "Let me in", "x")).toEqual({
      ok: false,
      status: 404,
      message: SUPPORT_MESSAGES.notFound,
    });
    expect(await addLearnerReply(deps(), owner.id, visitor.id, "Mine?", "y")).toMatchObject({
      status: 404,
    });
    const replies = await db
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, ticket.id));
    expect(replies).toHaveLength(0);
  });

  it("opens an answered ticket again, tells the team by e-mail, stores a repeated key once, and is refused once closed", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id });
    await sendTeamReply(deps(), admin, ticket.id, "Does it work now?", "t");
    const d = deps();
    const replied = await addLearnerReply(d, learner.id, ticket.id, "No, still\nbroken.", "k");
    expect(replied).toMatchObject({
      ok: true,
      replayed: false,
      reply: { author: "learner", body: "No, still\nbroken." },
      ticket: { status: "open" },
    });
    await d.settle();
    const [notice] = await db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.subject, `Re: [Contact: Billing & Payments] ${ticket.subject}`));
    expect(notice).toMatchObject({ to: SUPPORT_EMAIL, replyTo: "asha@example.com" });
    expect(notice?.text).toContain(`/admin_dashboard_2025/support?ticket=${ticket.id}`);
    if (replied.ok) {
      const [row] = await db
        .select()
        .from(supportReplies)
        .where(eq(supportReplies.id, replied.reply.id));
      expect(row?.deliveryStatus).toBe("sent");
    }

    // A double submit: one reply.
    const twice = await addLearnerReply(deps(), learner.id, ticket.id, "No, still\nbroken.", "k");
    expect(twice).toMatchObject({ ok: true, replayed: true });
    expect((await learnerTicket(db, learner.id, ticket.id))?.conversation).toHaveLength(3);

    await setTicketStatus(deps(), admin, ticket.id, "closed");
    expect(await addLearnerReply(deps(), learner.id, ticket.id, "Hello?", "z")).toEqual({
      ok: false,
      status: 409,
      message: SUPPORT_MESSAGES.closed,
    });
  });

  it("keeps replies at once all: two from the learner and one from the team", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id });
    const results = await Promise.all([
      addLearnerReply(deps(), learner.id, ticket.id, "First thought", "one"),
      addLearnerReply(deps(), learner.id, ticket.id, "Second thought", "two"),
      sendTeamReply(deps(), admin, ticket.id, "Looking into it", "team"),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    const seen = await learnerTicket(db, learner.id, ticket.id);
    expect(seen?.conversation.map((entry) => entry.body).sort()).toEqual(
      [ticket.message, "First thought", "Second thought", "Looking into it"].sort(),
    );
  });

  it("limits a learner to 20 replies an hour", async () => {
    const learner = await trialLearner();
    const ticket = await contact({ userId: learner.id });
    for (let index = 0; index < LEARNER_REPLIES_PER_HOUR; index += 1) {
      expect(
        (await addLearnerReply(deps(), learner.id, ticket.id, `Note ${index}`, `n${index}`)).ok,
      ).toBe(true);
    }
    expect(await addLearnerReply(deps(), learner.id, ticket.id, "One more", "over")).toEqual({
      ok: false,
      status: 429,
      message: SUPPORT_MESSAGES.tooManyReplies,
    });
    const later = deps({ now: () => Date.now() + 3_600_001 });
    expect((await addLearnerReply(later, learner.id, ticket.id, "An hour on", "later")).ok).toBe(
      true,
    );
  });
});

describe("closing and reopening", () => {
  it("change the state with an audit entry; asking for the state it is in changes nothing", async () => {
    const ticket = await contact();
    expect(await setTicketStatus(deps(), admin, ticket.id, "closed")).toMatchObject({
      ok: true,
      changed: true,
      ticket: { status: "closed" },
    });
    expect(await setTicketStatus(deps(), admin, ticket.id, "closed")).toMatchObject({
      changed: false,
    });
    expect(await setTicketStatus(deps(), admin, ticket.id, "open")).toMatchObject({
      changed: true,
      ticket: { status: "open" },
    });
    expect((await auditFor(ticket.id)).map((entry) => entry.action)).toEqual([
      "support_close",
      "support_reopen",
    ]);
    expect(await setTicketStatus(deps(), admin, crypto.randomUUID(), "closed")).toMatchObject({
      ok: false,
      status: 404,
    });
  });
});
