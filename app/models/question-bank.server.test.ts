import { describe, expect, it } from "vitest";
import { BANK_QUESTIONS, BANK_SCENARIOS } from "~/data/question-bank";
import { SYNONYM_GROUPS } from "~/data/question-bank/synonyms";
import { bankQuestionSchema, bankScenarioSchema } from "~/data/question-bank/types";
import {
  bankItemToAssessmentItem,
  findBankItems,
  normaliseTopic,
  readTopic,
  type BankItem,
} from "./question-bank.server";

const SEED = "test-seed";

function find(kind: "quiz" | "simulation", topic: string, count = 50, seed: string = SEED) {
  return findBankItems({ kind, topic, count, seed });
}

/** The item's tags, normalised as the matcher reads them. */
const tagsOf = (item: BankItem) => item.tags.map(normaliseTopic);
const hasTag = (item: BankItem, ...tags: string[]) =>
  tagsOf(item).some((tag) => tags.map(normaliseTopic).includes(tag));
const conditionOf = (item: BankItem) => ("condition" in item ? item.condition : null);

describe("the offline question bank", () => {
  it("holds items that pass the bank schemas, with unique ids", () => {
    for (const question of BANK_QUESTIONS) {
      const result = bankQuestionSchema.strict().safeParse(question);
      expect(result.error?.issues ?? [], question.id).toEqual([]);
    }
    for (const scenario of BANK_SCENARIOS) {
      const result = bankScenarioSchema.strict().safeParse(scenario);
      expect(result.error?.issues ?? [], scenario.id).toEqual([]);
    }
    const ids = [...BANK_QUESTIONS, ...BANK_SCENARIOS].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives every item four different options, an explanation for each and a takeaway", () => {
    for (const item of [...BANK_QUESTIONS, ...BANK_SCENARIOS]) {
      const options = item.options.map((option) => option.toLowerCase().trim());
      expect(new Set(options).size, item.id).toBe(4);
      expect(item.explanations, item.id).toHaveLength(4);
      expect(item.correctIndex, item.id).toBeGreaterThanOrEqual(0);
      expect(item.correctIndex, item.id).toBeLessThanOrEqual(3);
    }
  });

  it("covers the topics and conditions the issue asks for so far", () => {
    expect(BANK_QUESTIONS.length).toBeGreaterThanOrEqual(100);
    expect(new Set(BANK_QUESTIONS.map((item) => item.topic)).size).toBeGreaterThanOrEqual(8);
    expect(BANK_SCENARIOS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(BANK_SCENARIOS.map((item) => item.condition)).size).toBeGreaterThanOrEqual(10);
  });

  it("turns a bank item into an attempt item with its source, id and reference", () => {
    const scenario = BANK_SCENARIOS[0];
    if (!scenario) throw new Error("no scenarios");
    const item = bankItemToAssessmentItem(scenario);
    expect(item).toEqual({
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
    const question = BANK_QUESTIONS[0];
    if (!question) throw new Error("no questions");
    expect(bankItemToAssessmentItem(question)).toMatchObject({ case: null, bankId: question.id });
  });
});

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
    for (const topic of ["Medicine", "mixed", "Random", "NEET PG", "neet-pg revision", "all"]) {
      expect(readTopic(topic).broad, topic).toBe(true);
    }
    for (const topic of ["emergency medicine", "general surgery", "NEET PG cardiology"]) {
      expect(readTopic(topic).broad, topic).toBe(false);
    }
  });
});

