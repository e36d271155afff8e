/**
 * The exams our learners sit and how each is marked and timed (PLANS.md,
 * docs/exam-patterns.md): the one source for practice-test marking, the
 * readiness estimate, the study planner and mock exams.
 */
export const EXAM_IDS = ["neet-pg", "ini-cet", "fmge", "university"] as const;
export type ExamId = (typeof EXAM_IDS)[number];

export type MarkingScheme = {
  /** Marks for a correct answer, a wrong one and one left unanswered. */
  correct: number;
  wrong: number;
  unattempted: number;
};

export type ExamPattern = {
  id: ExamId;
  name: string;
  questions: number;
  minutes: number;
  marking: MarkingScheme;
  /** How the marking reads, e.g. "+4 / −1 / 0". */
  markingLabel: string;
  /** The pace the paper sets: its minutes over its questions, in seconds. */
  secondsPerQuestion: number;
  /** Marks needed to pass, where the exam has a fixed pass mark. */
  passMarks: number | null;
};

export const EXAMS: Readonly<Record<ExamId, ExamPattern>> = {
  "neet-pg": {
    id: "neet-pg",
    name: "NEET-PG",
    questions: 200,
    minutes: 210,
    marking: { correct: 4, wrong: -1, unattempted: 0 },
    markingLabel: "+4 / −1 / 0",
    secondsPerQuestion: 63,
    passMarks: null,
  },
  "ini-cet": {
    id: "ini-cet",
    name: "INI-CET",
    questions: 200,
    minutes: 180,
    marking: { correct: 1, wrong: -1 / 3, unattempted: 0 },
    markingLabel: "+1 / −⅓ / 0",
    secondsPerQuestion: 54,
    passMarks: null,
  },
  fmge: {
    id: "fmge",
    name: "FMGE",
    questions: 300,
    minutes: 300,
    marking: { correct: 1, wrong: 0, unattempted: 0 },
    markingLabel: "+1, no negative marking",
    secondsPerQuestion: 60,
    passMarks: 150,
  },
  university: {
    id: "university",
    name: "University exam",
    questions: 100,
    minutes: 120,
    marking: { correct: 1, wrong: 0, unattempted: 0 },
    markingLabel: "+1, no negative marking",
    secondsPerQuestion: 72,
    passMarks: null,
  },
};

export function isExamId(value: unknown): value is ExamId {
  return typeof value === "string" && (EXAM_IDS as readonly string[]).includes(value);
}

/**
 * Marks under the exam's scheme, exact to a third: INI-CET's −⅓ is summed in
 * thirds and rounded to two decimals once, so 3 wrong answers cost exactly 1.
 */
export function examScore(
  exam: ExamId,
  counts: { correct: number; wrong: number; unattempted: number },
): number {
  const { marking } = EXAMS[exam];
  const thirds =
    Math.round(marking.correct * 3) * counts.correct +
    Math.round(marking.wrong * 3) * counts.wrong +
    Math.round(marking.unattempted * 3) * counts.unattempted;
  return Math.round((thirds / 3) * 100) / 100;
}

/** The most a paper of `questions` questions can score under the exam's scheme. */
export function examMaxScore(exam: ExamId, questions: number): number {
  return examScore(exam, { correct: questions, wrong: 0, unattempted: 0 });
}
