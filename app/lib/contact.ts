/**
 * The contact form: its categories, limits, messages and the rule for each
 * field. The server's schema (app/lib/contact-schema.ts, the real check) is
 * built from these rules, and the form checks the same rules in the browser as
 * it is filled in (checkContactForm), so both say the same thing.
 */
import type { SubmissionResult } from "@conform-to/react";
import type { contactSchema } from "./contact-schema";
import { checkForm, textProblem, type TextRule } from "./field-rules";

export const CONTACT_CATEGORIES = [
  {
    value: "general",
    label: "General Inquiry",
    description: "Questions about MedMentor, our plans or how things work.",
  },
  {
    value: "support",
    label: "Technical Support",
    description: "Help with your account, signing in or using a feature.",
  },
  {
    value: "bug",
    label: "Bug Report",
    description: "Something looks broken or doesn't behave as it should.",
  },
  {
    value: "feature",
    label: "Feature Request",
    description: "Ideas for tools, topics or content you'd like to see.",
  },
  {
    value: "billing",
    label: "Billing & Payments",
    description: "Subscriptions, payments, promo codes and student discounts.",
  },
  {
    value: "partnership",
    label: "Partnerships",
    description: "Colleges, coaching institutes and collaborations.",
  },
] as const;

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number]["value"];

export const CATEGORY_VALUES = CONTACT_CATEGORIES.map((category) => category.value) as [
  ContactCategory,
  ...ContactCategory[],
];

export const DEFAULT_CONTACT_CATEGORY: ContactCategory = "general";

export function contactCategoryLabel(value: ContactCategory): string {
  return CONTACT_CATEGORIES.find((category) => category.value === value)?.label ?? value;
}

/** Business hours, India Standard Time. */
export const BUSINESS_HOURS_TIME_ZONE = "India Standard Time (IST, UTC+5:30)";
export const BUSINESS_HOURS = [
  { days: "Monday – Friday", hours: "9:00 AM – 6:00 PM" },
  { days: "Saturday", hours: "10:00 AM – 4:00 PM" },
  { days: "Sunday", hours: "Closed" },
] as const;

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  subjectMax: 150,
  messageMax: 2000,
  /** Messages one address may send per rolling window. */
  messagesPerWindow: 5,
  windowMs: 60 * 60 * 1000,
} as const;

/** The name of the honeypot field: hidden from people, filled in by naive bots. */
export const CONTACT_HONEYPOT_FIELD = "website";

/** Every message the contact form shows. The spec's are verbatim. */
export const CONTACT_MESSAGES = {
  validationTitle: "Validation Error",
  requiredFields: "Please fill in all required fields.",
  checkFields: "Please correct the highlighted fields and try again.",
  nameRequired: "Please enter your name.",
  nameTooLong: `Please keep your name to ${CONTACT_LIMITS.nameMax} characters or fewer.`,
  emailRequired: "Please enter your e-mail address.",
  emailInvalid: "Please enter a valid e-mail address, such as name@example.com.",
  categoryInvalid: "Please choose one of the listed categories.",
  subjectRequired: "Please add a subject for your message.",
  subjectTooLong: `Please keep the subject to ${CONTACT_LIMITS.subjectMax} characters or fewer.`,
  messageRequired: "Please write your message.",
  messageTooLong: `Your message is longer than ${CONTACT_LIMITS.messageMax} characters. Please shorten it.`,
  malformed: "We could not read that request. Please reload the page and try again.",
  successTitle: "Message Sent Successfully! ✅",
  successDescription: "Thank you for contacting us. We'll get back to you within 24 hours.",
  failureTitle: "Failed to Send Message ❌",
  failureDescription: (supportEmail: string) =>
    `Sorry, there was an error sending your message. Please try again or contact us directly at ${supportEmail}`,
  rateLimitedTitle: "Too Many Messages",
  rateLimitedDescription: (supportEmail: string) =>
    `You have sent several messages in the last hour. Please wait a while before sending another, or e-mail us at ${supportEmail}.`,
} as const;

