/**
 * Reporting a pool item (POST /api/questions/report) and the admin's review:
 * only items from the learner's own attempts, one report per learner,
 * held out of rotation after three independent reports (also when they
 * arrive at once), and restored, fixed or retired by an admin.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { findBankItems } from "~/models/question-bank.server";
import {
  HOLD_AFTER_REPORTS,
  REPORT_MESSAGES,
  resolveItem,
  reviewQueue,
} from "~/models/question-reports.server";
import { apiLogin, callJson, makeUser } from "../../tests/support/auth";

const db = createDb(env.DB);

/** An ophthalmology question from the pool (each test takes its own). */
async function poolItem(index: number) {
  const { items } = await findBankItems(db, {
    kind: "quiz",
    topic: "Ophthalmology",
    count: 30,
    seed: "reports",
  });
  const item = items[index];
  if (!item) throw new Error("the pool has too few ophthalmology questions");
  return item;
}

/** A learner who was given `bankId` in a finished quiz, with their Bearer token. */
async function learnerWhoSaw(bankId: string) {
  const user = await makeUser();
  await env.DB.prepare(
    `INSERT INTO assessment_attempts (id, user_id, kind, topic, requested_count, items, item_count, status, updated_at)
     VALUES (?1, ?2, 'quiz', 'Ophthalmology', 1, ?3, 1, 'completed', ?4)`,
  )
    .bind(
      crypto.randomUUID(),
      user.id,
      JSON.stringify([{ question: "Q", source: "bank", bankId }]),
      Date.now(),
    )
    .run();
  return { user, token: await apiLogin(user.email, user.plainPassword) };
}

const report = (token: string, body: unknown) =>
  callJson("/api/questions/report", { token, body, headers: { Origin: "http://localhost" } });

async function itemRow(id: string) {
  return env.DB.prepare("SELECT status, open_reports FROM bank_items WHERE id = ?")
    .bind(id)
    .first<{ status: string; open_reports: number }>();
}

describe("POST /api/questions/report", () => {
  it("takes a learner's report once, on an item from their own quiz", async () => {
    const item = await poolItem(0);
    const { token } = await learnerWhoSaw(item.id);
    const first = await report(token, {
      bankId: item.id,
      reason: "wrong-key",
      note: "B fits better",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      message: REPORT_MESSAGES.sent,
      data: { held: false },
    });
    const again = await report(token, { bankId: item.id, reason: "typo" });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(REPORT_MESSAGES.already);
    expect(await itemRow(item.id)).toEqual({ status: "active", open_reports: 1 });
    const { results } = await env.DB.prepare(
      "SELECT reason, note FROM bank_reports WHERE item_id = ?",
    )
      .bind(item.id)
      .all();
    expect(results).toEqual([{ reason: "wrong-key", note: "B fits better" }]);
  });

  it("refuses items the learner was never given, bad reasons and visitors", async () => {
    const item = await poolItem(1);
    const other = await poolItem(2);
    const { token } = await learnerWhoSaw(item.id);
    const notYours = await report(token, { bankId: other.id, reason: "unclear" });
    expect(notYours.status).toBe(403);
    expect(notYours.body.message).toBe(REPORT_MESSAGES.notYours);
    expect((await report(token, { bankId: item.id, reason: "boring" })).status).toBe(400);
    expect((await report(token, { bankId: item.id })).status).toBe(400);
    const visitor = await callJson("/api/questions/report", {
      body: { bankId: item.id, reason: "typo" },
    });
    expect(visitor.status).toBe(401);
    expect(await itemRow(other.id)).toEqual({ status: "active", open_reports: 0 });
  });

  it("holds an item out of rotation after three independent reports, also when they arrive together", async () => {
    const item = await poolItem(3);
    const learners = await Promise.all(
      Array.from({ length: HOLD_AFTER_REPORTS + 2 }, () => learnerWhoSaw(item.id)),
    );
    // Each learner presses Send twice at once.
    const answers = await Promise.all(
      learners.flatMap(({ token }) => [
        report(token, { bankId: item.id, reason: "wrong-key" }),
        report(token, { bankId: item.id, reason: "wrong-key" }),
      ]),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(learners.length);
    expect(answers.every((answer) => answer.status === 201 || answer.status === 200)).toBe(true);
    expect(await itemRow(item.id)).toEqual({ status: "held", open_reports: learners.length });
    const pool = await findBankItems(db, { kind: "quiz", topic: "Ophthalmology", count: 100 });
    expect(pool.items.map((candidate) => candidate.id)).not.toContain(item.id);

    const [queued] = (await reviewQueue(db)).filter((entry) => entry.id === item.id);
    expect(queued).toMatchObject({ status: "held", openReports: learners.length });
    expect(queued!.reports).toHaveLength(learners.length);
  });
});

describe("the admin's review", () => {
  const admin = { id: null, email: "reviewer@medmentor.test" };

  it("restores, fixes or retires a reported item, closing its reports with an audit entry", async () => {
    const [restored, fixed, retired] = [await poolItem(4), await poolItem(5), await poolItem(6)];
    for (const item of [restored, fixed, retired]) {
      const { token } = await learnerWhoSaw(item.id);
      expect((await report(token, { bankId: item.id, reason: "unclear" })).status).toBe(201);
    }
    const now = Date.now();
    expect(await resolveItem(db, admin, restored.id, "restore", now)).toBe(true);
    expect(await itemRow(restored.id)).toEqual({ status: "active", open_reports: 0 });

    const correction = {
      bankId: fixed.id,
      question: `${fixed.question} (corrected)`,
      options: [...fixed.options],
      correctIndex: (fixed.correctIndex + 1) % 4,
      explanations: [...fixed.explanations],
      takeaway: fixed.takeaway,
      reference: fixed.reference ?? "Kanski's Clinical Ophthalmology, 9th edition (2019)",
    };
    expect(await resolveItem(db, admin, fixed.id, "fix", now, correction)).toBe(true);
    const body = await env.DB.prepare("SELECT body, status FROM bank_items WHERE id = ?")
      .bind(fixed.id)
      .first<{ body: string; status: string }>();
    expect(body?.status).toBe("active");
    expect(JSON.parse(body!.body)).toMatchObject({
      question: correction.question,
      correctIndex: correction.correctIndex,
    });

    expect(await resolveItem(db, admin, retired.id, "retire", now)).toBe(true);
    expect(await itemRow(retired.id)).toEqual({ status: "retired", open_reports: 0 });
    const pool = await findBankItems(db, { kind: "quiz", topic: "Ophthalmology", count: 100 });
    expect(pool.items.map((item) => item.id)).not.toContain(retired.id);

    const queue = (await reviewQueue(db)).map((entry) => entry.id);
    for (const item of [restored, fixed, retired]) expect(queue).not.toContain(item.id);
    const { results } = await env.DB.prepare(
      "SELECT action, target FROM admin_audit_log WHERE actor_email = ? ORDER BY id",
    )
      .bind(admin.email)
      .all();
    expect(results).toEqual([
      { action: "question_restore", target: restored.id },
      { action: "question_fix", target: fixed.id },
      { action: "question_retire", target: retired.id },
    ]);
    expect(await resolveItem(db, admin, "no-such-item", "retire", now)).toBe(false);
  });
});
