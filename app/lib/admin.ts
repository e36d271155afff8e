/**
 * The admin promo-code dashboard, shared by
 * the page, the /api/admin routes and the browser: its address and tabs, the
 * spec's messages, the two forms' schemas, and the suggested code format.
 * Money rules (basis points, code pattern) come from ./pricing, once.
 */
import { z } from "zod";
import {
  basisPointsToPercent,
  DISCOUNT_TIERS_BASIS_POINTS,
  normalizePromoCode,
  PROMO_CODE_PATTERN,
} from "./pricing";
import { IST_OFFSET_MS } from "./usage-window";

/** The hidden route. */
export const ADMIN_PATH = "/admin_dashboard_2025";

export const ADMIN_MESSAGES = {
  // The spec's wording, verbatim
  loginFieldsRequired: "Please enter both username and password",
  invalidCredentials: "Invalid credentials",
  loginFailed: "Login failed. Please try again.",
  loginFailedFallback: "Login failed. Please check your credentials.",
  loadFailed: "Failed to load dashboard data. Please try again.",
  codeRequired: "Please enter a promo code",
  createFailed: "Failed to create promo code",
  deleteFailed: "Failed to delete promo code",
  toggleFailed: "Failed to toggle promo code",
  notAuthenticated: "Not authenticated",
  // Cases the spec leaves open
  loginSucceeded: "Login successful",
  loggedOut: "You have been logged out.",
  sessionExpired: "Your admin session has expired. Please log in again.",
  adminOnly: "Admin access required. Sign in through the admin login.",
  codePattern:
    "Use 2-40 letters, digits, '-' or '_' for the code, starting with a letter or digit.",
  codeTooLongForSuffix: "Use at most 33 characters so the random suffixes fit.",
  discountChoice: "Choose a discount of 10, 20, 30, 40 or 99.97%.",
  countRange: "Create between 1 and 50 coupons at a time.",
  expiryFormat: "Enter the expiry date as YYYY-MM-DD.",
  expiryPast: "The expiry date cannot be before today.",
  descriptionTooLong: "Use at most 200 characters for the description.",
  namingChoice: "Choose how the coupons are named.",
  notFound: "Promo code not found.",
  created: "Promo codes created",
  deleted: "Promo code deleted",
  activated: "Promo code activated",
  deactivated: "Promo code deactivated",
  copied: "Copied to clipboard",
  copyFailed: "Could not copy. Select the code and copy it by hand.",
} as const;

export function duplicateCodeMessage(code: string): string {
  return `A promo code named ${code} already exists (or was used and then deleted). Choose another name.`;
}

export function createdMessage(codes: readonly string[]): string {
  return codes.length === 1
    ? `Created ${codes[0]}.`
    : `Created ${codes.length} codes: ${codes.slice(0, 3).join(", ")}${codes.length > 3 ? "…" : "."}`;
}

// ---------------------------------------------------------------------------
// Tiers and tabs

export type AdminTier = {
  /** 10, 20, 30, 40, 99.97 (or another percentage some code carries). */
  percentage: number;
  basisPoints: number;
  /** The tab's name. */
  label: string;
  /** The tab's value in the address (?tab=…). */
  tab: string;
  /** The base of the suggested code. */
  base: string;
};

export function tierFor(basisPoints: number): AdminTier {
  const percentage = basisPointsToPercent(basisPoints);
  const label =
    basisPoints === 9997
      ? "Almost Free (99.97%)"
      : basisPoints === 10_000
        ? "Free (100%)"
        : `${percentage}% Off`;
  const base =
    basisPoints >= 9997 ? (basisPoints === 9997 ? "ALMOSTFREE" : "FREEPLAN") : `SAVE${percentage}`;
  return { percentage, basisPoints, label, tab: String(percentage), base };
}

/** The five tiers the dashboard always shows, in tab order. */
export const ADMIN_TIERS: readonly AdminTier[] = DISCOUNT_TIERS_BASIS_POINTS.map(tierFor);

export const OVERVIEW_TAB = "overview";

/** The selected tab from ?tab=…: "overview" or a tier's percentage; anything else is the overview. */
export function parseAdminTab(value: string | null, known: readonly string[]): string {
  return value && known.includes(value) ? value : OVERVIEW_TAB;
}

/** The dashboard's address for a tab, with an optional step (create form, delete confirmation). */
export function adminHref(
  tab: string,
  step: { create?: boolean; confirm?: string | null } = {},
): string {
  const params = new URLSearchParams();
  if (tab !== OVERVIEW_TAB) params.set("tab", tab);
  if (step.create) params.set("create", "1");
  if (step.confirm) params.set("confirm", step.confirm);
  const query = params.toString();
  return query ? `${ADMIN_PATH}?${query}` : ADMIN_PATH;
}

/** Recent coupons on the overview: at most 3 per type, at most 5 in all, newest first. */
export const RECENT_PER_TYPE = 3;
export const RECENT_TOTAL = 5;

