/**
 * The 42 reviewed virtual-patient cases, read from D1 (`case_studies`, loaded
 * by the migration `npm run cases:build` writes from
 * app/data/case-studies/cases/*.json, docs/case-studies.md). Nothing of the
 * cases is in the Worker. The list reads the summary columns only; a case is
 * one row's `body`. Bodies are trusted as written: the build checked every
 * file against its shape and rules (app/data/case-studies/schema.ts), nothing
 * else writes the table, and the suite checks the migration matches the files.
 * Nothing here is ever sent to the browser whole:
 * app/models/case-engine.server.ts decides what a learner sees.
 */
import type { CaseFile } from "~/data/case-studies/schema";
import type { Database } from "~/db/client.server";
import { CASE_SPECIALTIES, type CaseSummary } from "~/lib/case-studies";

export type { CaseFile };

/** A case's `body` column as the engine takes it. */
export const parseCaseBody = (body: string) => JSON.parse(body) as CaseFile;

export async function getCase(db: Database, id: string): Promise<CaseFile | null> {
  const row = await db.$client
    .prepare("SELECT body FROM case_studies WHERE id = ?1")
    .bind(id)
    .first<{ body: string }>();
  return row ? parseCaseBody(row.body) : null;
}

/** Every case's summary, without bodies; caseSummaries() reads its rows. */
export function caseListStatement(db: Database): D1PreparedStatement {
  return db.$client.prepare(
    `SELECT id, title, specialty, subject, difficulty, setting, patient_name, patient_age, patient_sex
     FROM case_studies`,
  );
}

type SummaryRow = {
  id: string;
  title: string;
  specialty: CaseSummary["specialty"];
  subject: string;
  difficulty: CaseSummary["difficulty"];
  setting: CaseSummary["setting"];
  patient_name: string;
  patient_age: string;
  patient_sex: string;
};

/** caseListStatement's rows in the list's order: specialty, then title. */
export function caseSummaries(rows: readonly unknown[]): CaseSummary[] {
  const order = (s: string) => CASE_SPECIALTIES.indexOf(s as (typeof CASE_SPECIALTIES)[number]);
  return (rows as SummaryRow[])
    .map((row) => ({
      id: row.id,
      title: row.title,
      specialty: row.specialty,
      subject: row.subject,
      difficulty: row.difficulty,
      setting: row.setting,
      patient: { name: row.patient_name, age: row.patient_age, sex: row.patient_sex },
    }))
    .sort((a, b) => order(a.specialty) - order(b.specialty) || a.title.localeCompare(b.title));
}
