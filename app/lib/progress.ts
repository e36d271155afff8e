/**
 * Progress analytics (/progress and GET /api/progress): the view model the
 * server builds (app/models/progress-analytics.server.ts) and the page and
 * the API hand out unchanged, the words the page uses for it, and the one
 * check of the `?exam=` parameter both apply
 * (docs/decisions/040-progress-analytics.md).
 */
import { EXAM_IDS, type ExamId, isExamId } from "./exams";
import type { CaseProgressEntry } from "./case-studies";
import type { MockTrendPoint } from "./mock-results";

/** Weeks the trends cover, the current one last. */
export const PROGRESS_WEEKS = 12;
/** How many weak topics "What to do next" lists. */
export const WEAK_TOPIC_LIMIT = 5;
/** The questions the one-click practice test on a weak topic asks. */
export const WEAK_TOPIC_PRACTICE_COUNT = 20;

export const READINESS = {
  /** Below this many answers in the subjects the exam asks, no estimate is shown. */
  minAnswers: 50,
  /** The band holds the score with this probability. */
  confidence: 0.8,
} as const;

export type Accuracy = {
  answered: number;
  correct: number;
  /** correct / answered, 0–1; null with no answers. */
  accuracy: number | null;
};

export type WeekPoint = Accuracy & {
  /** The Monday (India date, YYYY-MM-DD) the week starts. */
  start: string;
};

export type SubjectProgress = Accuracy & {
  subject: string;
  /** Answers with a time, and their mean time in seconds (null when none was timed). */
  timed: number;
  averageSeconds: number | null;
  topics: number;
  /** The subject's questions in the chosen exam's paper (null: the exam does not weigh it). */
  examQuestions: number | null;
};

export type TopicProgress = Accuracy & {
  subject: string;
  topic: string;
  timed: number;
  averageSeconds: number | null;
  /** When the learner last answered on it (ms). */
  lastAt: number;
};

export type WeakTopic = {
  subject: string;
  topic: string;
  answered: number;
  /** The learner's own accuracy on it, 0–1. */
  accuracy: number;
  /** Marks the topic is worth in the paper that the learner is not getting (decision 040). */
  marksAtStake: number;
};

export type Readiness =
  | {
      state: "not-enough";
      /** Answers in the subjects the exam asks, and how many an estimate needs. */
      answered: number;
      needed: number;
    }
  | {
      state: "estimate";
      /** The expected score under the exam's marking, and the band around it. */
      expected: number;
      low: number;
      high: number;
      confidence: number;
      minScore: number;
      maxScore: number;
      passMarks: number | null;
      answered: number;
      subjectsCovered: number;
      subjectsTotal: number;
    };

export const MISTAKE_KINDS = ["didnt-know", "misread", "slip", "guessed"] as const;
export type MistakeKind = (typeof MISTAKE_KINDS)[number];

export const MISTAKE_LABELS: Readonly<Record<MistakeKind, string>> = {
  "didnt-know": "Didn't know it",
  misread: "Misread the question",
  slip: "Silly slip",
  guessed: "Guessed",
};

export type ProgressView = {
  /** The India date the figures run to. */
  asOf: string;
  exam: {
    id: ExamId;
    name: string;
    questions: number;
    markingLabel: string;
    secondsPerQuestion: number;
    /** Where the choice came from: the address, the learner's study plan, or the default. */
    source: "query" | "plan" | "default";
  };
  totals: Accuracy & {
    timed: number;
    averageSeconds: number | null;
    subjects: number;
    topics: number;
  };
  weekly: {
    overall: WeekPoint[];
    bySubject: Array<Accuracy & { subject: string; weeks: WeekPoint[] }>;
  };
  /** In order of the subject's weight in the exam, heaviest first. */
  subjects: SubjectProgress[];
  /** In the subjects' order, weakest first within each. */
  topics: TopicProgress[];
  /** Subjects the exam asks that the learner has not answered on yet. */
  notStarted: string[];
  errorLog: {
    wrong: number;
    tagged: number;
    untagged: number;
    byMistake: Array<{ mistake: MistakeKind; count: number }>;
  };
  flashcards: {
    /** Reviews in the last 30 days. */
    reviews: number;
    /** Reviews of cards already in review (not learning), and the share not rated Again. */
    matureReviews: number;
    retention: number | null;
    /** Studied cards due by the end of today (overdue included), and in the 7 days after. */
    dueToday: number;
    dueNextWeek: number;
  };
  weakTopics: WeakTopic[];
  readiness: Readiness;
  /** Every submitted mock exam's score, oldest first (Pro). */
  mocks: MockTrendPoint[];
  /** Every finished case study with its score and domain breakdown, oldest first (Pro). */
  cases: CaseProgressEntry[];
};

/** What a learner without the plan sees of their own figures: deliberately little. */
export type ProgressPreview = { answered: number; accuracy: number | null };

export const PROGRESS_MESSAGES = {
  examInvalid: `exam must be one of: ${EXAM_IDS.join(", ")}.`,
  loadFailed: "Failed to load your progress",
} as const;

/**
 * `?exam=`: absent or empty is no choice (the study plan's exam or NEET-PG);
 * anything but an exam id is refused.
 */
export function parseExamParam(
  value: string | null,
): { ok: true; exam: ExamId | null } | { ok: false } {
  if (value === null || value === "") return { ok: true, exam: null };
  return isExamId(value) ? { ok: true, exam: value } : { ok: false };
}

/** 0.634 → "63%" (no answers: "–"). */
export function percent(value: number | null): string {
  return value === null ? "–" : `${Math.round(value * 100)}%`;
}
