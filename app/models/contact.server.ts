/**
 * Contact messages: check a submission, keep bots and floods out, store it and
 * send it to the support inbox. The route (app/routes/contact.tsx) only reads
 * the request and returns what this decides. Every stored message is a
 * support ticket (app/models/support-tickets.server.ts); a signed-in sender's
 * carries their account and, on Pro, priority.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { and, eq, gt, min, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { escapeHtml, type Mailer } from "~/integrations/mail.server";
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactCategoryLabel,
  contactValidationNotice,
  type ContactActionData,
  type ContactNotice,
} from "~/lib/contact";
import { contactSchema, type ContactInput } from "~/lib/contact-schema";
import { type TicketSender, ticketSenderFor } from "./support-tickets.server";

export type ContactDependencies = {
  db: Database;
  mail: Mailer;
  env: { SUPPORT_EMAIL: string; SESSION_SECRET: string };
  /** The clock, so the hourly window can be tested; defaults to now. */
  now?: () => number;
};

/** What the page shows after a submission; `result` feeds conform's `lastResult`. */
export type ContactOutcome = {
  status: 200 | 400 | 429 | 502 | 503;
  headers?: Record<string, string>;
  data: ContactActionData;
};

/**
 * Handles one contact-form submission from the address `clientIp`.
 *
 * - invalid fields: 400 with each field's message, nothing stored;
 * - honeypot filled: the same answer as a real success, nothing stored or sent;
 * - more than CONTACT_LIMITS.messagesPerWindow from one address in the window: 429;
 * - otherwise stored (pending) as an open ticket, mailed to SUPPORT_EMAIL, and marked sent (200)
 *   or failed (502).
 *
 * `userId` is the signed-in sender (null for a visitor): the ticket is theirs,
 * and priority when the plan running now includes priority support. Nothing
 * in the form decides either.
 */
export async function submitContactMessage(
  deps: ContactDependencies,
  formData: FormData,
  clientIp: string,
  userId: string | null = null,
): Promise<ContactOutcome> {
  const submission = parseWithZod(formData, { schema: contactSchema });
  if (submission.status !== "success") {
    return {
      status: 400,
      data: {
        result: submission.reply(),
        notice: contactValidationNotice(submission.error),
      },
    };
  }

  const sent: ContactOutcome = {
    status: 200,
    data: {
      result: submission.reply({ resetForm: true }),
      notice: notice("success", CONTACT_MESSAGES.successTitle, CONTACT_MESSAGES.successDescription),
    },
  };
  const input = submission.value;
  if (input[CONTACT_HONEYPOT_FIELD]) return sent;

  const supportEmail = deps.env.SUPPORT_EMAIL;
  const failed = (status: 502 | 503): ContactOutcome => ({
    status,
    data: {
      result: submission.reply(),
      notice: notice(
        "error",
        CONTACT_MESSAGES.failureTitle,
        CONTACT_MESSAGES.failureDescription(supportEmail),
      ),
    },
  });

  const now = deps.now?.() ?? Date.now();
  const ipHash = await hashClientIp(clientIp, deps.env.SESSION_SECRET);
  const id = crypto.randomUUID();

  let stored: boolean;
  let sender: TicketSender | null = null;
  try {
    if (userId) sender = await ticketSenderFor(deps.db, userId, now);
    stored = await storeUnlessOverLimit(deps.db, { id, ipHash, now, input, sender });
  } catch (error) {
    console.error("[contact] could not store a contact message", error);
    return failed(503);
  }

  if (!stored) {
    const retryAfter = await secondsUntilNextSlot(deps.db, ipHash, now);
    return {
      status: 429,
      headers: { "Retry-After": String(retryAfter) },
      data: {
        result: submission.reply(),
        notice: notice(
          "error",
          CONTACT_MESSAGES.rateLimitedTitle,
          CONTACT_MESSAGES.rateLimitedDescription(supportEmail),
        ),
      },
    };
  }

  let deliveryStatus: "sent" | "failed";
  try {
    await deps.mail.send(composeContactEmail(input, supportEmail, sender?.priority ?? false));
    deliveryStatus = "sent";
  } catch (error) {
    console.error(`[contact] message ${id} could not be delivered`, error);
    deliveryStatus = "failed";
  }

  try {
    await deps.db.update(contactMessages).set({ deliveryStatus }).where(eq(contactMessages.id, id));
  } catch (error) {
    // The message itself went out (or not) regardless; the status is bookkeeping.
    console.error(`[contact] could not record delivery status ${deliveryStatus} for ${id}`, error);
  }

  return deliveryStatus === "sent" ? sent : failed(502);
}

