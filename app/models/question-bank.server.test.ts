import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { normaliseTopic, readTopic, subjectOfTopic } from "~/data/question-bank/search";
import { SYNONYM_GROUPS } from "~/data/question-bank/synonyms";
import { NEAR_DUPLICATE, stemSimilarity, SUBJECTS } from "~/data/question-bank/tools/rules.mjs";
import { createDb } from "~/db/client.server";
import { bankItemToAssessmentItem, findBankItems, type BankItem } from "./question-bank.server";

const SEED = "test-seed";
const db = createDb(env.DB);

function find(kind: "quiz" | "simulation", topic: string, count = 50, seed: string = SEED) {
  return findBankItems(db, { kind, topic, count, seed });
}

/**
 * Whether the item is about the topic: the topic, one of its synonyms, or
 * every distinctive word of it appears in its tags, subject, topic, subtopic,
 * condition or stem.
 */
function about(item: BankItem, topic: string): boolean {
  const query = readTopic(topic);
  const haystack = ` ${normaliseTopic(
    [
      ...item.tags,
      item.subject,
      item.topic,
      item.subtopic,
      item.condition ?? "",
      item.question,
      item.case?.history ?? "",
    ].join(" | "),
  )} `;
  if ([query.normalised, ...query.concepts].some((phrase) => haystack.includes(` ${phrase} `)))
    return true;
  // Or every distinctive word of the topic is there ("total spinal" after an epidural top-up is spinal anaesthesia).
  return query.words.length > 0 && query.words.every((word) => haystack.includes(` ${word} `));
}

describe("reading the typed topic", () => {
  it("normalises case, punctuation, '&', spelling and plurals", () => {
    expect(normaliseTopic("Heart Attacks!!")).toBe("heart attack");
    expect(normaliseTopic("Obstetrics & Gynaecology")).toBe(
      normaliseTopic("obstetrics and gynecology"),
    );
    expect(normaliseTopic("Haematology")).toBe(normaliseTopic("hematology"));
    expect(normaliseTopic("Paediatric anaemia")).toBe(normaliseTopic("pediatric anemias"));
    expect(normaliseTopic("Crohn's disease")).toBe("crohn disease");
    expect(normaliseTopic("Emergencies")).toBe(normaliseTopic("emergency"));
    // Words that merely end in s keep it.
    expect(normaliseTopic("sepsis")).toBe("sepsis");
    expect(normaliseTopic("status epilepticus")).toBe("status epilepticus");
  });

  it("expands abbreviations and synonyms through the synonym table", () => {
    const groupsOf = (topic: string) => [...readTopic(topic).groups];
    expect(groupsOf("MI")).toEqual(groupsOf("heart attack"));
    expect(groupsOf("STEMI")).toEqual(groupsOf("myocardial infarction"));
    expect(groupsOf("PIH")).toEqual(groupsOf("pre-eclampsia"));
    expect(groupsOf("OP poisoning")).toContain(groupsOf("organophosphate poisoning")[0]);
    // "heart failure" is its own condition, not cardiology-in-general plus "failure".
    const failure = readTopic("heart failure");
    expect(failure.groups.size).toBe(1);
    expect(failure.words).toEqual([]);
    // Filler words around the topic do not count.
    expect(readTopic("MCQs on DKA").normalised).toBe("dka");
    expect([...readTopic("MCQs on DKA").wholeGroups]).toEqual(groupsOf("diabetic ketoacidosis"));
  });

  it("writes every synonym in a form that survives normalisation", () => {
    for (const group of SYNONYM_GROUPS) {
      for (const phrase of group) expect(normaliseTopic(phrase), phrase).not.toBe("");
    }
  });

  it("treats topics that name no subject as broad", () => {
    for (const topic of ["mixed", "Random", "NEET PG", "neet-pg revision", "all"]) {
      expect(readTopic(topic).broad, topic).toBe(true);
    }
    for (const topic of ["emergency medicine", "general surgery", "NEET PG cardiology"]) {
      expect(readTopic(topic).broad, topic).toBe(false);
    }
    // A subject by any of its names is that subject, not a broad topic.
    for (const [topic, subject] of [
      ["Medicine", "Medicine"],
      ["general medicine", "Medicine"],
      ["NEET PG pathology MCQs", "Pathology"],
      ["PSM", "Community Medicine"],
      ["Obstetrics & Gynecology", "Obstetrics & Gynaecology"],
    ] as const) {
      expect(subjectOfTopic(readTopic(topic)), topic).toBe(subject);
    }
    expect(subjectOfTopic(readTopic("heart failure"))).toBeNull();
  });
});

