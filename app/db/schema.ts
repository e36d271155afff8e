import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

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
    /** The signed-in learner who wrote it, so they see it (and its replies) as a ticket. */
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The ticket's state in the support inbox. */
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    /** Pro learners' tickets, answered first. */
    priority: integer("priority", { mode: "boolean" }).notNull().default(false),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("contact_messages_ip_created_idx").on(table.ipHash, table.createdAt),
    index("contact_messages_inbox_idx").on(table.status, table.priority, table.createdAt),
    index("contact_messages_user_idx").on(table.userId, table.createdAt),
  ],
);

/** A reply on a support ticket: from the team (mailed to the learner) or from the learner. */
export const supportReplies = sqliteTable(
  "support_replies",
  {
    id: text("id").primaryKey(),
    ticketId: text("ticket_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["team", "learner"] }).notNull(),
    /** The admin who wrote a team reply. */
    adminEmail: text("admin_email"),
    body: text("body").notNull(),
    deliveryStatus: text("delivery_status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    createdAt: createdAt(),
  },
  (table) => [index("support_replies_ticket_idx").on(table.ticketId, table.createdAt)],
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
    /**
     * Raised by triggers on every write to a table the learner's pages show
     * (migration 0019): a kept copy of a page made at another version is stale
     * (app/http/learner-copies.server.ts).
     */
    pageVersion: integer("page_version").notNull().default(0),
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
 * session would have expired anyway. See docs/decisions/011-sessions-in-kv.md
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

/**
 * The free trial (docs/decisions/016-access-rules.md): one row per user, written
 * when the e-mail is verified. Its uses are counted by the per-user meter.
 */
export const trials = sqliteTable("trials", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
  endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * Discount codes. The percentage is kept in basis points (10 % = 1000,
 * 99.97 % = 9997, 100 % = 10000) so every price stays integer paise.
 * Uses are counted from promo_redemptions, never kept as a counter.
 */
export const promoCodes = sqliteTable(
  "promo_codes",
  {
    /** Upper-case, as the plans page sends it. */
    code: text("code").primaryKey(),
    discountBasisPoints: integer("discount_basis_points").notNull(),
    description: text("description").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    /** Valid until this instant; null never expires. */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    /** Committed plus live reserved redemptions may not exceed this; null is unlimited. */
    maxUses: integer("max_uses"),
    /** Codes made together by one admin request share a batch id. */
    batchId: text("batch_id"),
    createdBy: text("created_by"),
    /** Soft delete: redemptions keep pointing at the code. */
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
  },
  (table) => [index("promo_codes_batch_idx").on(table.batchId)],
);

/**
 * One row per order that carries a code: reserved when the order is created,
 * committed when it is paid, released when it lapses. A user holds at most one
 * live (reserved or committed) redemption of a code.
 */
export const promoRedemptions = sqliteTable(
  "promo_redemptions",
  {
    id: text("id").primaryKey(),
    code: text("code")
      .notNull()
      .references(() => promoCodes.code),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orderId: text("order_id").notNull(),
    state: text("state", { enum: ["reserved", "committed", "released"] }).notNull(),
    /** A reservation past this instant no longer holds a use. */
    reservedUntil: integer("reserved_until", { mode: "timestamp_ms" }).notNull(),
    createdAt: createdAt(),
    settledAt: integer("settled_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("promo_redemptions_order_unique").on(table.orderId),
    uniqueIndex("promo_redemptions_live_unique")
      .on(table.code, table.userId)
      .where(sql`state != 'released'`),
    index("promo_redemptions_code_state_idx").on(table.code, table.state),
  ],
);

/**
 * A plan purchase: the amount is decided here, on the server, when the order is
 * created, and a payment is accepted only if it matches it.
 */
export const paymentOrders = sqliteTable(
  "payment_orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id", { enum: ["starter", "plus", "pro"] }).notNull(),
    /** "razorpay" (live or rzp_test_ keys), "offline" (the local test checkout), "free" (a 100 % code). */
    provider: text("provider", { enum: ["razorpay", "offline", "free"] }).notNull(),
    providerOrderId: text("provider_order_id").notNull(),
    currency: text("currency").notNull().default("INR"),
    originalPaise: integer("original_paise").notNull(),
    discountPaise: integer("discount_paise").notNull(),
    amountPaise: integer("amount_paise").notNull(),
    promoCode: text("promo_code"),
    /** "cancelled": the learner closed the checkout; an order past expiresAt takes no payment either. */
    status: text("status", { enum: ["created", "paid", "failed", "cancelled"] })
      .notNull()
      .default("created"),
    paymentId: text("payment_id"),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsecond') * 1000 as integer))`),
    paidAt: integer("paid_at", { mode: "timestamp_ms" }),
    /**
     * The end of the order's payable window, the same instant its promo hold
     * lapses: a payment that arrives later is not captured, or is refunded.
     */
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }),
    /**
     * The payment this order was taken for, written (with the promo use) before
     * the payment is captured; the order then takes no other payment.
     */
    claimedPaymentId: text("claimed_payment_id"),
    /**
     * An upgrade's credit for the unused part of the plans it replaces, already
     * taken off amountPaise; creditFrom lists those subscriptions (JSON array of
     * ids). The credit holds only if the order is the one that claims them.
     */
    creditPaise: integer("credit_paise").notNull().default(0),
    creditFrom: text("credit_from"),
  },
  (table) => [
    uniqueIndex("payment_orders_provider_order_unique").on(table.providerOrderId),
    uniqueIndex("payment_orders_payment_unique").on(table.paymentId),
    index("payment_orders_user_idx").on(table.userId, table.createdAt),
    index("payment_orders_status_idx").on(table.status, table.createdAt),
  ],
);

/**
 * Paid periods. A renewal is a new row starting where the current one ends;
 * access runs while some row covers the present. Nothing renews automatically.
 */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id", { enum: ["starter", "plus", "pro"] }).notNull(),
    orderId: text("order_id")
      .notNull()
      .references(() => paymentOrders.id),
    /** The provider's payment id; null for a plan given free by a 100 % code. */
    paymentId: text("payment_id"),
    startsAt: integer("starts_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    /** Set when the learner cancels; access still runs until endsAt. */
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
    /** The upgrade order that credited this period's unused part (claimed with its payment). */
    creditedOrderId: text("credited_order_id"),
    /** When an upgrade ended this period early (endsAt is then that instant). */
    endedEarlyAt: integer("ended_early_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    uniqueIndex("subscriptions_order_unique").on(table.orderId),
    uniqueIndex("subscriptions_payment_unique").on(table.paymentId),
    index("subscriptions_user_ends_idx").on(table.userId, table.endsAt),
  ],
);

/**
 * Payments the app did not turn into a plan (the order had expired, was
 * cancelled or replaced, or already paid by another payment): an authorized
 * one is left uncaptured, a captured one is refunded through the provider.
 */
export const paymentRefusals = sqliteTable("payment_refusals", {
  paymentId: text("payment_id").primaryKey(),
  orderId: text("order_id")
    .notNull()
    .references(() => paymentOrders.id, { onDelete: "cascade" }),
  reason: text("reason", {
    enum: ["expired", "cancelled", "replaced", "used-up", "duplicate"],
  }).notNull(),
  /** "refund-pending" until the provider accepts the refund (the reconciler retries it). */
  outcome: text("outcome", { enum: ["not-captured", "refund-pending", "refunded"] }).notNull(),
  amountPaise: integer("amount_paise").notNull(),
  refundId: text("refund_id"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** Webhook deliveries already handled, by x-razorpay-event-id. */
export const paymentEvents = sqliteTable(
  "payment_events",
  {
    eventId: text("event_id").primaryKey(),
    event: text("event").notNull(),
    providerOrderId: text("provider_order_id"),
    receivedAt: createdAt(),
  },
  (table) => [index("payment_events_received_idx").on(table.receivedAt)],
);

/**
 * Mentor conversations. The id is made by the client as 'chat_' + timestamp +
 * random or by the server for form posts; every read and write checks
 * the owner. The title starts as 'New Conversation', follows the first
 * message, and stays once the learner renames it.
 */
export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    function: text("function", {
      enum: [
        "general",
        "studyHelp",
        "clinicalSimulation",
        "studySchedule",
        "cvSopHelp",
        "careerGuidance",
      ],
    }).notNull(),
    title: text("title").notNull(),
    /** Set once the learner renamed it: the first message no longer names it. */
    titleEdited: integer("title_edited", { mode: "boolean" }).notNull().default(false),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: createdAt(),
    lastActivity: integer("last_activity", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("chat_sessions_user_activity_idx").on(table.userId, table.lastActivity)],
);

/**
 * Every learner and mentor message. A bot message's status says whether the
 * reply arrived whole, was stopped part-way, or is the error text the chat
 * showed.
 */
export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["user", "bot"] }).notNull(),
    text: text("text").notNull(),
    status: text("status", { enum: ["complete", "stopped", "error"] })
      .notNull()
      .default("complete"),
    /** The client's key for a send, so a retried request saves one message. */
    clientKey: text("client_key"),
    createdAt: createdAt(),
  },
  (table) => [
    index("chat_messages_session_idx").on(table.sessionId, table.id),
    index("chat_messages_user_idx").on(table.userId),
    uniqueIndex("chat_messages_client_key_unique").on(table.sessionId, table.clientKey, table.type),
  ],
);

