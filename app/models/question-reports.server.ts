/**
 * Learners' reports on pool items, and the admin's review of them
 * (docs/decisions/036-question-reports.md). A learner reports an item they
 * were given (wrong key, unclear, outdated, typo), once per item; after
 * HOLD_AFTER_REPORTS independent reports the item leaves rotation ("held")
 * until an admin fixes it, restores it or retires it. Every write is one D1
 * batch, so concurrent reports count each learner once and hold the item
 * exactly when the threshold is crossed.
 */
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { REPORT_REASONS, type ReportReason } from "~/lib/question-reports";
import { auditStatement, type AuditActor } from "./admin-audit.server";

/** Independent learners' reports that take an item out of rotation. */
export const HOLD_AFTER_REPORTS = 3;

export const REPORT_MESSAGES = {
  sent: "Thanks: we review every report, and the question is checked before it is used again.",
  already: "You have already reported this question. We will review it.",
  notYours:
    "You can report only questions from your own quizzes, simulations, practice tests and submitted mock exams.",
  invalid: "Choose what is wrong with the question.",
} as const;

export const reportSchema = z.object({
  bankId: z.string().trim().min(1).max(120),
  reason: z.enum(REPORT_REASONS),
  note: z
    .string()
    .trim()
    .max(500)
    .optional()
    .transform((note) => note || null),
});

export type ReportInput = z.infer<typeof reportSchema>;

export type ReportOutcome =
  | { ok: true; status: 201 | 200; message: string; held: boolean }
  | { ok: false; status: 400 | 403 | 404; message: string };

/**
 * Records a learner's report. Only an item that was in one of the learner's
 * own quizzes, simulations, practice tests or submitted mock exams can be
 * reported (so nobody can take items out of rotation blind); a second report
 * by the same learner changes nothing.
 */
export async function reportItem(
  db: Database,
  userId: string,
  input: ReportInput,
  now: number,
): Promise<ReportOutcome> {
  const d1 = db.$client;
  const seen = await d1
    .prepare(
      `SELECT 1 FROM assessment_attempts a, json_each(a.items) j
       WHERE a.user_id = ?1 AND json_extract(j.value, '$.bankId') = ?2
       UNION ALL
       SELECT 1 FROM practice_tests p, json_each(p.item_ids) j
       WHERE p.user_id = ?1 AND j.value = ?2
       UNION ALL
       SELECT 1 FROM mock_attempts m JOIN mock_papers p ON p.id = m.paper_id, json_each(p.item_ids) j
       WHERE m.user_id = ?1 AND m.status = 'submitted' AND j.value = ?2
       LIMIT 1`,
    )
    .bind(userId, input.bankId)
    .first();
  if (!seen) return { ok: false, status: 403, message: REPORT_MESSAGES.notYours };

  const [inserted, , item] = await d1.batch<{ status: string; open_reports: number }>([
    d1
      .prepare(
        `INSERT INTO bank_reports (id, item_id, user_id, reason, note, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE EXISTS (SELECT 1 FROM bank_items WHERE id = ?2)
         ON CONFLICT (item_id, user_id) DO NOTHING`,
      )
      .bind(crypto.randomUUID(), input.bankId, userId, input.reason, input.note, now),
    d1
      .prepare(
        `UPDATE bank_items SET
           open_reports = (SELECT count(*) FROM bank_reports WHERE item_id = ?1 AND resolved_at IS NULL),
           status = CASE
             WHEN status = 'active'
               AND (SELECT count(*) FROM bank_reports WHERE item_id = ?1 AND resolved_at IS NULL) >= ?2
             THEN 'held' ELSE status END,
           updated_at = ?3
         WHERE id = ?1`,
      )
      .bind(input.bankId, HOLD_AFTER_REPORTS, now),
    d1.prepare("SELECT status, open_reports FROM bank_items WHERE id = ?1").bind(input.bankId),
  ]);
  const row = item?.results[0];
  if (!row) return { ok: false, status: 404, message: REPORT_MESSAGES.notYours };
  const fresh = (inserted?.meta.changes ?? 0) > 0;
  return {
    ok: true,
    status: fresh ? 201 : 200,
    message: fresh ? REPORT_MESSAGES.sent : REPORT_MESSAGES.already,
    held: row.status === "held",
  };
}

// ---------------------------------------------------------------------------
// The admin's review queue

export type ReviewReport = {
  reason: ReportReason;
  note: string | null;
  createdAt: number;
};