// ---------------------------------------------------------------------------
// Dates: India time, like the rest of the app

const DAY_MS = 86_400_000;

/** The calendar date in India at `now`, as YYYY-MM-DD. */
export function indiaDate(now: number): string {
  return new Date(now + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** A code expiring on `date` is valid through that whole day, India time: until the next midnight IST. */
export function expiryInstant(date: string): number {
  return Date.parse(`${date}T00:00:00.000Z`) - IST_OFFSET_MS + DAY_MS;
}

/** The last day (India time) a code with this expiry instant is valid. */
export function expiryDateOf(expiresAt: number): string {
  return indiaDate(expiresAt - 1);
}

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

// ---------------------------------------------------------------------------
// Forms

/** The admin login: both fields required. The username is the admin account's e-mail. */
export const adminLoginSchema = z.object({
  username: z
    .string({ error: ADMIN_MESSAGES.loginFieldsRequired })
    .trim()
    .min(1, ADMIN_MESSAGES.loginFieldsRequired)
    .max(254, ADMIN_MESSAGES.invalidCredentials),
  password: z
    .string({ error: ADMIN_MESSAGES.loginFieldsRequired })
    .min(1, ADMIN_MESSAGES.loginFieldsRequired)
    .max(1024, ADMIN_MESSAGES.invalidCredentials),
});

const NAMING_OPTIONS = ["same", "unique"] as const;
export const MAX_COUPONS_PER_CREATE = 50;
export const MAX_DESCRIPTION_LENGTH = 200;
/** A suffix is '_' and six characters; the whole code stays within PROMO_CODE_PATTERN's 40. */
export const SUFFIX_LENGTH = 6;
const MAX_BASE_WITH_SUFFIX = 40 - SUFFIX_LENGTH - 1;

/**
 * The create-coupon payload: code, discountPercentage,
 * description, expiryDate (YYYY-MM-DD or null), count, namingOption. `today`
 * is India's date, so an expiry "not before today" means the same everywhere.
 */
export function createPromoSchema(today: string) {
  return z
    .object({
      code: z
        .string({ error: ADMIN_MESSAGES.codeRequired })
        .trim()
        .min(1, ADMIN_MESSAGES.codeRequired)
        .transform(normalizePromoCode)
        .pipe(z.string().regex(PROMO_CODE_PATTERN, ADMIN_MESSAGES.codePattern)),
      // Numbers in JSON; a form's text is turned into numbers by the form parser (parseWithZod).
      discountPercentage: z
        .number({ error: ADMIN_MESSAGES.discountChoice })
        .refine(
          (percent) => ADMIN_TIERS.some((tier) => tier.percentage === percent),
          ADMIN_MESSAGES.discountChoice,
        ),
      description: z
        .string()
        .trim()
        .max(MAX_DESCRIPTION_LENGTH, ADMIN_MESSAGES.descriptionTooLong)
        .nullish()
        .transform((value) => value || null),
      expiryDate: z
        .string({ error: ADMIN_MESSAGES.expiryFormat })
        .trim()
        .refine(isCalendarDate, ADMIN_MESSAGES.expiryFormat)
        .refine((date) => date >= today, ADMIN_MESSAGES.expiryPast)
        .nullish()
        .transform((value) => value ?? null),
      count: z
        .number({ error: ADMIN_MESSAGES.countRange })
        .int(ADMIN_MESSAGES.countRange)
        .min(1, ADMIN_MESSAGES.countRange)
        .max(MAX_COUPONS_PER_CREATE, ADMIN_MESSAGES.countRange)
        .default(1),
      namingOption: z.enum(NAMING_OPTIONS, { error: ADMIN_MESSAGES.namingChoice }).default("same"),
    })
    .superRefine((value, ctx) => {
      if (
        value.count > 1 &&
        value.namingOption === "unique" &&
        value.code.length > MAX_BASE_WITH_SUFFIX
      ) {
        ctx.addIssue({
          code: "custom",
          path: ["code"],
          message: ADMIN_MESSAGES.codeTooLongForSuffix,
        });
      }
    });
}

export type CreatePromoInput = z.output<ReturnType<typeof createPromoSchema>>;

/** The description defaults to '{percent}% discount on all plans'. */
export function defaultDescription(percentage: number): string {
  return `${percentage}% discount on all plans`;
}

// ---------------------------------------------------------------------------
// Random parts of codes

/** Letters and digits that cannot be misread for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** `length` characters of CODE_ALPHABET, each equally likely (bytes past the last whole alphabet are redrawn). */
export function randomCodeChars(length: number): string {
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let out = "";
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) {
      if (byte < limit && out.length < length) out += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return out;
}

/**
 * A suggested code is the tier's base name, an underscore, three
 * random characters and the last four digits of the time (SAVE20_K7Q4821).
 */
export function suggestPromoCode(basisPoints: number, now: number): string {
  return `${tierFor(basisPoints).base}_${randomCodeChars(3)}${String(now).slice(-4)}`;
}