/**
 * A generated quiz or simulation and the learner's way through it. Items are
 * appended in batches while generation runs (the learner starts on question 1
 * while the rest are made); `version` guards each append. The usage reserved
 * for the generation is committed once the first item is stored, released if
 * none ever is. Retakes and "retest incorrect" are new attempts pointing at
 * the one they came from, and cost no use.
 */
export const assessmentAttempts = sqliteTable(
  "assessment_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["quiz", "simulation"] }).notNull(),
    topic: text("topic").notNull(),
    requestedCount: integer("requested_count").notNull(),
    /** JSON: AssessmentItem[] (app/lib/assessments.ts). */
    items: text("items").notNull().default("[]"),
    itemCount: integer("item_count").notNull().default(0),
    /** JSON: the chosen option per item, null while unanswered. */
    answers: text("answers").notNull().default("[]"),
    status: text("status", { enum: ["generating", "ready", "completed", "failed"] }).notNull(),
    source: text("source", { enum: ["ai", "bank", "mixed"] }),
    /** Why there are fewer items than asked, when there are. */
    shortfall: text("shortfall"),
    origin: text("origin", { enum: ["new", "retake", "retest"] })
      .notNull()
      .default("new"),
    parentId: text("parent_id"),
    reservationId: text("reservation_id"),
    version: integer("version").notNull().default(0),
    /** Until when a generator holds the right to append (a second one waits or takes over after). */
    leaseUntil: integer("lease_until", { mode: "timestamp_ms" }),
    score: integer("score"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
    completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("assessment_attempts_user_kind_idx").on(table.userId, table.kind, table.createdAt),
  ],
);