describe("finding pool items for a topic", () => {
  it("fills a 20-question quiz on each of the 19 subjects with that subject's questions", async () => {
    for (const subject of SUBJECTS) {
      const { items, available } = await find("quiz", subject, 20);
      expect(items, subject).toHaveLength(20);
      expect(available, subject).toBeGreaterThanOrEqual(30);
      expect(
        items.filter((item) => item.subject !== subject).map((item) => item.id),
        subject,
      ).toEqual([]);
    }
    // Other names and spellings of a subject.
    for (const [topic, subject] of [
      ["dermatology", "Dermatology"],
      ["Ophthalmology", "Ophthalmology"],
      ["orthopedics", "Orthopaedics"],
      ["PSM", "Community Medicine"],
      ["OBG", "Obstetrics & Gynaecology"],
      ["pediatrics", "Paediatrics"],
      ["FMT", "Forensic Medicine"],
    ] as const) {
      const { items } = await find("quiz", topic, 10);
      expect(items.length, topic).toBe(10);
      expect(new Set(items.map((item) => item.subject)), topic).toEqual(new Set([subject]));
    }
  });

  it.each([
    "heart failure",
    "MI",
    "heart attack",
    "asthma",
    "malaria",
    "tuberculosis",
    "dengue",
    "DKA",
    "brachial plexus",
    "glaucoma",
    "pre-eclampsia",
    "anaemia",
    "thyroid",
    "biostatistics",
    "vaccines",
    "hepatitis B",
    "fracture",
    "spinal anaesthesia",
  ])("finds questions on %s, all of them about it", async (topic) => {
    const { items } = await find("quiz", topic, 10);
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.filter((item) => !about(item, topic)).map((item) => item.id)).toEqual([]);
  });

  it.each(["acute coronary syndrome", "dengue", "sepsis", "stroke", "DKA", "PIH", "GI bleed"])(
    "finds patient cases on %s, all of them about it",
    async (topic) => {
      const { items } = await find("simulation", topic, 5);
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items.filter((item) => !about(item, topic)).map((item) => item.id)).toEqual([]);
      expect(items.every((item) => item.case !== null)).toBe(true);
    },
  );

  it("gives nothing for a topic the pool does not cover", async () => {
    for (const topic of ["underwater basket weaving", "quantum chromodynamics"]) {
      expect(await find("quiz", topic), topic).toEqual({ items: [], available: 0, broad: false });
      expect((await find("simulation", topic)).items, topic).toEqual([]);
    }
  });

  it("takes a spread across subjects for a broad topic", async () => {
    const quiz = await find("quiz", "mixed", 12);
    expect(quiz.broad).toBe(true);
    expect(quiz.items).toHaveLength(12);
    expect(new Set(quiz.items.map((item) => item.subject)).size).toBeGreaterThanOrEqual(10);
    expect(quiz.available).toBeGreaterThanOrEqual(1000);
  });

  it("never puts two items on the same teaching point, or near-identical stems, in one batch", async () => {
    for (const topic of ["Medicine", "Pharmacology", "Surgery", "mixed"]) {
      const { items } = await find("quiz", topic, 40);
      const points = items.map((item) => item.teachingPoint.toLowerCase());
      expect(new Set(points).size, topic).toBe(points.length);
      for (const [index, item] of items.entries()) {
        for (const other of items.slice(index + 1)) {
          expect(
            stemSimilarity(item.question, other.question),
            `${item.id} ${other.id}`,
          ).toBeLessThan(NEAR_DUPLICATE);
        }
      }
    }
  });

  it("leaves out items already used, and items held for review or retired", async () => {
    const first = (await find("quiz", "ophthalmology", 5)).items.map((item) => item.id);
    const rest = await findBankItems(db, {
      kind: "quiz",
      topic: "ophthalmology",
      count: 100,
      excludeIds: first,
      seed: SEED,
    });
    for (const id of first) expect(rest.items.map((item) => item.id)).not.toContain(id);
    const all = await find("quiz", "ophthalmology", 100);
    expect(rest.available).toBe(all.available - first.length);

    const [held, retired] = first;
    await env.DB.prepare("UPDATE bank_items SET status = 'held' WHERE id = ?").bind(held).run();
    await env.DB.prepare("UPDATE bank_items SET status = 'retired' WHERE id = ?")
      .bind(retired)
      .run();
    const after = await find("quiz", "ophthalmology", 100);
    expect(after.available).toBe(all.available - 2);
    expect(after.items.map((item) => item.id)).not.toContain(held);
    expect(after.items.map((item) => item.id)).not.toContain(retired);
  });

  it("orders equally good items by a shuffle that a seed fixes", async () => {
    const ids = async (seed: string) =>
      (await find("quiz", "pathology", 10, seed)).items.map((item) => item.id);
    expect(await ids("one")).toEqual(await ids("one"));
    expect(await ids("one")).not.toEqual(await ids("two"));
  });

  it("turns a pool item into an attempt item with its source, id and reference", async () => {
    const [scenario] = (await find("simulation", "dengue", 1)).items;
    if (!scenario) throw new Error("no dengue case");
    expect(bankItemToAssessmentItem(scenario)).toEqual({
      question: scenario.question,
      options: scenario.options,
      correctIndex: scenario.correctIndex,
      explanations: scenario.explanations,
      takeaway: scenario.takeaway,
      reference: scenario.reference,
      case: scenario.case,
      source: "bank",
      bankId: scenario.id,
    });
    const [question] = (await find("quiz", "anatomy", 1)).items;
    expect(bankItemToAssessmentItem(question!)).toMatchObject({ case: null, bankId: question!.id });
  });
});
