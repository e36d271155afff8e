/**
 * The one mail interface. Two adapters:
 * - `resend`: Resend's HTTP API over fetch (works from Workers), chosen when MAIL_API_KEY is set;
 *   MAIL_API_BASE_URL points it elsewhere (a proxy, or a local fake in tests).
 * - `outbox`: stores every message in D1 and prints it to the log; readable at /dev/mailbox
 *   in local mode. Chosen when no provider is configured, so a fresh clone sends mail offline.
 */
import { desc } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { outboxMessages } from "../db/schema";

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

export type SentMail = { id: string; adapter: Mailer["adapter"] };

export interface Mailer {
  readonly adapter: "resend" | "outbox";
  send(message: MailMessage): Promise<SentMail>;
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to place in a message's HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "MailDeliveryError";
  }
}

type MailConfig = {
  MAIL_API_KEY?: string;
  MAIL_API_BASE_URL: string;
  MAIL_FROM: string;
};

export function createMailer(config: MailConfig, db: Database): Mailer {
  return config.MAIL_API_KEY
    ? createResendMailer({
        apiKey: config.MAIL_API_KEY,
        baseUrl: config.MAIL_API_BASE_URL,
        from: config.MAIL_FROM,
      })
    : createOutboxMailer(db);
}

const SEND_TIMEOUT_MS = 10_000;

export function createResendMailer(options: {
  apiKey: string;
  baseUrl: string;
  from: string;
}): Mailer {
  const endpoint = new URL("/emails", options.baseUrl).toString();
  return {
    adapter: "resend",
    async send(message) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${options.apiKey}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({
            from: options.from,
            to: [message.to],
            subject: message.subject,
            text: message.text,
            html: message.html,
            ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          }),
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
      } catch (error) {
        throw new MailDeliveryError(`Mail provider unreachable: ${String(error)}`);
      }
      const body = (await response.json().catch(() => null)) as {
        id?: unknown;
        message?: unknown;
      } | null;
      if (!response.ok || typeof body?.id !== "string") {
        const reason = typeof body?.message === "string" ? body.message : response.statusText;
        throw new MailDeliveryError(
          `Mail provider refused the message (${response.status}): ${reason}`,
          response.status,
        );
      }
      return { id: body.id, adapter: "resend" };
    },
  };
}

export function createOutboxMailer(db: Database): Mailer {
  return {
    adapter: "outbox",
    async send(message) {
      const id = crypto.randomUUID();
      await db.insert(outboxMessages).values({
        id,
        to: message.to,
        replyTo: message.replyTo ?? null,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      console.log(
        `[mail:outbox] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`,
      );
      return { id, adapter: "outbox" };
    },
  };
}

export type OutboxItem = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  createdAt: string;
};

/** The outbox, newest first. */
export async function listOutbox(db: Database, limit = 100): Promise<OutboxItem[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt.toISOString(),
  }));
}
