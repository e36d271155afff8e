/**
 * The support ticket forms' and API bodies' schemas, the real check the server
 * runs, built from the reply rule in app/lib/support.ts (the browser checks the
 * same rule with checkReplyForm).
 */
import { z } from "zod";
import { textSchema } from "./field-schema";
import { isTicketId, SUPPORT_MESSAGES, SUPPORT_REPLY_FIELD } from "./support";

const replyBody = textSchema(SUPPORT_REPLY_FIELD, { stopAtFirst: true });

/** A key the page hands out with each reply form, so a double submit stores one reply. */
const replyKey = z
  .string()
  .regex(/^[A-Za-z0-9-]{8,64}$/, { error: "Please reload the page and try again." });

/** The reply form on /support and in the inbox: which ticket, its key and the text. */
export const replyFormSchema = z.object({
  ticketId: z.string().refine(isTicketId, { error: SUPPORT_MESSAGES.invalidTicketId }),
  replyKey,
  body: replyBody,
});

/** The API's reply body (the idempotency key comes from the body or the header). */
export const replyBodySchema = z.object({
  body: replyBody,
  idempotencyKey: z.string().optional(),
});

/** The API's status change. */
export const statusBodySchema = z.object({
  status: z.enum(["open", "closed"], { error: SUPPORT_MESSAGES.statusInvalid }),
});