/** The answer to a POST whose body is not a form at all. */
export function malformedContactRequest(): ContactOutcome {
  return {
    status: 400,
    data: {
      result: { status: "error", error: { "": [CONTACT_MESSAGES.malformed] } },
      notice: notice("error", CONTACT_MESSAGES.validationTitle, CONTACT_MESSAGES.malformed),
    },
  };
}

function notice(type: ContactNotice["type"], title: string, description: string): ContactNotice {
  return { id: crypto.randomUUID(), type, title, description };
}

/**
 * Stores the message unless its sender already reached the limit in the window.
 * Counting and inserting is one statement, so two requests racing each other
 * cannot both slip under the limit. Returns whether the row was stored.
 */
async function storeUnlessOverLimit(
  db: Database,
  row: {
    id: string;
    ipHash: string;
    now: number;
    input: ContactInput;
    sender: TicketSender | null;
  },
): Promise<boolean> {
  const { input, sender } = row;
  const windowStart = row.now - CONTACT_LIMITS.windowMs;
  const result = await db.run(sql`
    insert into ${contactMessages}
      (id, name, email, category, subject, message, ip_hash, delivery_status, created_at,
       user_id, status, priority, updated_at)
    select ${row.id}, ${input.name}, ${input.email}, ${input.category}, ${input.subject},
      ${input.message}, ${row.ipHash}, 'pending', ${row.now},
      ${sender?.userId ?? null}, 'open', ${sender?.priority ? 1 : 0}, ${row.now}
    where (
      select count(*) from ${contactMessages}
      where ip_hash = ${row.ipHash} and created_at > ${windowStart}
    ) < ${CONTACT_LIMITS.messagesPerWindow}
  `);
  // Its own row (changes also counts the page-version trigger's write: migration 0019).
  return result.meta.changes > 0;
}

/** When the oldest message in the window leaves it, in whole seconds (at least 1). */
async function secondsUntilNextSlot(db: Database, ipHash: string, now: number): Promise<number> {
  const [row] = await db
    .select({ oldest: min(contactMessages.createdAt) })
    .from(contactMessages)
    .where(
      and(
        eq(contactMessages.ipHash, ipHash),
        gt(contactMessages.createdAt, new Date(now - CONTACT_LIMITS.windowMs)),
      ),
    );
  const oldest = row?.oldest?.getTime() ?? now;
  return Math.max(1, Math.ceil((oldest + CONTACT_LIMITS.windowMs - now) / 1000));
}

/**
 * The sender's address as stored: HMAC-SHA-256 of the IP keyed with the session
 * secret, in hex. Enough to count one sender's messages, not to recover the IP.
 */
export async function hashClientIp(ip: string, secret: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const digest = await crypto.subtle.sign("HMAC", key, encoder.encode(ip));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** The client's address as Cloudflare reports it; "unknown" when absent (all such requests share one budget). */
export function clientIpOf(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim() || "unknown";
}

/** The e-mail the support team receives; replying to it answers the sender. Pro senders' say so first. */
function composeContactEmail(input: ContactInput, supportEmail: string, priority: boolean) {
  const category = contactCategoryLabel(input.category);
  const fields: Array<[label: string, value: string]> = [
    ["Name", input.name],
    ["E-mail", input.email],
    ["Category", category],
    ["Subject", input.subject],
  ];
  const text = [
    "New message from the MedMentor contact form.",
    "",
    ...fields.map(([label, value]) => `${label}: ${value}`),
    "",
    "Message:",
    input.message,
    "",
    `Reply to this e-mail to answer ${input.name} directly.`,
  ].join("\n");
  const html = [
    `<p>New message from the MedMentor contact form.</p>`,
    `<table cellpadding="4" cellspacing="0">`,
    ...fields.map(
      ([label, value]) =>
        `<tr><th align="left" valign="top">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    `</table>`,
    `<p style="white-space:pre-wrap">${escapeHtml(input.message)}</p>`,
    `<p>Reply to this e-mail to answer ${escapeHtml(input.name)} directly.</p>`,
  ].join("\n");
  return {
    to: supportEmail,
    replyTo: input.email,
    subject: `${priority ? "[Priority] " : ""}[Contact: ${category}] ${input.subject}`,
    text,
    html,
  };
}
