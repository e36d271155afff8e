/**
 * Support tickets through the real worker, as a browser without JavaScript
 * and an API client use them: /contact storing the signed-in learner's
 * ticket, the tickets on /support (and not for visitors), the learner's reply
 * form, the admin support inbox's page and forms, and the JSON API with its
 * 400 / 401 / 403 / 404 / 409 answers.
 */
import { env } from "cloudflare:test";
import { desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { contactMessages, outboxMessages, supportReplies } from "~/db/schema";
import { ADMIN_PATH } from "~/lib/admin";
import { REPLY_TARGETS, SUPPORT_MESSAGES } from "~/lib/support";
import { ADMIN_SUPPORT_PATH } from "~/lib/support-inbox";
import { adminCookie, adminToken, auditEntries, makeAdmin } from "../../tests/support/admin";
import { call, callJson, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";
import { apiLearner, buyPlanThroughApi } from "../../tests/support/payments";

vi.setConfig({ testTimeout: 60_000 });

const db = () => createDb(env.DB);
const html = (text: string) =>
  text
    .replace(/<!-- -->/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

async function page(path: string, cookie?: string) {
  const response = await call(path, { headers: cookie ? { Cookie: cookie } : {} });
  return { status: response.status, response, body: html(await response.text()) };
}

/** Follows a form's redirect with its cookies (the flashed toast among them). */
async function follow(response: Response, cookie: string) {
  expect([302, 303]).toContain(response.status);
  const location = response.headers.get("Location")!;
  return { location, ...(await page(location, cookiesFrom(response, cookie))) };
}

async function signIn(email: string, password: string) {
  const response = await postForm("/login", { email, password });
  expect(response.status).toBe(302);
  return cookiesFrom(response);
}

/** A learner on the trial, or on Pro, signed in both ways (page cookie and API token). */
async function learner(plan: "trial" | "pro" = "trial") {
  const { user, token } = await apiLearner({ trial: true });
  if (plan === "pro") await buyPlanThroughApi(token, "pro");
  return { user, token, cookie: await signIn(user.email, user.plainPassword) };
}

let counter = 0;
const uniqueSubject = (label: string) =>
  `${label} ${crypto.randomUUID().slice(0, 8)}-${(counter += 1)}`;

/** Sends the contact form (signed in with `cookie`, or as a visitor) and returns the stored ticket. */
async function sendContact(
  options: { cookie?: string; email?: string; extra?: Record<string, string> } = {},
) {
  const subject = uniqueSubject("Cannot open my flashcards");
  const response = await postForm(
    "/contact",
    {
      name: "Rohan Mehta",
      email: options.email ?? "rohan@example.com",
      category: "support",
      subject,
      message: "The flashcards page shows a spinner forever.",
      ...options.extra,
    },
    { cookie: options.cookie },
  );
  expect(response.status).toBe(200);
  const [row] = await db()
    .select()
    .from(contactMessages)
    .where(eq(contactMessages.subject, subject));
  expect(row).toBeDefined();
  return row!;
}

describe("/contact and /support for a learner", () => {
  it("fills the form in, stores a Pro learner's message as their priority ticket, and lists it on /support", async () => {
    const { user, cookie } = await learner("pro");
    const contact = await page("/contact", cookie);
    expect(contact.body).toContain(`value="${user.email}"`);
    expect(contact.body).toContain(REPLY_TARGETS.priority);
    expect(contact.body).toContain("Your support tickets");

    const ticket = await sendContact({ cookie, email: user.email, extra: { priority: "false" } });
    expect(ticket).toMatchObject({ userId: user.id, priority: true, status: "open" });

    const support = await page("/support", cookie);
    expect(support.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(support.body).toContain("Your support tickets");
    expect(support.body).toContain(REPLY_TARGETS.priority);
    expect(support.body).toContain(ticket.subject);
    expect(support.body).toContain("Waiting for our reply");
    expect(support.body).toContain("Technical Support");
    expect(support.body).toContain('name="replyKey"');
    // The public FAQ is still there.
    expect(support.body).toContain("What is priority support?");
  });

  it("shows visitors the public page only, and a learner without tickets an empty state with their reply time", async () => {
    const visitor = await page("/support");
    expect(visitor.status).toBe(200);
    expect(visitor.body).toContain("Account & Billing");
    expect(visitor.body).not.toContain("Your support tickets");

    const { cookie } = await learner();
    const empty = await page("/support", cookie);
    expect(empty.body).toContain("You have no support tickets yet.");
    expect(empty.body).toContain(REPLY_TARGETS.standard);
    expect(empty.body).not.toContain(REPLY_TARGETS.priority);
  });

  it("takes the learner's reply from the form, opens the ticket again, and refuses another learner's", async () => {
    const owner = await learner();
    const ticket = await sendContact({ cookie: owner.cookie });
    expect(ticket.priority).toBe(false);

    const blank = await postForm(
      `/support?ticket=${ticket.id}`,
      { ticketId: ticket.id, replyKey: crypto.randomUUID(), body: "   " },
      { cookie: owner.cookie },
    );
    expect(blank.status).toBe(400);
    expect(html(await blank.text())).toContain("Please write your reply.");

    const sent = await postForm(
      `/support?ticket=${ticket.id}`,
      { ticketId: ticket.id, replyKey: crypto.randomUUID(), body: "It happens on Firefox too." },
      { cookie: owner.cookie },
    );
    expect(sent.status).toBe(303);
    const after = await follow(sent, owner.cookie);
    expect(after.location).toBe(`/support?ticket=${ticket.id}#ticket-${ticket.id}`);
    expect(after.body).toContain(SUPPORT_MESSAGES.replySent);
    expect(after.body).toContain("It happens on Firefox too.");

    const intruder = await learner();
    const refused = await postForm(
      `/support?ticket=${ticket.id}`,
      { ticketId: ticket.id, replyKey: crypto.randomUUID(), body: "Let me see this." },
      { cookie: intruder.cookie },
    );
    const bounced = await follow(refused, intruder.cookie);
    expect(bounced.body).toContain(SUPPORT_MESSAGES.notFound);
    expect(bounced.body).not.toContain(ticket.subject);
    const replies = await db()
      .select()
      .from(supportReplies)
      .where(eq(supportReplies.ticketId, ticket.id));
    expect(replies.map((reply) => reply.body)).toEqual(["It happens on Firefox too."]);

    // Signed out, the form sends them to log in and back.
    const signedOut = await postForm(`/support?ticket=${ticket.id}`, {
      ticketId: ticket.id,
      replyKey: crypto.randomUUID(),
      body: "Hello",
    });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("the admin support inbox page", () => {
  it("keeps out visitors and learners", async () => {
    const visitor = await call(ADMIN_SUPPORT_PATH);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe(ADMIN_PATH);
    const { cookie } = await learner();
    const learnerVisit = await call(ADMIN_SUPPORT_PATH, { headers: { Cookie: cookie } });
    expect(learnerVisit.headers.get("Location")).toBe("/");
    const post = await postForm(
      ADMIN_SUPPORT_PATH,
      { intent: "close", ticketId: crypto.randomUUID() },
      { cookie },
    );
    expect(post.headers.get("Location")).toBe("/");
  });

  it("lists a Pro ticket first, replies by e-mail, records it, and closes the ticket", async () => {
    const admin = await makeAdmin();
    const cookie = await adminCookie(admin);
    const visitorTicket = await sendContact({ email: "older.visitor@example.com" });
    const pro = await learner("pro");
    const proTicket = await sendContact({ cookie: pro.cookie, email: pro.user.email });

    const inbox = await page(`${ADMIN_SUPPORT_PATH}?category=support`, cookie);
    expect(inbox.status).toBe(200);
    expect(inbox.body).toContain("Support inbox");
    const proAt = inbox.body.indexOf(proTicket.subject);
    const visitorAt = inbox.body.indexOf(visitorTicket.subject);
    expect(proAt).toBeGreaterThan(-1);
    expect(visitorAt).toBeGreaterThan(proAt);

    const view = await page(
      `${ADMIN_SUPPORT_PATH}?category=support&ticket=${proTicket.id}`,
      cookie,
    );
    expect(view.body).toContain(`Reply to ${proTicket.name}`);
    expect(view.body).toContain(REPLY_TARGETS.priority);

    const blank = await postForm(
      `${ADMIN_SUPPORT_PATH}?category=support&ticket=${proTicket.id}`,
      { intent: "reply", ticketId: proTicket.id, replyKey: crypto.randomUUID(), body: "" },
      { cookie },
    );
    expect(blank.status).toBe(400);
    expect(html(await blank.text())).toContain("Please write your reply.");

    const replied = await postForm(
      `${ADMIN_SUPPORT_PATH}?category=support&ticket=${proTicket.id}`,
      {
        intent: "reply",
        ticketId: proTicket.id,
        replyKey: crypto.randomUUID(),
        body: "Please clear the site's data and sign in again.",
      },
      { cookie },
    );
    const after = await follow(replied, cookie);
    expect(after.location).toBe(`${ADMIN_SUPPORT_PATH}?category=support&ticket=${proTicket.id}`);
    expect(after.body).toContain(SUPPORT_MESSAGES.teamReplySent);
    expect(after.body).toContain("E-mail delivered to the mail service");

    const [mail] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, pro.user.email))
      .orderBy(desc(outboxMessages.createdAt));
    expect(mail?.subject).toBe(`Re: ${proTicket.subject}`);
    expect(mail?.text).toContain("Please clear the site's data and sign in again.");
    expect(mail?.text).toContain(`http://localhost/support?ticket=${proTicket.id}`);

    const learnerView = await page(`/support?ticket=${proTicket.id}`, pro.cookie);
    expect(learnerView.body).toContain("Please clear the site's data and sign in again.");
    expect(learnerView.body).toContain("Answered");

    const closed = await postForm(
      `${ADMIN_SUPPORT_PATH}?ticket=${proTicket.id}`,
      { intent: "close", ticketId: proTicket.id },
      { cookie },
    );
    expect((await follow(closed, cookie)).body).toContain(SUPPORT_MESSAGES.closedTicket);
    const closedView = await page(`/support?ticket=${proTicket.id}`, pro.cookie);
    expect(closedView.body).toContain("This ticket is closed.");
    expect(closedView.body).not.toContain(`id="reply-${proTicket.id}"`);

    expect((await auditEntries({ target: proTicket.id })).map((entry) => entry.action)).toEqual([
      "support_close",
      "support_reply",
    ]);
  });
});

describe("the support API", () => {
  it("gives learners their own tickets only, with 400 / 401 / 404 / 409 answers", async () => {
    const owner = await learner();
    const ticket = await sendContact({ cookie: owner.cookie });
    const other = await learner();

    expect((await callJson("/api/support/tickets")).status).toBe(401);
    const list = await callJson("/api/support/tickets", { token: owner.token });
    expect(list.status).toBe(200);
    const tickets = (list.body.data as { tickets: { id: string; priority: boolean }[] }).tickets;
    expect(tickets.map((row) => row.id)).toEqual([ticket.id]);

    const one = await callJson(`/api/support/tickets/${ticket.id}`, { token: owner.token });
    expect(one.body.data).toMatchObject({ id: ticket.id, status: "open", priority: false });
    expect(
      (await callJson(`/api/support/tickets/${ticket.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (await callJson("/api/support/tickets/not-a-ticket", { token: owner.token })).body,
    ).toEqual({
      success: false,
      message: SUPPORT_MESSAGES.invalidTicketId,
    });

    const path = `/api/support/tickets/${ticket.id}/replies`;
    const created = await callJson(path, {
      token: owner.token,
      body: { body: "Any news?", idempotencyKey: "reply-1" },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ reply: { author: "learner", body: "Any news?" } });
    const replayed = await callJson(path, {
      token: owner.token,
      body: { body: "Any news?" },
      headers: { "Idempotency-Key": "reply-1" },
    });
    expect(replayed.status).toBe(200);

    expect((await callJson(path, { token: other.token, body: { body: "Hi" } })).status).toBe(404);
    const empty = await callJson(path, { token: owner.token, body: { body: "  " } });
    expect(empty).toMatchObject({ status: 400, body: { message: "Please write your reply." } });
    const tooLong = await callJson(path, { token: owner.token, body: { body: "x".repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect((await callJson(path, { token: owner.token, rawBody: "{oops" })).status).toBe(400);
    expect((await callJson(path, { token: owner.token, body: [1, 2] })).status).toBe(400);
    expect((await callJson(path, { token: owner.token, body: { body: 42 } })).status).toBe(400);
    expect((await call(path, { token: owner.token, method: "PUT" })).status).toBe(405);

    const admin = await adminToken(await makeAdmin());
    await callJson(`/api/admin/support/tickets/${ticket.id}/status`, {
      token: admin,
      body: { status: "closed" },
    });
    const onClosed = await callJson(path, { token: owner.token, body: { body: "Wait" } });
    expect(onClosed).toMatchObject({ status: 409, body: { message: SUPPORT_MESSAGES.closed } });
  });

  it("lets the admin token list, reply and change status; learners get 403 and nobody 401", async () => {
    const owner = await learner("pro");
    const ticket = await sendContact({ cookie: owner.cookie, email: owner.user.email });
    const admin = await adminToken(await makeAdmin());

    expect((await callJson("/api/admin/support/tickets")).status).toBe(401);
    expect((await callJson("/api/admin/support/tickets", { token: owner.token })).status).toBe(403);
    expect(
      (await callJson("/api/admin/support/tickets?status=urgent", { token: admin })).body,
    ).toEqual({ success: false, message: "status must be one of open, answered, closed, all." });

    const list = await callJson("/api/admin/support/tickets?priority=priority&category=support", {
      token: admin,
    });
    expect(list.status).toBe(200);
    const data = list.body.data as {
      tickets: { id: string; priority: boolean }[];
      pageSize: number;
    };
    expect(data.tickets.map((row) => row.id)).toContain(ticket.id);
    expect(data.tickets.every((row) => row.priority)).toBe(true);

    const replyPath = `/api/admin/support/tickets/${ticket.id}/reply`;
    expect((await callJson(replyPath, { token: owner.token, body: { body: "Hi" } })).status).toBe(
      403,
    );
    expect((await callJson(replyPath, { token: admin, body: {} })).status).toBe(400);
    const replied = await callJson(replyPath, {
      token: admin,
      body: { body: "Fixed in today's release.", idempotencyKey: "a1" },
    });
    expect(replied.status).toBe(201);
    expect(replied.body.data).toMatchObject({
      reply: { deliveryStatus: "sent", author: "team" },
      ticket: { status: "answered" },
    });
    const again = await callJson(replyPath, {
      token: admin,
      body: { body: "Fixed in today's release.", idempotencyKey: "a1" },
    });
    expect(again.status).toBe(200);
    const mails = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, owner.user.email));
    expect(mails.filter((mail) => mail.subject === `Re: ${ticket.subject}`)).toHaveLength(1);

    const statusPath = `/api/admin/support/tickets/${ticket.id}/status`;
    expect(
      (await callJson(statusPath, { token: admin, body: { status: "answered" } })).body,
    ).toEqual({
      success: false,
      message: SUPPORT_MESSAGES.statusInvalid,
      errors: { status: [SUPPORT_MESSAGES.statusInvalid] },
    });
    const closed = await callJson(statusPath, { token: admin, body: { status: "closed" } });
    expect(closed.body.data).toMatchObject({ changed: true, ticket: { status: "closed" } });
    expect(
      (
        await callJson(`/api/admin/support/tickets/${crypto.randomUUID()}/status`, {
          token: admin,
          body: { status: "open" },
        })
      ).status,
    ).toBe(404);
    expect((await callJson(replyPath, { token: admin, body: { body: "More" } })).status).toBe(409);
  });
});

it("keeps a visitor's contact message a ticket with no account", async () => {
  const ticket = await sendContact({ extra: { userId: (await makeUser()).id } });
  expect(ticket).toMatchObject({ userId: null, priority: false, status: "open" });
});
