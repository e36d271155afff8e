import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`);

/** Every e-mail the app sends when no mail provider is configured (the local outbox). */
export const outboxMessages = sqliteTable(
  "outbox_messages",
  {
    id: text("id").primaryKey(),
    to: text("to").notNull(),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("outbox_messages_created_at_idx").on(table.createdAt)],
);

/** Messages sent through the contact form. */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    category: text("category", {
      enum: ["general", "support", "bug", "feature", "billing", "partnership"],
    }).notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    /** SHA-256 of the sender's IP with the session secret: enough to rate-limit, not to identify. */
    ipHash: text("ip_hash").notNull(),
    /** "sent" once the mail interface accepted it, "failed" if it did not. */
    deliveryStatus: text("delivery_status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
  },
  (table) => [index("contact_messages_ip_created_idx").on(table.ipHash, table.createdAt)],
);

/**
 * Accounts. The e-mail is stored trimmed and lower-cased, and the unique index on
 * lower(email) keeps it unique without regard to case whatever writes the row.
 */
export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    role: text("role", { enum: ["learner", "admin"] })
      .notNull()
      .default("learner"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    medicalSchool: text("medical_school"),
    /** "1st Year" … "6th Year", "Intern", "Resident", "Other" (app/lib/auth-schemas.ts). */
    year: text("year"),
    /** Self-describing hash string (app/models/password.server.ts); null for Google-only accounts. */
    passwordHash: text("password_hash"),
    emailVerifiedAt: integer("email_verified_at", { mode: "timestamp_ms" }),
    /** Google's stable account id (the ID token's `sub`) once the account is linked. */
    googleSubject: text("google_subject"),
    /** Sessions carry the epoch they were made in; raising it ends every older session at once. */
    sessionEpoch: integer("session_epoch").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
  },
  (table) => [
    uniqueIndex("users_email_lower_unique").on(sql`lower(${table.email})`),
    uniqueIndex("users_google_subject_unique").on(table.googleSubject),
  ],
);

/** Six-digit codes mailed for e-mail verification and password reset; only their HMAC is stored. */
export const oneTimeCodes = sqliteTable(
  "one_time_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["verify_email", "reset_password"] }).notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Wrong guesses so far; at 5 the code is dead. */
    attempts: integer("attempts").notNull().default(0),
    /** Set when the code is redeemed or replaced by a newer one. */
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("one_time_codes_user_purpose_idx").on(table.userId, table.purpose, table.createdAt),
  ],
);

/**
 * Sessions live in KV; this is the strongly consistent list of sessions ended
 * before their expiry (logout), checked on every request. Rows can go once the
 * session would have expired anyway. See docs/decisions/011-sessions-in-kv.md.
 */
export const revokedSessions = sqliteTable(
  "revoked_sessions",
  {
    /** SHA-256 of the session token, as in the KV key. */
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
  },
  (table) => [index("revoked_sessions_expires_at_idx").on(table.expiresAt)],
);
