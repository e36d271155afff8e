/**
 * Mentor feedback with an AI key, against the fake Gemini (tests/fakes/gemini.mjs,
 * scripted by model id): the model's words are kept with the rules' tasks;
 * what is sent is the compact summary (no name, e-mail, id or single answer);
 * a failing model, a reply off the schema and a reply with an invented figure
 * all leave the rules' report.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { createGeminiGenerator } from "~/integrations/ai/gemini.server";
import { logAnswers } from "./answer-log.server";
import { writeRulesFeedback } from "./feedback-writer";
import { buildFeedbackFigures, ensureWeeklyReport, type FeedbackDeps } from "./feedback.server";
import { FAKE_GEMINI } from "../../tests/fakes/gemini.mjs";
import { makeUser } from "../../tests/support/auth";

const db = () => createDb(env.DB);
let counter = 0;
const scenario = () => `feedback-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A model id the fake answers as `directive` says. */
async function scriptedModel(directive: Record<string, string>): Promise<string> {
  const model = scenario();
  await fetch(`${FAKE_GEMINI.origin}/_fake/script`, {
    method: "POST",
    body: JSON.stringify({ model, directive: { id: model, ...directive } }),
  });
  return model;
}

function deps(model: string): FeedbackDeps {
  return {
    db: db(),
    ai: createGeminiGenerator({
      apiKey: FAKE_GEMINI.apiKey,
      baseUrl: FAKE_GEMINI.origin,
      model,
      totalTimeoutMs: 5_000,
      baseDelayMs: 5,
      maxDelayMs: 10,
    }),
    now: Date.now,
  };
}

async function learnerWithAnswers() {
  const user = await makeUser();
  await logAnswers(db(), {
    userId: user.id,
    source: "practice",
    sourceId: crypto.randomUUID(),
    answers: Array.from({ length: 20 }, (_, position) => ({
      position,
      itemId: null,
      chosen: 2,
      correct: position < 8,
      seconds: 90,
    })),
    fallback: { subject: "Medicine", topic: "Cardiology" },
    answeredAt: Date.now() - 60_000,
  });
  return user;
}

const reply = {
  headline: "A focused week on Medicine, and Cardiology is where the marks are.",
  practised: "You spent the week on Medicine questions.",
  subjects: "Cardiology holds the most marks at stake.",
  errors: "None of your wrong answers is tagged yet, so tag them as you review.",
  timing: "You are slower than the exam's pace.",
  reasons: ["Start with Cardiology.", "Go over the ones you missed.", "Practise at exam pace."],
};

async function requests(id: string) {
  const response = await fetch(`${FAKE_GEMINI.origin}/_fake/requests?id=${id}`);
  return (await response.json()) as Array<{ body: unknown }>;
}

describe("mentor feedback with an AI key", () => {
  it("keeps the model's words with the rules' tasks, and sends nothing personal and no single answer", async () => {
    const user = await learnerWithAnswers();
    const model = await scriptedModel({ text: JSON.stringify(reply) });
    const report = (await ensureWeeklyReport(deps(model), user.id))!;
    expect(report.author).toBe("ai");
    expect(report.body.headline).toBe(reply.headline);
    expect(report.body.timing).toBe(reply.timing);
    const rules = writeRulesFeedback(await buildFeedbackFigures(db(), user.id, Date.now()));
    expect(report.body.tasks.map(({ why: _why, ...task }) => task)).toEqual(
      rules.tasks.map(({ why: _why, ...task }) => task),
    );
    expect(report.body.tasks.map((task) => task.why)).toEqual(reply.reasons);

    const [sent] = await requests(model);
    const body = JSON.stringify(sent!.body);
    expect(body).toContain("Cardiology");
    expect(body).toContain("20-question practice test on Medicine · Cardiology");
    for (const personal of [user.email, user.firstName, user.lastName, user.id, "Madras"]) {
      expect(body).not.toContain(personal);
    }
    for (const raw of ["chosen", "sourceId", "source_id", "itemId", "answeredAt"]) {
      expect(body).not.toContain(raw);
    }
  });

  it("falls back to the rules when the model fails, answers off the schema or invents a figure", async () => {
    for (const directive of <Record<string, string>[]>[
      { fail: "500" },
      { text: "not json" },
      { text: JSON.stringify({ ...reply, reasons: ["only one"] }) },
      { text: JSON.stringify({ ...reply, errors: "You lost 37 marks to slips." }) },
    ]) {
      const user = await learnerWithAnswers();
      const report = (await ensureWeeklyReport(deps(await scriptedModel(directive)), user.id))!;
      expect(report.author, JSON.stringify(directive)).toBe("rules");
      const rules = writeRulesFeedback(report.figures);
      expect(report.body).toEqual(rules);
    }
  });
});