// ---------------------------------------------------------------------------
// Admin dashboard (docs/decisions/026-admin-dashboard.md)

/**
 * Admin sessions, apart from learner sessions: made only by the admin login,
 * with a fixed expiry (no sliding). Strongly consistent in D1, so Logout and
 * expiry end a session everywhere at once. The id is the SHA-256 of the token.
 */
export const adminSessions = sqliteTable(
  "admin_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The user's session epoch at login: a password change ends the session. */
    epoch: integer("epoch").notNull(),
    createdAt: createdAt(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    /** Set by Logout. */
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (table) => [
    index("admin_sessions_user_idx").on(table.userId),
    index("admin_sessions_expires_idx").on(table.expiresAt),
  ],
);

/**
 * Every admin action: who (the account, or the username typed at a failed
 * login), what, when, on what, and the details as JSON. Written in the same
 * D1 batch as the change it records. Kept when the account is removed.
 */
export const adminAuditLog = sqliteTable(
  "admin_audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: text("actor_id"),
    actorEmail: text("actor_email").notNull(),
    action: text("action", {
      enum: [
        "login",
        "login_failed",
        "logout",
        "promo_create",
        "promo_toggle",
        "promo_delete",
        "question_restore",
        "question_retire",
        "question_fix",
        "support_reply",
        "support_reply_retry",
        "support_close",
        "support_reopen",
      ],
    }).notNull(),
    /** The promo code (or the first of a batch), or null for sign-in events. */
    target: text("target"),
    details: text("details").notNull().default("{}"),
    createdAt: createdAt(),
  },
  (table) => [
    index("admin_audit_log_created_idx").on(table.createdAt),
    index("admin_audit_log_actor_idx").on(table.actorId, table.createdAt),
    index("admin_audit_log_target_idx").on(table.target),
  ],
);

