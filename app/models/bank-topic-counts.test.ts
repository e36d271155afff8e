/**
 * The pool's counts per subject and topic (bank_topic_counts, migration 0018)
 * are kept by triggers on bank_items: after the backfill and after every kind
 * of write an admin or an import makes — a new question (reviewed or AI), a
 * case, a hold, a restore, a retirement, a move to another topic, a change of
 * source, a deletion — they equal the bank grouped afresh.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { practiceCatalogue } from "./practice-builder.server";

type CountRow = { subject: string; topic: string; questions: number; reviewed: number };

const GROUPED = `SELECT subject, topic, count(*) AS questions, sum(source = 'reviewed') AS reviewed
  FROM bank_items WHERE kind = 'question' AND status = 'active'
  GROUP BY subject, topic ORDER BY subject, topic`;
const KEPT = `SELECT subject, topic, questions, reviewed FROM bank_topic_counts
  WHERE questions > 0 ORDER BY subject, topic`;

async function rows(query: string): Promise<CountRow[]> {
  return (await env.DB.prepare(query).all<CountRow>()).results;
}

async function expectCountsKept(step: string) {
  const [grouped, kept] = await Promise.all([rows(GROUPED), rows(KEPT)]);
  expect(kept, step).toEqual(grouped);
  // A row never goes below zero, and reviewed never exceeds the topic's questions.
  const bad = await env.DB.prepare(
    "SELECT count(*) AS n FROM bank_topic_counts WHERE reviewed < 0 OR reviewed > questions",
  ).first<{ n: number }>();
  expect(bad?.n, step).toBe(0);
}

const SUBJECT = "Test subject (counts)";
const now = Date.now();

function insertItem(
  id: string,
  fields: { kind?: string; topic: string; source?: string; status?: string },
) {
  return env.DB.prepare(
    `INSERT INTO bank_items (id, kind, subject, topic, subtopic, difficulty, item_type, exams,
       teaching_point, body, source, status, seq, content_hash, created_at, updated_at)
     VALUES (?1, ?2, ?3, ?4, 'sub', 'easy', 'recall', 'neet-pg', 'point', '{}', ?5, ?6, 1, ?1, ?7, ?7)`,
  ).bind(
    id,
    fields.kind ?? "question",
    SUBJECT,
    fields.topic,
    fields.source ?? "reviewed",
    fields.status ?? "active",
    now,
  );
}

const update = (id: string, set: string) =>
  env.DB.prepare(`UPDATE bank_items SET ${set} WHERE id = ?1`).bind(id);

describe("the pool's counts per topic, kept on write", () => {
  it("start equal to the bank grouped, with the demo pool in them", async () => {
    await expectCountsKept("after the migrations");
    expect((await rows(KEPT)).length).toBeGreaterThan(100);
  });

  it("follow every kind of write to bank_items", async () => {
    const ids = ["tc-1", "tc-2", "tc-3", "tc-4", "tc-5"];
    try {
      await insertItem("tc-1", { topic: "Alpha" }).run();
      await expectCountsKept("a reviewed question");
      await insertItem("tc-2", { topic: "Alpha", source: "ai" }).run();
      await expectCountsKept("an AI question on the same topic");
      await insertItem("tc-3", { topic: "Alpha", kind: "case" }).run();
      await expectCountsKept("a case (never counted)");
      await insertItem("tc-4", { topic: "Beta", status: "held" }).run();
      await expectCountsKept("a question inserted held");
      let alpha = (await rows(KEPT)).find((row) => row.topic === "Alpha");
      expect(alpha).toMatchObject({ subject: SUBJECT, questions: 2, reviewed: 1 });
      expect((await rows(KEPT)).some((row) => row.topic === "Beta")).toBe(false);

      await update("tc-1", "status = 'held', open_reports = 3").run();
      await expectCountsKept("a reported question held");
      await update("tc-1", "status = 'active', open_reports = 0").run();
      await expectCountsKept("restored");
      await update("tc-4", "status = 'active'").run();
      await expectCountsKept("a held question released");
      await update("tc-2", "source = 'reviewed'").run();
      await expectCountsKept("an AI question reviewed");
      await update("tc-1", "topic = 'Beta'").run();
      await expectCountsKept("a question moved to another topic");
      await update("tc-3", "kind = 'question'").run();
      await expectCountsKept("a case turned question");
      await update("tc-2", "status = 'retired'").run();
      await expectCountsKept("retired");
      // A write that touches none of the counted columns changes nothing.
      await update("tc-4", "open_reports = 1, updated_at = updated_at + 1").run();
      await expectCountsKept("an unrelated column");
      // Several writes in one batch, as an import makes them.
      await env.DB.batch([
        insertItem("tc-5", { topic: "Gamma", source: "ai" }),
        update("tc-5", "topic = 'Alpha', source = 'reviewed'"),
        update("tc-4", "subject = 'Another test subject (counts)', topic = 'Delta'"),
      ]);
      await expectCountsKept("a batch of writes");
      await env.DB.prepare("DELETE FROM bank_items WHERE id IN ('tc-1', 'tc-3')").run();
      await expectCountsKept("deleted");
      alpha = (await rows(KEPT)).find((row) => row.topic === "Alpha");
      expect(alpha).toMatchObject({ questions: 1, reviewed: 1 });
    } finally {
      await env.DB.prepare(
        `DELETE FROM bank_items WHERE id IN (${ids.map((id) => `'${id}'`).join(", ")})`,
      ).run();
    }
    await expectCountsKept("after the test's items are gone");
  });

  it("give the practice builder its catalogue: subjects and topics by name, with their questions", async () => {
    const rowsByName = await rows(GROUPED);
    const expected = new Map<string, { subject: string; count: number; topics: unknown[] }>();
    for (const row of rowsByName) {
      const entry = expected.get(row.subject) ?? { subject: row.subject, count: 0, topics: [] };
      entry.count += row.questions;
      entry.topics.push({ topic: row.topic, count: row.questions });
      expected.set(row.subject, entry);
    }
    expect(await practiceCatalogue(createDb(env.DB))).toEqual([...expected.values()]);
  });
});
