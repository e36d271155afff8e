/**
 * The admin audit log (docs/decisions/026-admin-dashboard.md): who did what,
 * when, to which code, with details as JSON. Statements are returned rather
 * than run, so each change and its audit row go into D1 in one batch.
 */
import type { Database } from "~/db/client.server";
import { type adminAuditLog } from "~/db/schema";

/** What an entry records: one of the schema's actions. */
export type AuditAction = (typeof adminAuditLog.$inferInsert)["action"];

/** Who acted: the signed-in admin, or (for a failed login) the username typed. */
export type AuditActor = { id: string | null; email: string };

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  target?: string | null;
  details?: Record<string, unknown>;
  at: number;
};

const INSERT_AUDIT =
  "INSERT INTO admin_audit_log (actor_id, actor_email, action, target, details, created_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6)";

/** Usernames typed at a failed login are kept as typed (trimmed, lower-cased, at most 254 characters). */
function actorEmail(email: string): string {
  return email.trim().toLowerCase().slice(0, 254);
}

export function auditStatement(db: Database, entry: AuditEntry): D1PreparedStatement {
  return db.$client
    .prepare(INSERT_AUDIT)
    .bind(
      entry.actor.id,
      actorEmail(entry.actor.email),
      entry.action,
      entry.target ?? null,
      JSON.stringify(entry.details ?? {}),
      entry.at,
    );
}

/** Writes one entry on its own (for events that change nothing else: a failed login). */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await auditStatement(db, entry).run();
}

/**
 * An entry written only if `target` names a live promo code, with details
 * computed by SQL from the row as it is at that point of the batch (so the
 * log says what really happened, and nothing is logged for a missing code).
 */
export function promoAuditStatement(
  db: Database,
  entry: Omit<AuditEntry, "details" | "target"> & { target: string; detailsSql: string },
): D1PreparedStatement {
  return db.$client
    .prepare(
      `INSERT INTO admin_audit_log (actor_id, actor_email, action, target, details, created_at)
       SELECT ?1, ?2, ?3, p.code, ${entry.detailsSql}, ?4
       FROM promo_codes p WHERE p.code = ?5 AND p.deleted_at IS NULL`,
    )
    .bind(entry.actor.id, actorEmail(entry.actor.email), entry.action, entry.at, entry.target);
}