/**
 * A learner's flashcards with each card's spaced-repetition state
 * (FSRS, via ts-fsrs; docs/decisions/025-flashcards-and-spaced-repetition.md).
 * A new card is due when it is made and stays `is_new` until its first review,
 * so the due queue never has to step over unstudied cards. `client_key` names
 * the request that made a card (a form's key, an import's row, a quiz item),
 * so a retried create makes one card. `version` and `last_review_id` guard
 * each review: one grade moves a card once.
 */
export const flashcards = sqliteTable(
  "flashcards",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    category: text("category").notNull(),
    isArchived: integer("is_archived", { mode: "boolean" }).notNull().default(false),
    source: text("source", { enum: ["manual", "import", "quiz"] })
      .notNull()
      .default("manual"),
    clientKey: text("client_key"),
    isNew: integer("is_new", { mode: "boolean" }).notNull().default(true),
    /** FSRS: when the card is next due, and its memory state. */
    due: integer("due", { mode: "timestamp_ms" }).notNull(),
    stability: real("stability").notNull().default(0),
    difficulty: real("difficulty").notNull().default(0),
    scheduledDays: integer("scheduled_days").notNull().default(0),
    learningSteps: integer("learning_steps").notNull().default(0),
    reps: integer("reps").notNull().default(0),
    lapses: integer("lapses").notNull().default(0),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning. */
    state: integer("state").notNull().default(0),
    lastReview: integer("last_review", { mode: "timestamp_ms" }),
    lastReviewId: text("last_review_id"),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    // The deck in order, all categories or one (rowid breaks ties in both).
    index("flashcards_user_list_idx").on(table.userId, table.isArchived, table.createdAt),
    index("flashcards_user_category_idx").on(
      table.userId,
      table.isArchived,
      table.category,
      table.createdAt,
    ),
    // The review queue: due cards by due time, then new cards in the order they were made.
    index("flashcards_user_due_idx").on(table.userId, table.isArchived, table.isNew, table.due),
    index("flashcards_user_category_due_idx").on(
      table.userId,
      table.isArchived,
      table.category,
      table.isNew,
      table.due,
    ),
    uniqueIndex("flashcards_user_client_key_unique").on(table.userId, table.clientKey),
  ],
);

/**
 * One graded review of a flashcard: ts-fsrs's review log (the state before
 * the grade) and the schedule it produced, so a retried grade with the same
 * client review id answers the first result instead of grading twice.
 */
export const flashcardReviews = sqliteTable(
  "flashcard_reviews",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cardId: text("card_id")
      .notNull()
      .references(() => flashcards.id, { onDelete: "cascade" }),
    clientReviewId: text("client_review_id").notNull(),
    /** 1 Again, 2 Hard, 3 Good, 4 Easy. */
    rating: integer("rating").notNull(),
    state: integer("state").notNull(),
    due: integer("due", { mode: "timestamp_ms" }).notNull(),
    stability: real("stability").notNull(),
    difficulty: real("difficulty").notNull(),
    elapsedDays: integer("elapsed_days").notNull(),
    lastElapsedDays: integer("last_elapsed_days").notNull(),
    scheduledDays: integer("scheduled_days").notNull(),
    learningSteps: integer("learning_steps").notNull(),
    reviewedAt: integer("reviewed_at", { mode: "timestamp_ms" }).notNull(),
    desiredRetention: real("desired_retention").notNull(),
    /** The schedule the grade produced. */
    nextState: integer("next_state").notNull(),
    nextDue: integer("next_due", { mode: "timestamp_ms" }).notNull(),
    nextScheduledDays: integer("next_scheduled_days").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("flashcard_reviews_client_unique").on(table.userId, table.clientReviewId),
    index("flashcard_reviews_card_idx").on(table.cardId, table.reviewedAt),
    index("flashcard_reviews_user_reviewed_idx").on(table.userId, table.reviewedAt),
  ],
);

