/**
 * FMGE's subject distribution: questions per subject in the 300-question
 * paper, as NBEMS's FMGE information bulletin tabulates it (the 2024
 * sessions'; docs/exam-patterns.md). The table as we hold it sums to 295:
 * mock papers scale it to their length, so the proportions are what count.
 * Data to update when NBEMS publishes a new bulletin.
 */
import type { SubjectWeight } from "./neet-pg-weights";

export const FMGE_SUBJECT_WEIGHTS: readonly SubjectWeight[] = [
  { subject: "Anatomy", group: "Pre-clinical", questions: 17 },
  { subject: "Physiology", group: "Pre-clinical", questions: 17 },
  { subject: "Biochemistry", group: "Pre-clinical", questions: 17 },
  { subject: "Pathology", group: "Para-clinical", questions: 13 },
  { subject: "Microbiology", group: "Para-clinical", questions: 13 },
  { subject: "Pharmacology", group: "Para-clinical", questions: 13 },
  { subject: "Forensic Medicine", group: "Para-clinical", questions: 10 },
  { subject: "Community Medicine", group: "Para-clinical", questions: 30 },
  { subject: "Medicine", group: "Clinical", questions: 33 },
  { subject: "Psychiatry", group: "Clinical", questions: 5 },
  { subject: "Dermatology", group: "Clinical", questions: 5 },
  { subject: "Paediatrics", group: "Clinical", questions: 15 },
  { subject: "Surgery", group: "Clinical", questions: 32 },
  { subject: "Anaesthesia", group: "Clinical", questions: 5 },
  { subject: "Orthopaedics", group: "Clinical", questions: 5 },
  { subject: "Radiology", group: "Clinical", questions: 5 },
  { subject: "Obstetrics & Gynaecology", group: "Clinical", questions: 30 },
  { subject: "Ophthalmology", group: "Clinical", questions: 15 },
  { subject: "ENT", group: "Clinical", questions: 15 },
];
