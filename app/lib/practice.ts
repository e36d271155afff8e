/**
 * Practice tests (advanced quiz sets, docs/decisions/039-practice-tests.md):
 * the builder's choices and their one schema (the /practice page's forms, its
 * address and the JSON API all read it), the ready-made sets, the messages,
 * and the shapes the pages and the API show. The rules live in
 * app/models/practice-tests.server.ts and practice-builder.server.ts.
 */
import { z } from "zod";
import { EXAM_IDS, type ExamId } from "./exams";
import { MISTAKE_KINDS, type WeakTopic } from "./progress";

export const PRACTICE_MODES = ["tutor", "timed"] as const;
export type PracticeMode = (typeof PRACTICE_MODES)[number];

/** Which pool questions: all, never answered, wrong the last time, marked for review. */
export const ITEM_STATUSES = ["all", "unseen", "incorrect", "marked"] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];

export const DIFFICULTIES = ["any", "easy", "moderate", "hard"] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const PRACTICE_SETS = [
  "subject",
  "high-yield",
  "weak-topics",
  "yesterday-mistakes",
] as const;
export type PracticeSet = (typeof PRACTICE_SETS)[number];

export const PRACTICE_LIMITS = {
  minCount: 1,
  maxCount: 100,
  defaultCount: 20,
  /** Names longer than this are no subject or topic of the pool. */
  maxName: 120,
  maxSubjects: 40,
  maxTopics: 300,
  /** A question's time, added per save, is capped here (a tab left open is not study time). */
  maxSecondsPerSave: 1_800,
  /** A save sent just before the deadline still counts if it lands this soon after it. */
  deadlineGraceMs: 3_000,
} as const;

/** "High-yield in 20 minutes": NEET-PG pace, from the heaviest-weighted subjects. */
export const HIGH_YIELD = { questions: 19, exam: "neet-pg", subjects: 8 } as const;

/** "My weak topics": this many questions on the pool's weakest topics as /progress ranks them. */
export const WEAK_TOPICS_SET_COUNT = 20;

/** A subject-wise set: this many questions, tutor mode. */
export const SUBJECT_SET_COUNT = 20;

export const PRACTICE_LABELS = {
  mode: { tutor: "Tutor", timed: "Timed" } satisfies Record<PracticeMode, string>,
  status: {
    all: "All questions",
    unseen: "Unseen",
    incorrect: "Incorrect before",
    marked: "Marked for review",
  } satisfies Record<ItemStatus, string>,
  difficulty: {
    any: "Any difficulty",
    easy: "Easy",
    moderate: "Moderate",
    hard: "Hard",
  } satisfies Record<Difficulty, string>,
} as const;

/** The error log's tags (MISTAKE_KINDS), and "none" to clear one. */
export const MISTAKE_CHOICES = [...MISTAKE_KINDS, "none"] as const;

export const PRACTICE_MESSAGES = {
  count: `Choose between ${PRACTICE_LIMITS.minCount} and ${PRACTICE_LIMITS.maxCount} questions.`,
  mode: "Choose tutor or timed mode.",
  status: "Choose all, unseen, incorrect or marked questions.",
  difficulty: "Choose any, easy, moderate or hard.",
  exam: "Choose NEET-PG, INI-CET, FMGE or university marking.",
  set: "Choose one of the ready-made sets.",
  name: "Subjects and topics are names from the question pool.",
  subjectForSet: "Choose the subject for a subject-wise set.",
  noMatch:
    "No questions match these choices. Choose more subjects or topics, another difficulty or another status.",
  noWeakTopics:
    "Answer a few questions from the pool and your weakest topics appear here, by the marks at stake.",
  noMistakesYesterday: "You got no questions wrong yesterday (India time).",
  notFound: "Practice test not found",
  submitted: "This test has been submitted: its results are below.",
  timeUp: "Time is up: your test was submitted at the deadline.",
  tutorFinal: "In tutor mode an answer is final once checked.",
  chooseFirst: "Choose an answer first.",
  index: "That question is not in this test.",
  choice: "The answer must be option 0 to 3 (A to D), or null to clear it.",
  struck: "Struck-out options are a list of option numbers 0 to 3.",
  seconds: "seconds must be a whole number from 0.",
  notWrong: "Only a question you answered wrong can be tagged.",
  notSubmitted: "Submit the test first: then you can review it.",
  mistake: "Choose didnt-know, misread, slip or guessed (or null to clear the tag).",
  flashcardAdded: "Added to your flashcards.",
  flashcardExists: "Already in your flashcards.",
  mistakeSaved: "Saved to your error log.",
  mistakeCleared: "Tag removed from your error log.",
  started: "Your practice test is ready.",
  failed: "The practice test could not be saved. Please try again.",
} as const;

export function unknownNamesMessage(names: readonly string[]): string {
  return `Not in the question pool: ${names.join(", ")}. ${PRACTICE_MESSAGES.name}`;
}