/** A learner's study settings: the retention FSRS schedules for. */
export const flashcardSettings = sqliteTable("flashcard_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  desiredRetention: real("desired_retention").notNull().default(0.9),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/**
 * The question pool (docs/question-bank.md): the reviewed bank, loaded by a
 * migration generated from app/data/question-bank/, and AI-generated items
 * that passed validation. `body` holds what a learner sees and the key (JSON:
 * question, options, correctIndex, explanations, takeaway, reference, tags
 * and, for cases, case). Reported items leave rotation ("held") until an admin
 * restores or retires them.
 */
export const bankItems = sqliteTable(
  "bank_items",
  {
    id: text("id").primaryKey(),
    /** "question" (quizzes) or "case" (simulations). */
    kind: text("kind", { enum: ["question", "case"] }).notNull(),
    subject: text("subject").notNull(),
    topic: text("topic").notNull(),
    subtopic: text("subtopic").notNull(),
    condition: text("condition"),
    difficulty: text("difficulty", { enum: ["easy", "moderate", "hard"] }).notNull(),
    itemType: text("item_type").notNull(),
    /** Comma-separated: neet-pg, ini-cet, fmge, university. */
    exams: text("exams").notNull(),
    teachingPoint: text("teaching_point").notNull(),
    body: text("body").notNull(),
    /** "reviewed" (written and re-derived here) or "ai" (generated, validated, not yet reviewed). */
    source: text("source", { enum: ["reviewed", "ai"] }).notNull(),
    /** For AI items: the model that wrote it. */
    model: text("model"),
    status: text("status", { enum: ["active", "held", "retired"] })
      .notNull()
      .default("active"),
    /** Independent learner reports since the last admin review. */
    openReports: integer("open_reports").notNull().default(0),
    /** A small integer that orders items for a seeded shuffle. */
    seq: integer("seq").notNull(),
    contentHash: text("content_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("bank_items_pick_idx").on(table.kind, table.status, table.subject, table.difficulty),
    // Covers the pool's topic counts (the practice builder's catalogue, the progress pool): the
    // rows carry whole questions, so a scan of the table read 4× the pages (decision 049).
    index("bank_items_topic_idx").on(
      table.kind,
      table.status,
      table.subject,
      table.topic,
      table.source,
    ),
    index("bank_items_review_idx").on(table.status, table.openReports),
  ],
);

/**
 * The pool's active questions per subject and topic (all, and reviewed ones),
 * kept by triggers on bank_items (migration 0018): what the practice builder's
 * catalogue, the progress ranking's pool and the planner count from, without
 * grouping the whole bank on every page (decision 050). A topic whose counts
 * fell to zero keeps its row with zeros; readers skip it.
 */
export const bankTopicCounts = sqliteTable(
  "bank_topic_counts",
  {
    subject: text("subject").notNull(),
    topic: text("topic").notNull(),
    /** Active questions on the topic. */
    questions: integer("questions").notNull().default(0),
    /** Of them, written and re-derived here (source "reviewed"). */
    reviewed: integer("reviewed").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.subject, table.topic] })],
);

/**
 * The topic-search index: each item's normalised tags, names (subject, topic,
 * subtopic, condition) and words, as `tag:…`, `name:…` and `word:…` terms.
 */
export const bankTerms = sqliteTable(
  "bank_terms",
  {
    term: text("term").notNull(),
    itemId: text("item_id")
      .notNull()
      .references(() => bankItems.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["question", "case"] }).notNull(),
  },
  (table) => [
    uniqueIndex("bank_terms_unique").on(table.term, table.kind, table.itemId),
    index("bank_terms_item_idx").on(table.itemId),
  ],
);

