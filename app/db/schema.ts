import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

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
