/**
 * A submitted mock's analysis, as the results page and the API show it: the
 * score under the exam's marking, each section's counts and time, the
 * guessing analysis, subjects against the learner's own history, the
 * weakest areas by marks at stake, the percentile on a numbered paper, and
 * every question with its key and explanations.
 */
import { PERCENTILE_MIN_LEARNERS } from "./mock-exams";
import type { MockLength, MockPatternId } from "./mock-patterns";

export const REVIEW_FILTERS = ["all", "wrong", "unattempted", "marked", "correct"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const REVIEW_FILTER_LABELS: Readonly<Record<ReviewFilter, string>> = {
  all: "All questions",
  wrong: "Wrong",
  unattempted: "Not answered",
  marked: "Marked for review",
  correct: "Correct",
};

export function parseReviewFilter(value: string | null): ReviewFilter {
  return (REVIEW_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as ReviewFilter)
    : "all";
}

export type Outcome = "correct" | "wrong" | "unattempted";

/** Questions per page of the results page's review (the API sends every match). */
export const REVIEW_PAGE_SIZE = 20;

export type SectionResult = {
  index: number;
  title: string;
  questions: number;
  minutes: number;
  correct: number;
  wrong: number;
  unattempted: number;
  score: number;
  maxScore: number;
  /** Seconds the learner spent on its questions, as the screen timed them. */
  secondsUsed: number;
};

/**
 * Did answering uncertain questions pay? "Uncertain" is what the learner
 * marked for review and still answered (answered-and-marked counts).
 */
export type GuessingAnalysis = {
  markedAnswered: number;
  markedCorrect: number;
  markedWrong: number;
  /** Marked for review and left blank. */
  markedBlank: number;
  gained: number;
  lost: number;
  net: number;
  /** Accuracy on the marked questions answered (null with none). */
  accuracy: number | null;
  /** The accuracy at which a guess neither gains nor loses on average (null: no negative marking). */
  breakEven: number | null;
  /** All questions left blank, for the no-negative-marking advice. */
  blank: number;
};

export type SubjectResult = {
  subject: string;
  questions: number;
  attempted: number;
  correct: number;
  wrong: number;
  marks: number;
  /** Of attempted; null with none attempted. */
  accuracy: number | null;
  /** The learner's answers in this subject everywhere else (this mock left out). */
  history: { answered: number; correct: number; accuracy: number | null };
};

export type WeakArea = {
  subject: string;
  /** The topics of this subject the learner lost marks on, most first (the practice test's topics). */
  topics: string[];
  questions: number;
  correct: number;
  marksAtStake: number;
};

export type Percentile =
  | { status: "shown"; value: number; learners: number }
  | { status: "waiting"; learners: number }
  | { status: "own-paper" };

/** A subject the paper has fewer questions of than its weight asks (the pool ran short). */
export type Shortfall = { subject: string; intended: number; actual: number };

export type ReviewItem = {
  position: number;
  section: number;
  subject: string;
  topic: string;
  question: string;
  options: string[];
  choice: number | null;
  correctIndex: number;
  outcome: Outcome;
  marked: boolean;
  seconds: number;
  marks: number;
  explanations: string[];
  takeaway: string;
  reference: string | null;
  bankId: string;
  inFlashcards: boolean;
};

export type MockResults = {
  id: string;
  title: string;
  pattern: MockPatternId;
  length: MockLength;
  number: number | null;
  examName: string;
  markingLabel: string;
  startedAt: number;
  submittedAt: number;
  questionCount: number;
  correct: number;
  wrong: number;
  unattempted: number;
  score: number;
  maxScore: number;
  /** Score over the maximum, in percent (negative marking can take it below 0). */
  percent: number;
  passMarks: number | null;
  passed: boolean | null;
  sections: SectionResult[];
  guessing: GuessingAnalysis;
  subjects: SubjectResult[];
  weakAreas: WeakArea[];
  percentile: Percentile;
  shortfalls: Shortfall[];
  /** How many questions match the review's section and filter, and which page of them this is. */
  review: { total: number; page: number; pages: number };
  /** The questions asked for (a section, a filter, a page), in paper order. */
  items: ReviewItem[];
};

/** Where the learner's score sits over time (for /progress and the mocks page). */
export type MockTrendPoint = {
  attemptId: string;
  title: string;
  pattern: MockPatternId;
  length: MockLength;
  submittedAt: number;
  score: number;
  maxScore: number;
  percent: number;
};

const signed = (value: number) => (value > 0 ? `+${value}` : `${value}`);
const pct = (value: number) => `${Math.round(value * 100)} %`;

/** The guessing analysis in a sentence or two. */
export function guessingVerdict(guessing: GuessingAnalysis, markingLabel: string): string {
  if (guessing.breakEven === null) {
    return guessing.blank > 0
      ? `With no negative marking (${markingLabel}), a wrong answer costs nothing: the ${guessing.blank} question${guessing.blank === 1 ? "" : "s"} you left blank could only have added marks. Answer every question.`
      : `With no negative marking (${markingLabel}), answering every question was right: you left none blank.`;
  }
  if (guessing.markedAnswered === 0) {
    return guessing.markedBlank > 0
      ? `You left all ${guessing.markedBlank} of your marked questions blank. A guess breaks even at ${pct(guessing.breakEven)} accuracy under ${markingLabel}: if you can rule out even one option, attempting tends to pay.`
      : "You marked no question for review and answered it, so there is nothing to say about guessing on this paper.";
  }
  const how = `${guessing.markedCorrect} of the ${guessing.markedAnswered} questions you marked as uncertain and answered were right (${pct(guessing.accuracy!)}; a guess breaks even at ${pct(guessing.breakEven)} under ${markingLabel})`;
  if (guessing.net > 0)
    return `Attempting uncertain questions paid: ${signed(guessing.net)} marks net. ${how}.`;
  if (guessing.net < 0)
    return `Attempting uncertain questions cost you ${Math.abs(guessing.net)} marks net. ${how}. Attempt a marked question only when you can rule out options.`;
  return `Attempting uncertain questions broke even: ${how}.`;
}

/** The percentile's line on the results page. */
export function percentileText(percentile: Percentile): string {
  if (percentile.status === "own-paper") {
    return "A fresh random paper is yours alone, so it has no percentile: sit a numbered paper to compare with other learners.";
  }
  if (percentile.status === "waiting") {
    const who =
      percentile.learners === 1 ? "1 learner has" : `${percentile.learners} learners have`;
    return `${who} submitted this paper so far. Your percentile appears once ${PERCENTILE_MIN_LEARNERS} have.`;
  }
  return `Percentile ${percentile.value}: ${percentile.value} % of the ${percentile.learners} learners who sat this paper scored the same as you or lower (each learner's first sitting counts).`;
}

/** The upgrade view's preview: a NEET-PG paper at the learner's accuracy so far. */
export type MockPreview = {
  answered: number;
  accuracy: number;
  /** Marks of 800 if every question were answered at that accuracy, subject by subject. */
  projected: number;
  maxScore: number;
};

/** Answers a learner needs before the preview projects a score. */
export const PREVIEW_MIN_ANSWERS = 20;