export type ReviewItem = {
  id: string;
  kind: "question" | "case";
  subject: string;
  topic: string;
  status: "active" | "held" | "retired";
  source: "reviewed" | "ai";
  openReports: number;
  question: string;
  options: string[];
  correctIndex: number;
  explanations: string[];
  takeaway: string;
  reference: string | null;
  case: { history: string; examination: string; results: string } | null;
  reports: ReviewReport[];
};

type QueueRow = {
  id: string;
  kind: "question" | "case";
  subject: string;
  topic: string;
  status: "active" | "held" | "retired";
  source: "reviewed" | "ai";
  open_reports: number;
  body: string;
  reports: string;
};

/** Items with open reports, held ones first, most reported first (at most `limit`). */
export async function reviewQueue(db: Database, limit = 50): Promise<ReviewItem[]> {
  const { results } = await db.$client
    .prepare(
      `SELECT i.id, i.kind, i.subject, i.topic, i.status, i.source, i.open_reports, i.body,
              (SELECT json_group_array(json_object('reason', r.reason, 'note', r.note, 'createdAt', r.created_at))
               FROM bank_reports r WHERE r.item_id = i.id AND r.resolved_at IS NULL) AS reports
       FROM bank_items i
       WHERE i.open_reports > 0
       ORDER BY i.status = 'held' DESC, i.open_reports DESC, i.updated_at DESC
       LIMIT ?1`,
    )
    .bind(limit)
    .all<QueueRow>();
  return results.map((row) => {
    const body = JSON.parse(row.body) as Omit<ReviewItem, "reports" | "case"> & {
      case?: ReviewItem["case"];
    };
    return {
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      topic: row.topic,
      status: row.status,
      source: row.source,
      openReports: row.open_reports,
      question: body.question,
      options: body.options,
      correctIndex: body.correctIndex,
      explanations: body.explanations,
      takeaway: body.takeaway,
      reference: body.reference ?? null,
      case: body.case ?? null,
      reports: JSON.parse(row.reports) as ReviewReport[],
    };
  });
}

export const fixSchema = z.object({
  bankId: z.string().trim().min(1).max(120),
  question: z.string().trim().min(10).max(4000),
  options: z.array(z.string().trim().min(1).max(500)).length(4),
  correctIndex: z.coerce.number().int().min(0).max(3),
  explanations: z.array(z.string().trim().min(5).max(2000)).length(4),
  takeaway: z.string().trim().min(5).max(1000),
  reference: z.string().trim().min(5).max(500),
});

export type FixInput = z.infer<typeof fixSchema>;

export type Resolution = "restore" | "retire" | "fix";

/**
 * The admin's decision on a reported item, with its audit entry, in one
 * batch: restore (back in rotation as it is), retire (never used again) or
 * fix (the corrected text, back in rotation). The item's open reports are
 * resolved either way. False when the item does not exist.
 */
export async function resolveItem(
  db: Database,
  admin: AuditActor,
  bankId: string,
  resolution: Resolution,
  now: number,
  fix?: FixInput,
): Promise<boolean> {
  const d1 = db.$client;
  const current = await d1
    .prepare("SELECT body FROM bank_items WHERE id = ?1")
    .bind(bankId)
    .first<{ body: string }>();
  if (!current) return false;
  const status = resolution === "retire" ? "retired" : "active";
  const body =
    resolution === "fix" && fix
      ? JSON.stringify({
          ...(JSON.parse(current.body) as Record<string, unknown>),
          question: fix.question,
          options: fix.options,
          correctIndex: fix.correctIndex,
          explanations: fix.explanations,
          takeaway: fix.takeaway,
          reference: fix.reference,
        })
      : current.body;
  await d1.batch([
    d1
      .prepare(
        "UPDATE bank_items SET status = ?2, body = ?3, open_reports = 0, updated_at = ?4 WHERE id = ?1",
      )
      .bind(bankId, status, body, now),
    d1
      .prepare(
        "UPDATE bank_reports SET resolved_at = ?2 WHERE item_id = ?1 AND resolved_at IS NULL",
      )
      .bind(bankId, now),
    auditStatement(db, {
      actor: admin,
      action: `question_${resolution}`,
      target: bankId,
      // A fix is kept whole, so it can be carried into the bank files (the next bank build would undo it).
      details:
        resolution === "fix" ? { before: JSON.parse(current.body), after: JSON.parse(body) } : {},
      at: now,
    }),
  ]);
  return true;
}