const M = CONTACT_MESSAGES;

/** Browsers submit a textarea's line breaks as CRLF; count them as one character, as the textarea does. */
const normalizeLineBreaks = (value: string) => value.replace(/\r\n?/g, "\n");

/** The pattern zod's `z.email()` checks (zod 4.6); the server's schema and the browser both use this copy. */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;

/** Each text field's rule: trimmed, required, then its limit; only the first problem is reported. */
export const CONTACT_FIELDS = {
  name: { required: M.nameRequired, max: [CONTACT_LIMITS.nameMax, M.nameTooLong] },
  email: {
    required: M.emailRequired,
    max: [CONTACT_LIMITS.emailMax, M.emailInvalid],
    valid: [EMAIL_PATTERN, M.emailInvalid],
  },
  subject: {
    required: M.subjectRequired,
    // A subject becomes an e-mail subject line: one line only.
    normalize: (value) => value.replace(/\s+/g, " "),
    max: [CONTACT_LIMITS.subjectMax, M.subjectTooLong],
  },
  message: {
    required: M.messageRequired,
    normalize: normalizeLineBreaks,
    max: [CONTACT_LIMITS.messageMax, M.messageTooLong],
  },
} satisfies Record<string, TextRule>;

/** The browser's check of the form: each field's first problem, as the schema reports it. */
export const checkContactForm = (formData: FormData) =>
  checkForm<typeof contactSchema>(formData, (values) => ({
    name: textProblem(values.name, CONTACT_FIELDS.name),
    email: textProblem(values.email, CONTACT_FIELDS.email),
    category:
      !values.category || CATEGORY_VALUES.includes(values.category as ContactCategory)
        ? undefined
        : M.categoryInvalid,
    subject: textProblem(values.subject, CONTACT_FIELDS.subject),
    message: textProblem(values.message, CONTACT_FIELDS.message),
  }));

/** Attributes for the form controls, so the browser checks the same limits when JavaScript is off. */
export const CONTACT_CONSTRAINT = {
  name: { required: true, maxLength: CONTACT_LIMITS.nameMax },
  email: { required: true, maxLength: CONTACT_LIMITS.emailMax },
  category: { required: false },
  subject: { required: true, maxLength: CONTACT_LIMITS.subjectMax },
  message: { required: true, maxLength: CONTACT_LIMITS.messageMax },
  [CONTACT_HONEYPOT_FIELD]: { required: false },
};

/** A message shown after a submission: as a toast with JavaScript, and inline always. */
export type ContactNotice = {
  id: string;
  type: "success" | "error";
  title: string;
  description: string;
};

/** What the contact action answers: the fields' problems and the notice. */
export type ContactActionData = {
  result: SubmissionResult<string[]>;
  notice: ContactNotice;
};

const REQUIRED_FIELD_ERRORS: ReadonlySet<string> = new Set([
  M.nameRequired,
  M.emailRequired,
  M.messageRequired,
]);

/**
 * The summary for a submission the schema refused: the spec's 'Validation Error' -
 * 'Please fill in all required fields.' when name, e-mail or message is blank,
 * otherwise a pointer to the fields' own messages.
 */
export function contactValidationNotice(
  errors: Record<string, string[] | null | undefined> | null | undefined,
): ContactNotice {
  const messages = Object.values(errors ?? {}).flatMap((list) => list ?? []);
  return {
    id: crypto.randomUUID(),
    type: "error",
    title: M.validationTitle,
    description: messages.some((message) => REQUIRED_FIELD_ERRORS.has(message))
      ? M.requiredFields
      : M.checkFields,
  };
}

/** True when the submit button should wait: a field the spec requires is blank. */
export function isContactFormIncomplete(values: {
  name?: unknown;
  email?: unknown;
  message?: unknown;
}): boolean {
  return [values.name, values.email, values.message].some(
    (value) => typeof value !== "string" || value.trim() === "",
  );
}
