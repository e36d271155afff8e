import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { logAnswers, tagMistake } from "./answer-log.server";
import { makeUser } from "../../tests/support/auth";

const db = createDb(env.DB);
// 23:00 UTC on 1 Nov is 04:30 on 2 Nov in India.
const LATE_EVENING_UTC = Date.UTC(2026, 10, 1, 23, 0, 0);

async function poolItem(subject: string, topic: string): Promise<string> {
  const row = await env.DB.prepare(
    "SELECT id FROM bank_items WHERE kind = 'question' AND subject = ?1 AND topic = ?2 LIMIT 1",
  )
    .bind(subject, topic)
    .first<{ id: string }>();
  if (row) return row.id;
  const any = await env.DB.prepare(
    "SELECT id, subject, topic FROM bank_items WHERE kind = 'question' AND subject = ?1 LIMIT 1",
  )
    .bind(subject)
    .first<{ id: string }>();
  if (!any) throw new Error(`no ${subject} item in the pool`);
  return any.id;
}

describe("the answer log and its rollups", () => {
  it("files each answer under its pool item's subject and topic, once, with the India day", async () => {
    const user = await makeUser();
    const itemId = await poolItem("Pathology", "General pathology");
    const item = await env.DB.prepare("SELECT subject, topic FROM bank_items WHERE id = ?1")
      .bind(itemId)
      .first<{ subject: string; topic: string }>();
    const input = {
      userId: user.id,
      source: "practice" as const,
      sourceId: "test-1",
      answers: [
        { position: 0, itemId, chosen: 1, correct: true, seconds: 40 },
        { position: 1, itemId: null, chosen: 2, correct: false, seconds: 80 },
      ],
      fallback: { subject: "Mixed", topic: "renal tubular acidosis" },
      answeredAt: LATE_EVENING_UTC,
    };
    await logAnswers(db, input);
    // A retried save logs nothing twice.
    await logAnswers(db, input);

    const events = await env.DB.prepare(
      "SELECT subject, topic, correct, seconds, day FROM answer_events WHERE user_id = ?1 ORDER BY position",
    )
      .bind(user.id)
      .all();
    expect(events.results).toEqual([
      { subject: item!.subject, topic: item!.topic, correct: 1, seconds: 40, day: "2026-11-02" },
      {
        subject: "Mixed",
        topic: "renal tubular acidosis",
        correct: 0,
        seconds: 80,
        day: "2026-11-02",
      },
    ]);
    const topics = await env.DB.prepare(
      "SELECT subject, answered, correct, timed, seconds FROM progress_topics WHERE user_id = ?1 ORDER BY subject",
    )
      .bind(user.id)
      .all();
    expect(topics.results).toEqual(
      [
        { subject: "Mixed", answered: 1, correct: 0, timed: 1, seconds: 80 },
        { subject: item!.subject, answered: 1, correct: 1, timed: 1, seconds: 40 },
      ].sort((a, b) => a.subject.localeCompare(b.subject)),
    );
    const days = await env.DB.prepare(
      "SELECT day, sum(answered) AS answered, sum(correct) AS correct FROM progress_days WHERE user_id = ?1 GROUP BY day",
    )
      .bind(user.id)
      .all();
    expect(days.results).toEqual([{ day: "2026-11-02", answered: 2, correct: 1 }]);
  });

  it("counts answers logged at the same moment from many requests exactly once each", async () => {
    const user = await makeUser();
    const answers = Array.from({ length: 20 }, (_, position) => ({
      position,
      itemId: null,
      chosen: 0,
      correct: position % 4 === 0,
    }));
    await Promise.all(
      Array.from({ length: 6 }, () =>
        logAnswers(db, {
          userId: user.id,
          source: "mock",
          sourceId: "paper-1",
          answers,
          fallback: { subject: "Medicine", topic: "Cardiology" },
          answeredAt: Date.now(),
        }),
      ),
    );
    const row = await env.DB.prepare(
      "SELECT answered, correct FROM progress_topics WHERE user_id = ?1",
    )
      .bind(user.id)
      .first();
    expect(row).toEqual({ answered: 20, correct: 5 });
  });

  it("tags only the learner's own wrong answers with a mistake type", async () => {
    const user = await makeUser();
    const other = await makeUser();
    await logAnswers(db, {
      userId: user.id,
      source: "practice",
      sourceId: "t",
      answers: [
        { position: 0, itemId: null, chosen: 1, correct: false },
        { position: 1, itemId: null, chosen: 1, correct: true },
      ],
      fallback: { subject: "Medicine", topic: "Cardiology" },
      answeredAt: Date.now(),
    });
    expect(await tagMistake(db, user.id, "practice:t:0", "misread")).toBe(true);
    expect(await tagMistake(db, user.id, "practice:t:1", "misread")).toBe(false);
    expect(await tagMistake(db, other.id, "practice:t:0", "slip")).toBe(false);
    const row = await env.DB.prepare(
      "SELECT mistake FROM answer_events WHERE id = 'practice:t:0'",
    ).first();
    expect(row).toEqual({ mistake: "misread" });
  });
});
