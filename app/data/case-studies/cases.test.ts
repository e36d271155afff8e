/**
 * The case files against their shape and rules (schema.ts, tools/rules.mjs:
 * the same checks `npm run cases:build` and the authoring checker apply), and
 * the D1 migration the build writes matching them: a case edited without
 * rebuilding the migration fails here.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { checkCaseFile } from "./schema";

const files = import.meta.glob<unknown>("./cases/*.json", { eager: true, import: "default" });
const CASES = Object.entries(files).map(([path, raw]) => ({
  name: path.slice(path.lastIndexOf("/") + 1),
  raw: raw as { id: string },
}));

type Row = {
  id: string;
  title: string;
  specialty: string;
  subject: string;
  difficulty: string;
  setting: string;
  patient_name: string;
  patient_age: string;
  patient_sex: string;
  body: string;
};

describe("the case studies", () => {
  it("are 42 files, each well formed, with distinct ids", () => {
    expect(CASES).toHaveLength(42);
    const problems = CASES.flatMap(({ name, raw }) =>
      checkCaseFile(raw, name).problems.map((problem) => `${name}: ${problem}`),
    );
    expect(problems).toEqual([]);
    expect(new Set(CASES.map(({ raw }) => raw.id)).size).toBe(CASES.length);
  });

  it("is what the D1 migration loads: every case, as the files have it (run npm run cases:build)", async () => {
    const { results } = await env.DB.prepare(
      `SELECT id, title, specialty, subject, difficulty, setting, patient_name, patient_age,
              patient_sex, body FROM case_studies`,
    ).all<Row>();
    const loaded = new Map(results.map((row) => [row.id, row]));
    const stale = CASES.filter(({ name, raw }) => {
      const file = checkCaseFile(raw, name).file;
      const row = loaded.get(raw.id);
      if (!file || !row) return true;
      const columns = {
        title: file.title,
        specialty: file.specialty,
        subject: file.subject,
        difficulty: file.difficulty,
        setting: file.setting,
        patient_name: file.patient.name,
        patient_age: file.patient.age,
        patient_sex: file.patient.sex,
      };
      return (
        Object.entries(columns).some(([key, value]) => row[key as keyof Row] !== value) ||
        JSON.stringify(sorted(JSON.parse(row.body))) !== JSON.stringify(sorted(raw))
      );
    }).map(({ name }) => name);
    expect(stale).toEqual([]);
    expect(results.length).toBe(CASES.length);
  });
});

/** A value with every object's keys in order, so two JSON texts compare by content. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, sorted(inner)]),
    );
  }
  return value;
}
