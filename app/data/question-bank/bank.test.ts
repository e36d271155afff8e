/**
 * The whole question bank against its rules (tools/rules.mjs, the same ones
 * the authoring checker applies): every item well formed and dated, keys
 * spread across A–D and not given away by length, no near-duplicate stems, at
 * most two items per teaching point, every subject's minimum met; and the D1
 * migration built from these files (npm run bank:build) matching them.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  itemProblems,
  keyIsLongest,
  LIMITS,
  nearDuplicates,
  setFigures,
  setProblems,
  SUBJECTS,
  type RuleItem,
} from "./tools/rules.mjs";

const questionFiles = import.meta.glob<RuleItem[]>("./questions/*.json", {
  eager: true,
  import: "default",
});
const caseFiles = import.meta.glob<RuleItem[]>("./cases/*.json", {
  eager: true,
  import: "default",
});
const QUESTIONS = Object.values(questionFiles).flat();
const CASES = Object.values(caseFiles).flat();
const ALL = [...QUESTIONS, ...CASES];

/** Minimum questions per subject: at least 30 each, roughly in proportion to NEET-PG weight. */
const SUBJECT_MINIMUMS: Record<string, number> = {
  Anatomy: 40,
  Physiology: 40,
  Biochemistry: 40,
  Pathology: 50,
  Pharmacology: 50,
  Microbiology: 45,
  "Forensic Medicine": 30,
  "Community Medicine": 60,
  ENT: 30,
  Ophthalmology: 30,
  Medicine: 120,
  Surgery: 70,
  "Obstetrics & Gynaecology": 70,
  Paediatrics: 45,
  Orthopaedics: 30,
  Dermatology: 30,
  Psychiatry: 30,
  Anaesthesia: 30,
  Radiology: 30,
};

describe("the question bank", () => {
  it("holds at least 1,000 questions across all 19 subjects, each at its minimum", () => {
    expect(QUESTIONS.length).toBeGreaterThanOrEqual(1000);
    expect(Object.keys(SUBJECT_MINIMUMS).sort()).toEqual([...SUBJECTS].sort());
    const short = SUBJECTS.map((subject) => ({
      subject,
      count: QUESTIONS.filter((item) => item.subject === subject).length,
    })).filter(({ subject, count }) => count < SUBJECT_MINIMUMS[subject]!);
    expect(short).toEqual([]);
  });

  it("holds at least 150 patient cases on at least 50 conditions, in the clinical subjects", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(CASES.map((item) => item.condition)).size).toBeGreaterThanOrEqual(50);
    const subjects = new Set(CASES.map((item) => item.subject));
    for (const subject of ["Medicine", "Surgery", "Obstetrics & Gynaecology", "Paediatrics"]) {
      expect(subjects.has(subject), subject).toBe(true);
    }
  });

  it("has every item well formed: subject, tags, four distinct options, explanations, a dated reference", () => {
    const problems = [
      ...QUESTIONS.flatMap((item) => itemProblems(item).map((p) => `${item.id}: ${p}`)),
      ...CASES.flatMap((item) =>
        itemProblems(item, { isCase: true }).map((p) => `${item.id}: ${p}`),
      ),
    ];
    expect(problems).toEqual([]);
    const ids = ALL.map((item) => item.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  it("spreads keys across A–D and does not give them away by length; a quarter or more are hard", () => {
    for (const items of [QUESTIONS, CASES]) {
      const figures = setFigures(items);
      for (const count of figures.letters) {
        expect(count / items.length).toBeGreaterThanOrEqual(LIMITS.letterShare[0]);
        expect(count / items.length).toBeLessThanOrEqual(LIMITS.letterShare[1]);
      }
      expect(items.filter(keyIsLongest).length / items.length).toBeLessThanOrEqual(
        LIMITS.keyLongestShare,
      );
      expect(figures.keyLengthRatio).toBeLessThanOrEqual(LIMITS.maxKeyLengthRatio);
      expect(figures.hardShare).toBeGreaterThanOrEqual(LIMITS.minHardShare);
    }
  });

  it("has no near-duplicate stems and tests each teaching point at most twice", () => {
    expect(nearDuplicates(ALL)).toEqual([]);
    expect(setProblems(ALL).filter((p) => p.startsWith("teaching point"))).toEqual([]);
  });

  it("keeps each file to the rules on its own", () => {
    const problems = Object.entries({ ...questionFiles, ...caseFiles }).flatMap(([file, items]) =>
      setProblems(items).map((p) => `${file}: ${p}`),
    );
    expect(problems).toEqual([]);
  });

  it("is what the D1 migration loads: every item, with the files' content (run npm run bank:build)", async () => {
    const { results } = await env.DB.prepare(
      "SELECT id, kind, subject, subtopic, teaching_point, body FROM bank_items WHERE source = 'reviewed'",
    ).all<{
      id: string;
      kind: string;
      subject: string;
      subtopic: string;
      teaching_point: string;
      body: string;
    }>();
    const loaded = new Map(results.map((row) => [row.id, row]));
    const stale: string[] = [];
    for (const item of ALL) {
      const row = loaded.get(item.id);
      const body = row ? (JSON.parse(row.body) as Record<string, unknown>) : null;
      if (
        !row ||
        row.subject !== item.subject ||
        row.subtopic !== item.subtopic ||
        row.teaching_point !== item.teachingPoint ||
        JSON.stringify(body?.options) !== JSON.stringify(item.options) ||
        body?.correctIndex !== item.correctIndex ||
        body?.question !== item.question ||
        JSON.stringify(body?.explanations) !== JSON.stringify(item.explanations) ||
        body?.reference !== item.reference
      )
        stale.push(item.id);
    }
    expect(stale).toEqual([]);
    expect(results.length).toBe(ALL.length);
  });
});