export function shortfallMessage(found: number, asked: number): string {
  return `Only ${found} ${found === 1 ? "question matches" : "questions match"}, so your test has ${found} instead of ${asked}.`;
}

/** `pt_` and 24 lower-case hex digits. */
const TEST_ID_PATTERN = /^pt_[0-9a-f]{24}$/;

export function isPracticeTestId(value: unknown): value is string {
  return typeof value === "string" && TEST_ID_PATTERN.test(value);
}

// ---------------------------------------------------------------------------
// The builder's fields: one schema for the page's address and forms and the API.

/** A field that may come once or repeated (forms, addresses) or as a list (JSON). */
const names = (max: number) =>
  z.preprocess(
    (value) =>
      value === undefined || value === null || value === ""
        ? []
        : (Array.isArray(value) ? value : [value]).filter((name) => name !== ""),
    z
      .array(
        z
          .string(PRACTICE_MESSAGES.name)
          .trim()
          .min(1, PRACTICE_MESSAGES.name)
          .max(PRACTICE_LIMITS.maxName, PRACTICE_MESSAGES.name),
      )
      .max(max, PRACTICE_MESSAGES.name),
  );

/** Empty strings (a form's blank field) count as not given. */
const blankless = (value: unknown) => (value === "" || value === null ? undefined : value);

export const builderSchema = z.object({
  subject: names(PRACTICE_LIMITS.maxSubjects),
  /** A topic name, or `Subject::Topic` to name one subject's topic. */
  topic: names(PRACTICE_LIMITS.maxTopics),
  difficulty: z.preprocess(
    blankless,
    z.enum(DIFFICULTIES, PRACTICE_MESSAGES.difficulty).default("any"),
  ),
  status: z.preprocess(blankless, z.enum(ITEM_STATUSES, PRACTICE_MESSAGES.status).default("all")),
  count: z.preprocess(
    blankless,
    z.coerce
      .number(PRACTICE_MESSAGES.count)
      .int(PRACTICE_MESSAGES.count)
      .min(PRACTICE_LIMITS.minCount, PRACTICE_MESSAGES.count)
      .max(PRACTICE_LIMITS.maxCount, PRACTICE_MESSAGES.count)
      .default(PRACTICE_LIMITS.defaultCount),
  ),
  mode: z.preprocess(blankless, z.enum(PRACTICE_MODES, PRACTICE_MESSAGES.mode).default("tutor")),
  exam: z.preprocess(blankless, z.enum(EXAM_IDS, PRACTICE_MESSAGES.exam).default("neet-pg")),
  set: z.preprocess(blankless, z.enum(PRACTICE_SETS, PRACTICE_MESSAGES.set).optional()),
});

export type BuilderChoices = z.output<typeof builderSchema>;

export const DEFAULT_CHOICES: BuilderChoices = {
  subject: [],
  topic: [],
  difficulty: "any",
  status: "all",
  count: PRACTICE_LIMITS.defaultCount,
  mode: "tutor",
  exam: "neet-pg",
  set: undefined,
};

export type BuilderErrors = Partial<Record<keyof BuilderChoices, string>>;

/**
 * The builder's choices from an address, a form or a JSON body: every valid
 * field kept, each invalid one replaced by its default and named in `errors`.
 */
export function readChoices(input: Record<string, unknown>): {
  choices: BuilderChoices;
  errors: BuilderErrors;
} {
  const parsed = builderSchema.safeParse(input);
  if (parsed.success) return { choices: parsed.data, errors: {} };
  const errors: BuilderErrors = {};
  const fallback: Record<string, unknown> = { ...input };
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof BuilderChoices | undefined;
    if (!field || field in errors) continue;
    errors[field] = issue.message;
    delete fallback[field];
  }
  const retried = builderSchema.safeParse(fallback);
  return { choices: retried.success ? retried.data : DEFAULT_CHOICES, errors };
}