/** A learner's report on an item: one per learner per item. */
export const bankReports = sqliteTable(
  "bank_reports",
  {
    id: text("id").primaryKey(),
    itemId: text("item_id")
      .notNull()
      .references(() => bankItems.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason", { enum: ["wrong-key", "unclear", "outdated", "typo"] }).notNull(),
    note: text("note"),
    /** Set when an admin resolves the item's reports (fixed, restored or retired). */
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("bank_reports_user_item_unique").on(table.itemId, table.userId),
    index("bank_reports_open_idx").on(table.resolvedAt, table.itemId),
  ],
);

// ---------------------------------------------------------------------------
// Progress (docs/decisions/038-answer-log-and-rollups.md)

/**
 * Every answer a learner gave anywhere (quizzes and simulations when they are
 * finished, practice tests, mock exams), one row per question answered. The id
 * is `{source}:{sourceId}:{position}`, so logging an answer again changes
 * nothing. Triggers (migration 0011) keep `progress_topics` and
 * `progress_days` current on insert, so analytics read rollups, not answers.
 */
export const answerEvents = sqliteTable(
  "answer_events",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The pool item (bank_items.id) when there is one. */
    itemId: text("item_id"),
    source: text("source", { enum: ["quiz", "simulation", "practice", "mock"] }).notNull(),
    sourceId: text("source_id").notNull(),
    position: integer("position").notNull(),
    subject: text("subject").notNull(),
    topic: text("topic").notNull(),
    chosen: integer("chosen").notNull(),
    correct: integer("correct", { mode: "boolean" }).notNull(),
    /** Seconds spent on the question, when the screen timed it. */
    seconds: integer("seconds"),
    /** Why the learner missed it, as they tagged it (the error log). */
    mistake: text("mistake", { enum: ["didnt-know", "misread", "slip", "guessed"] }),
    /** The calendar day in India (YYYY-MM-DD) the answer was given. */
    day: text("day").notNull(),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("answer_events_user_time_idx").on(table.userId, table.answeredAt),
    index("answer_events_user_item_idx").on(table.userId, table.itemId),
    index("answer_events_user_mistake_idx").on(table.userId, table.mistake),
  ],
);

/** Per learner, subject and topic: answers, correct ones and time, kept by trigger. */
export const progressTopics = sqliteTable(
  "progress_topics",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    topic: text("topic").notNull(),
    answered: integer("answered").notNull().default(0),
    correct: integer("correct").notNull().default(0),
    /** Answers with a time, and the seconds they took in all. */
    timed: integer("timed").notNull().default(0),
    seconds: integer("seconds").notNull().default(0),
    lastAt: integer("last_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.subject, table.topic] })],
);

/** Per learner, day (India) and subject: answers and correct ones, kept by trigger. */
export const progressDays = sqliteTable(
  "progress_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    subject: text("subject").notNull(),
    answered: integer("answered").notNull().default(0),
    correct: integer("correct").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.subject] })],
);

/** Questions a learner marked for review in a practice test, for "marked" sets. */
export const itemMarks = sqliteTable(
  "item_marks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    itemId: text("item_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.itemId] })],
);

/**
 * A practice test (advanced quiz set) built from the pool: its questions in
 * order and the learner's way through them, each kept as a JSON array the
 * length of `item_ids`. `version` guards every save.
 */
export const practiceTests = sqliteTable(
  "practice_tests",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    mode: text("mode", { enum: ["tutor", "timed"] }).notNull(),
    /** The marking scheme: neet-pg, ini-cet, fmge or university (app/lib/exams.ts). */
    exam: text("exam").notNull(),
    /** JSON: the builder's choices (subjects, topics, difficulty, status, count). */
    config: text("config").notNull(),
    /** JSON: bank_items ids in order. */
    itemIds: text("item_ids").notNull(),
    /** JSON: chosen option per question, null while unanswered. */
    answers: text("answers").notNull(),
    /** JSON: marked for review, per question. */
    marked: text("marked").notNull(),
    /** JSON: struck-out options per question (indexes 0-3). */
    struck: text("struck").notNull(),
    /** JSON: seconds spent per question. */
    seconds: text("seconds").notNull(),
    current: integer("current").notNull().default(0),
    status: text("status", { enum: ["active", "submitted"] }).notNull(),
    secondsPerQuestion: integer("seconds_per_question").notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    /** Timed mode: when the test submits itself. */
    deadlineAt: integer("deadline_at", { mode: "timestamp_ms" }),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    correctCount: integer("correct_count"),
    wrongCount: integer("wrong_count"),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [index("practice_tests_user_idx").on(table.userId, table.status, table.createdAt)],
);

