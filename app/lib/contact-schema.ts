/**
 * The contact form's schema, the real check the server runs
 * (app/models/contact.server.ts), built from the form's rules in
 * app/lib/contact.ts: each field reports only its first problem.
 */
import { z } from "zod";
import {
  CATEGORY_VALUES,
  CONTACT_FIELDS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MESSAGES,
  DEFAULT_CONTACT_CATEGORY,
} from "./contact";
import { textSchema } from "./field-schema";

const firstProblem = { stopAtFirst: true };

export const contactSchema = z.object({
  name: textSchema(CONTACT_FIELDS.name, firstProblem),
  email: textSchema(CONTACT_FIELDS.email, firstProblem),
  category: z
    .enum(CATEGORY_VALUES, { error: CONTACT_MESSAGES.categoryInvalid })
    .default(DEFAULT_CONTACT_CATEGORY),
  subject: textSchema(CONTACT_FIELDS.subject, firstProblem),
  message: textSchema(CONTACT_FIELDS.message, firstProblem),
  [CONTACT_HONEYPOT_FIELD]: z.string().optional(),
});

export type ContactInput = z.output<typeof contactSchema>;
