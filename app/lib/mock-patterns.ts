/**
 * How each mock exam is shaped (docs/exam-patterns.md records where each
 * figure comes from): its sections with their questions and minutes, the
 * subject weights its papers follow, and how the 50 % and 25 % mini mocks
 * scale it. Marking comes from app/lib/exams.ts, the same for every length.
 * Data, so a new bulletin is a change here and nowhere else.
 */
import { FMGE_SUBJECT_WEIGHTS } from "~/data/fmge-weights";
import { NEET_PG_SUBJECT_WEIGHTS, type SubjectWeight } from "~/data/neet-pg-weights";
import { EXAMS, type ExamId, examMaxScore } from "./exams";

export const MOCK_PATTERN_IDS = ["neet-pg", "ini-cet", "fmge"] as const;
export type MockPatternId = (typeof MOCK_PATTERN_IDS)[number];

export const MOCK_LENGTHS = ["full", "half", "quarter"] as const;
export type MockLength = (typeof MOCK_LENGTHS)[number];

/** What share of the full paper each length is: questions and minutes alike. */
const LENGTH_FRACTION: Readonly<Record<MockLength, number>> = {
  full: 1,
  half: 0.5,
  quarter: 0.25,
};

export const LENGTH_LABEL: Readonly<Record<MockLength, string>> = {
  full: "Full mock",
  half: "Half mock (50 %)",
  quarter: "Quarter mock (25 %)",
};

/** One timed section: its questions are answered in its minutes, then it locks. */
export type MockSection = {
  title: string;
  questions: number;
  /** May be fractional in a mini mock (10.5 minutes). */
  minutes: number;
};

export type MockPattern = {
  id: MockPatternId;
  exam: ExamId;
  name: string;
  /** The full paper's sections. */
  sections: readonly MockSection[];
  /** Questions per subject that papers follow, scaled to their length. */
  weights: readonly SubjectWeight[];
  /** One line on how the sections run, shown before starting. */
  sectionRule: string;
  /** Whether the sectioning is the exam's own or our format, said plainly. */
  shapeNote: string;
};

const lettered = (count: number, questions: number, minutes: number, word = "Section") =>
  Array.from({ length: count }, (_, index) => ({
    title: `${word} ${String.fromCharCode(65 + index)}`,
    questions,
    minutes,
  }));

export const MOCK_PATTERNS: Readonly<Record<MockPatternId, MockPattern>> = {
  "neet-pg": {
    id: "neet-pg",
    exam: "neet-pg",
    name: "NEET-PG",
    sections: lettered(5, 40, 42),
    weights: NEET_PG_SUBJECT_WEIGHTS,
    sectionRule:
      "Five timed sections. When a section's time ends it locks and the next one opens; you cannot go back to it. Within a section, change answers and mark questions for review freely.",
    shapeNote: "NBEMS's own format: 5 sections of 40 questions, 42 minutes each.",
  },
  "ini-cet": {
    id: "ini-cet",
    exam: "ini-cet",
    name: "INI-CET",
    sections: lettered(5, 40, 36),
    weights: NEET_PG_SUBJECT_WEIGHTS,
    sectionRule:
      "Five timed sections. When a section's time ends it locks and the next one opens; you cannot go back to it. Within a section, change answers and mark questions for review freely.",
    shapeNote:
      "Our format: AIIMS times the paper as a whole (180 minutes). We split it into 5 sections of 40 questions with 36 minutes each, to train pacing the way NEET-PG's sections do.",
  },
  fmge: {
    id: "fmge",
    exam: "fmge",
    name: "FMGE",
    sections: lettered(2, 150, 150, "Part"),
    weights: FMGE_SUBJECT_WEIGHTS,
    sectionRule:
      "Two parts, one after the other. When Part A's time ends it locks and Part B opens; you cannot go back to Part A.",
    shapeNote: "NBEMS's own format: Part A and Part B, 150 questions in 150 minutes each.",
  },
};

/**
 * The sections of a paper of this length: the questions scaled and spread as
 * evenly as whole questions allow (earlier sections take the odd one), each
 * section keeping the full paper's minutes per question.
 */
function mockSections(pattern: MockPatternId, length: MockLength): MockSection[] {
  const full = MOCK_PATTERNS[pattern].sections;
  const fullQuestions = full.reduce((sum, section) => sum + section.questions, 0);
  const total = Math.round(fullQuestions * LENGTH_FRACTION[length]);
  const base = Math.floor(total / full.length);
  const extra = total % full.length;
  return full.map((section, index) => {
    const questions = base + (index < extra ? 1 : 0);
    const minutes = Math.round(((questions * section.minutes) / section.questions) * 100) / 100;
    return { title: section.title, questions, minutes };
  });
}

export type MockShape = {
  sections: MockSection[];
  questions: number;
  minutes: number;
  maxScore: number;
  /** Marks to pass, scaled with the paper (FMGE: half the marks, rounded up). */
  passMarks: number | null;
};

export function mockShape(pattern: MockPatternId, length: MockLength): MockShape {
  const sections = mockSections(pattern, length);
  const questions = sections.reduce((sum, section) => sum + section.questions, 0);
  const minutes = sections.reduce((sum, section) => sum + section.minutes, 0);
  const exam = EXAMS[MOCK_PATTERNS[pattern].exam];
  return {
    sections,
    questions,
    minutes,
    maxScore: examMaxScore(exam.id, questions),
    passMarks:
      exam.passMarks === null ? null : Math.ceil((exam.passMarks * questions) / exam.questions),
  };
}

/**
 * Questions per subject for a paper of `count` questions: the weights scaled
 * by largest remainder (ties to the heavier, then earlier, subject), so the
 * quotas always add up to `count`.
 */
export function subjectQuotas(
  weights: readonly SubjectWeight[],
  count: number,
): Map<string, number> {
  const total = weights.reduce((sum, weight) => sum + weight.questions, 0);
  const shares = weights.map((weight, index) => {
    const exact = (weight.questions * count) / total;
    return { subject: weight.subject, index, floor: Math.floor(exact), rest: exact % 1 };
  });
  let left = count - shares.reduce((sum, share) => sum + share.floor, 0);
  const byRest = [...shares].sort(
    (a, b) =>
      b.rest - a.rest ||
      weights[b.index]!.questions - weights[a.index]!.questions ||
      a.index - b.index,
  );
  const quotas = new Map(shares.map((share) => [share.subject, share.floor]));
  for (const share of byRest) {
    if (left <= 0) break;
    quotas.set(share.subject, quotas.get(share.subject)! + 1);
    left -= 1;
  }
  return quotas;
}

export function isMockPatternId(value: unknown): value is MockPatternId {
  return typeof value === "string" && (MOCK_PATTERN_IDS as readonly string[]).includes(value);
}

/** "NEET-PG full mock", "FMGE quarter mock". */
export function mockName(pattern: MockPatternId, length: MockLength): string {
  return `${MOCK_PATTERNS[pattern].name} ${length} mock`;
}

/** "NEET-PG full mock · Paper 3", "FMGE quarter mock · Fresh random paper". */
export function mockTitle(pattern: MockPatternId, length: MockLength, number: number | null) {
  const paper = number === null ? "Fresh random paper" : `Paper ${number}`;
  return `${mockName(pattern, length)} · ${paper}`;
}

/** "3 h 30 min", "52.5 min". */
export function minutesLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round((minutes - hours * 60) * 100) / 100;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