/** A learner's study plan settings: the exam, its date, hours a day, days off. */
export const studyPlans = sqliteTable("study_plans", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  exam: text("exam").notNull(),
  examDate: text("exam_date").notNull(),
  hoursPerDay: real("hours_per_day").notNull(),
  /** JSON: weekdays off, 0 Sunday … 6 Saturday. */
  daysOff: text("days_off").notNull().default("[]"),
  /** The last day (India) missed tasks were moved from, and what moved (JSON). */
  rebalancedOn: text("rebalanced_on"),
  moves: text("moves").notNull().default("[]"),
  createdAt: createdAt(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
});

/** One task on one day of a study plan. */
export const studyTasks = sqliteTable(
  "study_tasks",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    kind: text("kind", {
      enum: ["practice", "flashcards", "revision", "mock", "mock-exam"],
    }).notNull(),
    subject: text("subject"),
    topic: text("topic"),
    title: text("title").notNull(),
    minutes: integer("minutes").notNull(),
    questionCount: integer("question_count"),
    position: integer("position").notNull(),
    doneAt: integer("done_at", { mode: "timestamp_ms" }),
    /** The day it was planned for before a rebalance moved it. */
    movedFrom: text("moved_from"),
    createdAt: createdAt(),
    /** Who put it there: null for the planner, "feedback" for a task taken from mentor feedback. */
    origin: text("origin", { enum: ["feedback"] }),
  },
  (table) => [index("study_tasks_user_day_idx").on(table.userId, table.day, table.position)],
);

// ---------------------------------------------------------------------------
// Mock exams (Pro)

/**
 * A mock paper: its questions in order and its sections. A numbered paper
 * ("NEET-PG full mock 3") is the same for every learner, so scores compare;
 * a fresh random paper belongs to the learner who asked for it.
 */
export const mockPapers = sqliteTable(
  "mock_papers",
  {
    id: text("id").primaryKey(),
    /** neet-pg, ini-cet or fmge (app/lib/exams.ts). */
    pattern: text("pattern").notNull(),
    length: text("length", { enum: ["full", "half", "quarter"] }).notNull(),
    /** The paper's number in its series; null for a fresh random paper. */
    number: integer("number"),
    /** The learner a random paper was made for. */
    ownerId: text("owner_id").references(() => users.id, { onDelete: "cascade" }),
    /** JSON: bank_items ids in order. */
    itemIds: text("item_ids").notNull(),
    /** JSON: [{ title, questions, minutes }] in order. */
    sections: text("sections").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("mock_papers_series_unique").on(table.pattern, table.length, table.number),
  ],
);

/** A learner's sitting of a mock paper, with the server's clock for each section. */
export const mockAttempts = sqliteTable(
  "mock_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    paperId: text("paper_id")
      .notNull()
      .references(() => mockPapers.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["active", "submitted"] }).notNull(),
    /** The section being sat; earlier ones are locked. */
    sectionIndex: integer("section_index").notNull().default(0),
    sectionEndsAt: integer("section_ends_at", { mode: "timestamp_ms" }).notNull(),
    endsAt: integer("ends_at", { mode: "timestamp_ms" }).notNull(),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    submittedAt: integer("submitted_at", { mode: "timestamp_ms" }),
    /** Set on submit: the counts and the score under the exam's marking. */
    correctCount: integer("correct_count"),
    wrongCount: integer("wrong_count"),
    unattemptedCount: integer("unattempted_count"),
    score: real("score"),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("mock_attempts_user_idx").on(table.userId, table.createdAt),
    index("mock_attempts_paper_score_idx").on(table.paperId, table.status, table.score),
  ],
);