describe("finding bank items for a topic", () => {
  const MI_TAGS = [
    "mi",
    "stemi",
    "nstemi",
    "acs",
    "myocardial infarction",
    "acute coronary syndrome",
  ];

  it("finds cardiology's MI questions and the ACS scenarios for MI, heart attack and STEMI", () => {
    for (const topic of ["MI", "heart attack", "Heart Attacks", "STEMI", "myocardial infarction"]) {
      const quiz = find("quiz", topic);
      expect(quiz.items.length, topic).toBeGreaterThanOrEqual(3);
      for (const item of quiz.items) {
        expect(item.topic, `${topic}: ${item.id}`).toBe("Cardiology");
        expect(hasTag(item, ...MI_TAGS), `${topic}: ${item.id}`).toBe(true);
      }
      const simulation = find("simulation", topic, 5);
      expect(simulation.items, topic).toHaveLength(5);
      for (const item of simulation.items) {
        expect(conditionOf(item), `${topic}: ${item.id}`).toBe("Acute coronary syndrome");
      }
    }
  });

  it("puts an exact tag before a synonym, a synonym before the topic name", () => {
    // "STEMI" is a tag on some MI questions; others only say "mi" or "acs".
    const stemi = find("quiz", "STEMI").items;
    const firstWithout = stemi.findIndex((item) => !hasTag(item, "stemi"));
    const lastWith = stemi.map((item) => hasTag(item, "stemi")).lastIndexOf(true);
    expect(firstWithout === -1 || lastWith < firstWithout).toBe(true);

    // "diabetes": diabetes-tagged questions first, then the rest of "Endocrinology and Diabetes".
    const diabetes = find("quiz", "diabetes").items;
    const tagged = diabetes.filter((item) =>
      hasTag(item, "diabetes", "t1dm", "t2dm", "type 1 diabetes", "type 2 diabetes", "dm"),
    );
    expect(tagged.length).toBeGreaterThan(0);
    expect(diabetes.slice(0, tagged.length)).toEqual(tagged);
    const rest = diabetes.slice(tagged.length);
    expect(rest.some((item) => item.topic === "Endocrinology and Diabetes")).toBe(true);
    // Nothing unrelated: the rest is the specialty or another kind of diabetes (gestational, insipidus).
    expect(
      rest.every(
        (item) =>
          item.topic === "Endocrinology and Diabetes" ||
          tagsOf(item).some((tag) => /diabet|gdm/.test(tag)),
      ),
    ).toBe(true);
  });

  it.each([
    ["DKA", "quiz", ["dka", "diabetic ketoacidosis"], null],
    ["diabetic ketoacidosis", "simulation", null, "Diabetic ketoacidosis"],
    ["COPD", "quiz", ["copd", "chronic obstructive pulmonary disease"], null],
    ["copd", "simulation", null, "COPD exacerbation"],
    ["PE", "quiz", ["pe", "pulmonary embolism", "vte", "dvt"], null],
    ["pulmonary embolism", "simulation", null, "Pulmonary embolism"],
    ["TB", "quiz", ["tb", "tuberculosis", "tbm"], null],
    ["Tuberculosis", "quiz", ["tb", "tuberculosis", "tbm"], null],
    ["dengue", "quiz", ["dengue"], null],
    ["Dengue fever", "simulation", null, "Dengue"],
    ["OP poisoning", "simulation", null, "Organophosphate poisoning"],
    ["organophosphorus poisoning", "simulation", null, "Organophosphate poisoning"],
    ["pre-eclampsia", "simulation", null, "Pre-eclampsia and eclampsia"],
    ["PIH", "simulation", null, "Pre-eclampsia and eclampsia"],
    ["Preeclampsia", "simulation", null, "Pre-eclampsia and eclampsia"],
    ["stroke", "simulation", null, "Acute stroke"],
    ["CVA", "simulation", null, "Acute stroke"],
    ["GI bleed", "simulation", null, "Upper GI bleeding"],
    ["asthma", "simulation", null, "Acute severe asthma"],
    ["septic shock", "simulation", null, "Sepsis and septic shock"],
  ] as const)("matches %s (%s)", (topic, kind, tags, condition) => {
    const { items } = find(kind, topic, 3);
    // The quiz bank has two or three questions on most of these conditions.
    expect(items.length).toBeGreaterThanOrEqual(kind === "quiz" ? 2 : 3);
    for (const item of items) {
      if (tags) expect(hasTag(item, ...tags), `${topic}: ${item.id}`).toBe(true);
      if (condition) expect(conditionOf(item), `${topic}: ${item.id}`).toBe(condition);
    }
  });

  it("matches a specialty by its other names and spellings", () => {
    const topicsOf = (kind: "quiz" | "simulation", topic: string) =>
      new Set(find(kind, topic).items.map((item) => item.topic));
    expect(topicsOf("quiz", "Hematology")).toEqual(new Set(["Haematology"]));
    expect(topicsOf("quiz", "Gastroenterology & Hepatology")).toEqual(
      new Set(["Gastroenterology and Hepatology"]),
    );
    // Renal physiology is renal too; the nephrology questions come first.
    const renal = find("quiz", "renal").items;
    expect(renal[0]?.topic).toBe("Nephrology");
    expect(new Set(renal.map((item) => item.topic))).toEqual(new Set(["Nephrology", "Physiology"]));
    expect(topicsOf("quiz", "cardiology").has("Cardiology")).toBe(true);
    expect(find("quiz", "cardiology").items.length).toBe(
      BANK_QUESTIONS.filter((item) => item.topic === "Cardiology").length,
    );
  });

  it("gives nothing for a topic the bank does not cover", () => {
    for (const topic of ["underwater basket weaving", "rare topic", "quantum chromodynamics"]) {
      expect(find("quiz", topic), topic).toEqual({ items: [], available: 0, broad: false });
      expect(find("simulation", topic).items, topic).toEqual([]);
    }
  });

  it("takes a spread across topics for a broad topic", () => {
    const quiz = find("quiz", "mixed", 8);
    expect(quiz.broad).toBe(true);
    expect(quiz.items).toHaveLength(8);
    expect(new Set(quiz.items.map((item) => item.topic)).size).toBe(8);
    const simulation = find("simulation", "NEET PG", 10);
    expect(new Set(simulation.items.map(conditionOf)).size).toBe(10);
    expect(find("quiz", "medicine", 1000).items).toHaveLength(BANK_QUESTIONS.length);
  });

  it("leaves out bank items already used", () => {
    const first = find("quiz", "cardiology", 5).items.map((item) => item.id);
    const rest = findBankItems({
      kind: "quiz",
      topic: "cardiology",
      count: 50,
      excludeIds: first,
      seed: SEED,
    });
    expect(rest.items.map((item) => item.id)).not.toEqual(expect.arrayContaining([first[0]]));
    for (const id of first) expect(rest.items.map((item) => item.id)).not.toContain(id);
    expect(rest.items.length + first.length).toBe(find("quiz", "cardiology").items.length);
    expect(rest.available).toBe(rest.items.length);
  });

  it("orders equally good items by a shuffle that a seed fixes", () => {
    const ids = (seed: string) => find("quiz", "cardiology", 13, seed).items.map((item) => item.id);
    expect(ids("one")).toEqual(ids("one"));
    expect(new Set(ids("one"))).toEqual(new Set(ids("two")));
    expect(ids("one")).not.toEqual(ids("two"));
    // Without a seed the order is still a pure function of the topic.
    const unseeded = (topic: string) =>
      findBankItems({ kind: "quiz", topic, count: 13 }).items.map((item) => item.id);
    expect(unseeded("cardiology")).toEqual(unseeded("Cardiology"));
  });

  it("returns at most the number asked for and says how many matched", () => {
    const some = find("simulation", "dengue", 2);
    expect(some.items).toHaveLength(2);
    expect(some.available).toBe(5);
    expect(find("simulation", "dengue", 0).items).toEqual([]);
  });
});