/** The repeatable and single fields of a form or address, as readChoices takes them. */
export function choicesInput(params: URLSearchParams | FormData): Record<string, unknown> {
  const one = (name: string) => {
    const value = params.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const all = (name: string) =>
    params.getAll(name).filter((value): value is string => typeof value === "string");
  return {
    subject: all("subject"),
    topic: all("topic"),
    difficulty: one("difficulty"),
    status: one("status"),
    count: one("count"),
    mode: one("mode"),
    exam: one("exam"),
    set: one("set"),
  };
}

/** The builder's address, pre-filled (the planner's and analytics' links use the same fields). */
export function builderHref(choices: Partial<BuilderChoices>): string {
  const params = new URLSearchParams();
  for (const subject of choices.subject ?? []) params.append("subject", subject);
  for (const topic of choices.topic ?? []) params.append("topic", topic);
  const single = ["difficulty", "status", "count", "mode", "exam", "set"] as const;
  for (const name of single) {
    const value = choices[name];
    if (value !== undefined && value !== DEFAULT_CHOICES[name]) params.set(name, String(value));
  }
  const query = params.toString();
  return query ? `/practice?${query}` : "/practice";
}

/** The qualified form of a topic in the builder's checkboxes. */
export function qualifiedTopic(subject: string, topic: string): string {
  return `${subject}::${topic}`;
}

export function practiceTestHref(id: string, query: Record<string, string | number> = {}) {
  const params = new URLSearchParams(
    Object.entries(query).map(([name, value]) => [name, String(value)]),
  );
  const search = params.toString();
  return `/practice/${id}${search ? `?${search}` : ""}`;
}

// ---------------------------------------------------------------------------
// What the pages and the API show.

export type CatalogueTopic = { topic: string; count: number };
export type CatalogueSubject = { subject: string; count: number; topics: CatalogueTopic[] };

/** The upgrade view's preview from the learner's own answers: the pool, what they have not seen, what they got wrong. */
export type PoolPreview = { pool: number; unseen: number; incorrect: number };

/** The ready-made sets as the page offers them. */
export type ReadySets = {
  highYield: { subjects: { subject: string; questions: number }[]; minutes: number };
  /** The pool's weakest topics for `exam`, as /progress ranks them. */
  weakTopics: { exam: ExamId; topics: WeakTopic[] };
  yesterdayMistakes: number;
  subjects: { subject: string; count: number }[];
};

export type Marking = { correct: number; wrong: number; unattempted: number; label: string };

export type PracticeTestSummary = {
  id: string;
  title: string;
  mode: PracticeMode;
  exam: ExamId;
  examName: string;
  status: "active" | "submitted";
  questionCount: number;
  answeredCount: number;
  markedCount: number;
  secondsPerQuestion: number;
  createdAt: number;
  deadlineAt: number | null;
  submittedAt: number | null;
  /** Once submitted: marks under the exam's scheme, and the most the test could score. */
  score: number | null;
  maxScore: number;
  correctCount: number | null;
  wrongCount: number | null;
};

/** One square of the question navigator. */
export type NavigatorEntry = {
  index: number;
  answered: boolean;
  marked: boolean;
  /** Tutor mode, once checked: whether the answer was right. */
  correct: boolean | null;
};

/** What a question shows once its answer may be seen (tutor after checking, or after submit). */
export type Reveal = {
  correctIndex: number;
  correct: boolean;
  explanations: string[];
  takeaway: string;
  reference: string | null;
};

export type PracticeQuestion = {
  index: number;
  itemId: string;
  subject: string;
  topic: string;
  question: string;
  options: string[];
  choice: number | null;
  marked: boolean;
  struck: number[];
  seconds: number;
  /** Null until the answer may be seen: never the key of a question still open. */
  reveal: Reveal | null;
};

export type TakingView = {
  test: PracticeTestSummary;
  marking: Marking;
  navigator: NavigatorEntry[];
  question: PracticeQuestion;
  /** Once a wrong answer is checked (tutor mode): its error-log tag and whether it is a flashcard. */
  mistake: string | null;
  inFlashcards: boolean;
  /** The server's clock when the page was read (the countdown corrects the browser's by it). */
  now: number;
};

export type AccuracyRow = {
  subject: string;
  topic: string | null;
  questions: number;
  correct: number;
  wrong: number;
  unattempted: number;
  /** Correct over attempted, 0–100, or null when none was attempted. */
  accuracy: number | null;
};

export type ResultQuestion = PracticeQuestion & {
  reveal: Reveal;
  /** The error-log tag, for a wrong answer. */
  mistake: string | null;
  /** Whether a flashcard was made from it. */
  inFlashcards: boolean;
};

export type PracticeResults = {
  test: PracticeTestSummary;
  marking: Marking;
  score: number;
  maxScore: number;
  correct: number;
  wrong: number;
  unattempted: number;
  /** Correct over attempted, 0–100, or null when nothing was attempted. */
  accuracy: number | null;
  totalSeconds: number;
  bySubject: AccuracyRow[];
  byTopic: AccuracyRow[];
  questions: ResultQuestion[];
};

/** The results list's filters. */
export const RESULT_FILTERS = ["all", "wrong", "unattempted", "marked"] as const;
export type ResultFilter = (typeof RESULT_FILTERS)[number];

export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** A countdown's mm:ss (or h:mm:ss). */
export function clockText(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** How a navigator square reads to a screen reader. */
export function navigatorLabel(entry: NavigatorEntry, current: boolean): string {
  const parts = [`Question ${entry.index + 1}`];
  if (entry.correct === true) parts.push("answered correctly");
  else if (entry.correct === false) parts.push("answered wrong");
  else parts.push(entry.answered ? "answered" : "unanswered");
  if (entry.marked) parts.push("marked for review");
  if (current) parts.push("current question");
  return parts.join(", ");
}