/** One question of a sitting: the answer, the review mark and the time, one row per save. */
export const mockAnswers = sqliteTable(
  "mock_answers",
  {
    attemptId: text("attempt_id")
      .notNull()
      .references(() => mockAttempts.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    /** The chosen option, null when visited but unanswered (or cleared). */
    choice: integer("choice"),
    marked: integer("marked", { mode: "boolean" }).notNull().default(false),
    seconds: integer("seconds").notNull().default(0),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.attemptId, table.position] })],
);

// ---------------------------------------------------------------------------
// Case studies (Pro): virtual patients (app/data/case-studies/cases/*.json)

/**
 * One learner working one case: what they have done so far, in order, with
 * the case clock, and once finished the scored debrief.
 */
export const caseAttempts = sqliteTable(
  "case_attempts",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The case file's id. */
    caseId: text("case_id").notNull(),
    /** Where the learner is working: district hospital or tertiary centre (costs, availability). */
    setting: text("setting", { enum: ["district", "tertiary"] }).notNull(),
    status: text("status", { enum: ["active", "finished"] }).notNull(),
    /** JSON: every step taken, in order, with its case minute, and the learner's answers so far. */
    state: text("state").notNull(),
    /** Case minutes elapsed. */
    clockMinutes: integer("clock_minutes").notNull().default(0),
    /** When the patient deteriorated (case minute), if they did. */
    deterioratedAt: integer("deteriorated_at"),
    /** Set when finished: the score in percent and its breakdown by domain (JSON). */
    score: integer("score"),
    breakdown: text("breakdown"),
    version: integer("version").notNull().default(0),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("case_attempts_user_idx").on(table.userId, table.startedAt),
    // One case open at a time per learner and case: a second start resumes it.
    uniqueIndex("case_attempts_active_idx")
      .on(table.userId, table.caseId)
      .where(sql`status = 'active'`),
  ],
);

// ---------------------------------------------------------------------------
// AI mentor feedback (Pro)

/**
 * Written feedback on a learner's own data: weekly (one per India week) or on
 * demand. `figures` is the server-built summary it was written from; `body`
 * the feedback itself (JSON: sections and the three tasks).
 */
export const feedbackReports = sqliteTable(
  "feedback_reports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["weekly", "on-demand"] }).notNull(),
    /** The India week (Monday, YYYY-MM-DD) a weekly report covers; the day for one on demand. */
    period: text("period").notNull(),
    /** Who wrote it: the model, or the rules when no AI key is set (or the model failed). */
    author: text("author", { enum: ["ai", "rules"] }).notNull(),
    figures: text("figures").notNull(),
    body: text("body").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    index("feedback_reports_user_idx").on(table.userId, table.createdAt),
    uniqueIndex("feedback_reports_weekly_idx")
      .on(table.userId, table.period)
      .where(sql`kind = 'weekly'`),
  ],
);

// ---------------------------------------------------------------------------
// Case studies (Pro): the reviewed virtual patients

/**
 * The 42 reviewed cases (app/data/case-studies/cases/*.json), loaded by the
 * migration `npm run cases:build` writes. The list reads the columns; a case
 * page reads one row's `body` (the whole case file as JSON).
 */
export const caseStudies = sqliteTable("case_studies", {
  /** The case file's id. */
  id: text("id").primaryKey(),
  title: text("title").notNull(),
  specialty: text("specialty", {
    enum: ["medicine", "surgery", "obstetrics", "paediatrics", "emergency"],
  }).notNull(),
  subject: text("subject").notNull(),
  difficulty: text("difficulty", { enum: ["core", "advanced"] }).notNull(),
  setting: text("setting", { enum: ["district", "tertiary"] }).notNull(),
  patientName: text("patient_name").notNull(),
  patientAge: text("patient_age").notNull(),
  patientSex: text("patient_sex").notNull(),
  /** The whole case file (JSON), checked by the build. */
  body: text("body").notNull(),
  contentHash: text("content_hash").notNull(),
});

/**
 * One row (id 1): raised by triggers on every write to the shared content
 * learners' pages show — the question pool, mock papers, case studies
 * (migration 0019; app/http/learner-copies.server.ts).
 */
export const contentVersion = sqliteTable("content_version", {
  id: integer("id").primaryKey(),
  version: integer("version").notNull().default(0),
});
