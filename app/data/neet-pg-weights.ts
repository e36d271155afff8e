/**
 * NEET-PG's approximate subject weights: questions per subject in the
 * 200-question paper, from the published pattern as the product plan records it
 * (pre-clinical ≈ 50, para-clinical ≈ 50 with pathology and community
 * medicine the heaviest, clinical ≈ 100 with medicine and surgery and their
 * allied subjects the heaviest, then obstetrics & gynaecology, then
 * paediatrics, ENT and ophthalmology). Data to update when NBEMS publishes a
 * new pattern; the study-schedule mentor plans by it.
 */
export type SubjectWeight = {
  /** The question bank's subject name. */
  subject: string;
  group: "Pre-clinical" | "Para-clinical" | "Clinical";
  /** Approximate questions of 200. */
  questions: number;
};

export const NEET_PG_SUBJECT_WEIGHTS: readonly SubjectWeight[] = [
  { subject: "Medicine", group: "Clinical", questions: 24 },
  { subject: "Surgery", group: "Clinical", questions: 20 },
  { subject: "Obstetrics & Gynaecology", group: "Clinical", questions: 15 },
  { subject: "Pathology", group: "Para-clinical", questions: 13 },
  { subject: "Community Medicine", group: "Para-clinical", questions: 13 },
  { subject: "Anatomy", group: "Pre-clinical", questions: 17 },
  { subject: "Physiology", group: "Pre-clinical", questions: 17 },
  { subject: "Biochemistry", group: "Pre-clinical", questions: 16 },
  { subject: "Pharmacology", group: "Para-clinical", questions: 10 },
  { subject: "Microbiology", group: "Para-clinical", questions: 9 },
  { subject: "Paediatrics", group: "Clinical", questions: 8 },
  { subject: "ENT", group: "Clinical", questions: 6 },
  { subject: "Ophthalmology", group: "Clinical", questions: 6 },
  { subject: "Forensic Medicine", group: "Para-clinical", questions: 5 },
  { subject: "Orthopaedics", group: "Clinical", questions: 5 },
  { subject: "Dermatology", group: "Clinical", questions: 4 },
  { subject: "Psychiatry", group: "Clinical", questions: 4 },
  { subject: "Anaesthesia", group: "Clinical", questions: 4 },
  { subject: "Radiology", group: "Clinical", questions: 4 },
];
