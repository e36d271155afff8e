/**
 * Mock exams, shared by the server and the exam screen: the palette's states
 * as the NBEMS screen shows them, the messages, the request schemas (the
 * start form, the JSON API and the answer saves), and the shapes the screen
 * and the results are drawn from. Nothing here carries an answer key.
 */
import { z } from "zod";
import {
  MOCK_LENGTHS,
  MOCK_PATTERN_IDS,
  type MockLength,
  type MockPatternId,
  type MockSection,
} from "./mock-patterns";

/** Numbered papers of a series go from 1 to this. */
export const MAX_PAPER_NUMBER = 50;

/** A paper never has more questions than FMGE's full 300. */
const MAX_PAPER_QUESTIONS = 300;

/** Learners who must have submitted a numbered paper before its percentile is shown. */
export const PERCENTILE_MIN_LEARNERS = 30;

// ---------------------------------------------------------------------------
// The palette.

export const PALETTE_STATES = [
  "not-visited",
  "not-answered",
  "answered",
  "marked",
  "answered-marked",
] as const;
export type PaletteState = (typeof PALETTE_STATES)[number];

export const PALETTE_LABELS: Readonly<Record<PaletteState, string>> = {
  "not-visited": "Not visited",
  "not-answered": "Not answered",
  answered: "Answered",
  marked: "Marked for review",
  "answered-marked": "Answered and marked for review",
};

/** What the legend adds to a label. */
export const PALETTE_NOTES: Readonly<Record<PaletteState, string>> = {
  "not-visited": "You have not opened it yet.",
  "not-answered": "Opened, no answer chosen.",
  answered: "Your answer is saved.",
  marked: "No answer yet, flagged to come back to.",
  "answered-marked": "Your answer is saved and counts; flagged to check again.",
};

/** A question's state from its saved row (none: never opened). */
export function paletteState(
  answer: { choice: number | null; marked: boolean } | null | undefined,
): PaletteState {
  if (!answer) return "not-visited";
  if (answer.choice === null) return answer.marked ? "marked" : "not-answered";
  return answer.marked ? "answered-marked" : "answered";
}

// ---------------------------------------------------------------------------
// Messages.

export const MOCK_MESSAGES = {
  notFound: "Mock exam not found",
  invalidId: "Invalid mock exam ID.",
  submitted: "This mock has been submitted: answers can no longer change.",
  timeUp: "Time is up: your mock was submitted with the answers saved by then.",
  notSubmitted: "This mock is still in progress: its results appear once it is submitted.",
  poolTooSmall:
    "The question pool has too few active questions to make this paper. Please try a shorter mock.",
  startFailed: "Failed to start the mock exam. Please try again.",
  readFailed: "Failed to load this mock exam. Please try again.",
  saveFailed: "Failed to save your answers. Please try again.",
  submitFailed: "Failed to submit the mock exam. Please try again.",
  resultsFailed: "Failed to load the results. Please try again.",
  listFailed: "Failed to load your mock exams. Please try again.",
  noAnswers: "Send at least one answer: { position, choice, marked, seconds }.",
  lastSection: "This is the last section: submit the mock to finish it.",
  flashcardAdded: "Added to your flashcards.",
  flashcardAlready: "This question is already in your flashcards.",
} as const;

export function sectionLockedMessage(title: string): string {
  return `${title} has ended and is locked: its answers can no longer change.`;
}

export function sectionNotOpenMessage(title: string): string {
  return `${title} has not opened yet: it opens when the section before it ends.`;
}

export function positionRangeMessage(questions: number): string {
  return `position must be a whole number from 0 to ${questions - 1} (this paper has ${questions} questions).`;
}

export function activeMockMessage(title: string): string {
  return `You already have a mock in progress (${title}). Finish or submit it before starting another.`;
}

// ---------------------------------------------------------------------------
// Requests.

const patternField = z.enum(MOCK_PATTERN_IDS, {
  error: "pattern must be 'neet-pg', 'ini-cet' or 'fmge'.",
});
const lengthField = z.enum(MOCK_LENGTHS, {
  error: "length must be 'full', 'half' or 'quarter'.",
});
const paperNumberField = z
  .number({ error: `paper must be a number from 1 to ${MAX_PAPER_NUMBER}, or 'random'.` })
  .int(`paper must be a number from 1 to ${MAX_PAPER_NUMBER}, or 'random'.`)
  .min(1, `paper must be a number from 1 to ${MAX_PAPER_NUMBER}, or 'random'.`)
  .max(MAX_PAPER_NUMBER, `paper must be a number from 1 to ${MAX_PAPER_NUMBER}, or 'random'.`);

/** Which paper: a number in the series, a fresh random one, or the learner's next number. */
export type PaperChoice = number | "random" | "next";

/** POST /api/mock-exams: `paper` left out means the learner's next paper in the series. */
export const startMockSchema = z.object({
  pattern: patternField,
  length: lengthField.default("full"),
  paper: z
    .union([paperNumberField, z.literal("random"), z.literal("next")], {
      error: `paper must be a number from 1 to ${MAX_PAPER_NUMBER}, or 'random'.`,
    })
    .default("next"),
});

/** The start form on /mock-exams (conform: every value arrives as text). */
export const startMockFormSchema = z
  .object({
    pattern: patternField,
    length: lengthField,
    paper: z.enum(["next", "random", "number"], { error: "Choose which paper to sit." }),
    paperNumber: z.coerce.number().optional(),
  })
  .superRefine((value, context) => {
    if (value.paper !== "number") return;
    const parsed = paperNumberField.safeParse(value.paperNumber);
    if (!parsed.success) {
      context.addIssue({
        code: "custom",
        path: ["paperNumber"],
        message: `Enter a paper number from 1 to ${MAX_PAPER_NUMBER}.`,
      });
    }
  });

/** The exam and length the start form begins with. */
export type MockStartChoice = { pattern: MockPatternId; length: MockLength };

const DEFAULT_MOCK_START: MockStartChoice = { pattern: "neet-pg", length: "full" };

/** /mock-exams with the start form pre-filled (where a planner's mock exam task opens). */
export function mockStartHref(choice: MockStartChoice): string {
  return `/mock-exams?${new URLSearchParams(choice)}`;
}

/**
 * The start form's choice from the address (`?pattern=&length=`): each when
 * it names a pattern or a length, else NEET-PG's full paper.
 */
export function mockStartFromSearch(search: URLSearchParams): MockStartChoice {
  const pattern = patternField.safeParse(search.get("pattern"));
  const length = lengthField.safeParse(search.get("length"));
  return {
    pattern: pattern.success ? pattern.data : DEFAULT_MOCK_START.pattern,
    length: length.success ? length.data : DEFAULT_MOCK_START.length,
  };
}

export function paperChoiceFromForm(value: z.output<typeof startMockFormSchema>): PaperChoice {
  return value.paper === "number" ? value.paperNumber! : value.paper;
}

/** One answer save: the question's state as the learner left it. */
export const answerSaveSchema = z.object({
  position: z
    .number({ error: "position must be a whole number." })
    .int("position must be a whole number.")
    .min(0, "position must be a whole number from 0.")
    .max(MAX_PAPER_QUESTIONS - 1, positionRangeMessage(MAX_PAPER_QUESTIONS)),
  choice: z
    .number({ error: "choice must be 0, 1, 2, 3 or null." })
    .int("choice must be 0, 1, 2, 3 or null.")
    .min(0, "choice must be 0, 1, 2, 3 or null.")
    .max(3, "choice must be 0, 1, 2, 3 or null.")
    .nullable(),
  marked: z.boolean({ error: "marked must be true or false." }).default(false),
  /** Seconds spent on the question so far (the screen's count; the most sent is kept). */
  seconds: z
    .number({ error: "seconds must be a whole number from 0." })
    .int("seconds must be a whole number from 0.")
    .min(0, "seconds must be a whole number from 0.")
    .max(6 * 3600, "seconds must be at most 21600.")
    .default(0),
});
export type AnswerSave = z.output<typeof answerSaveSchema>;

/** PUT /api/mock-exams/{id}/answers: one save, or `{ answers: [save…] }` (one D1 statement). */
export const answersBodySchema = z.union([
  z.object({
    answers: z.array(answerSaveSchema).min(1, MOCK_MESSAGES.noAnswers).max(MAX_PAPER_QUESTIONS),
  }),
  answerSaveSchema,
]);

export function savesFromBody(body: z.output<typeof answersBodySchema>): AnswerSave[] {
  const saves = "answers" in body ? body.answers : [body];
  // The last save for a position wins, as it would have on the server one by one.
  const byPosition = new Map(saves.map((save) => [save.position, save]));
  return [...byPosition.values()];
}

// ---------------------------------------------------------------------------
// What the exam screen shows.

export type MockSectionView = MockSection & {
  index: number;
  /** The paper position of its first question. */
  first: number;
  state: "locked" | "current" | "upcoming";
};

/** A question as it is shown while the mock runs: no key, no explanation. */
export type MockQuestionView = {
  position: number;
  question: string;
  options: string[];
  choice: number | null;
  marked: boolean;
  seconds: number;
  visited: boolean;
};

export type MockSitting = {
  id: string;
  title: string;
  pattern: MockPatternId;
  length: MockLength;
  number: number | null;
  examName: string;
  markingLabel: string;
  questionCount: number;
  sections: MockSectionView[];
  sectionIndex: number;
  sectionEndsAt: number;
  endsAt: number;
  startedAt: number;
  /** The server's clock when this was read: the screen's timers run from it. */
  serverNow: number;
  /** The section being sat: every question, with the learner's saved state. */
  questions: MockQuestionView[];
  /** Every question of the paper, in order. */
  palette: PaletteState[];
};

/** A sitting in the learner's list. */
export type MockSummary = {
  id: string;
  title: string;
  pattern: MockPatternId;
  length: MockLength;
  number: number | null;
  status: "active" | "submitted";
  questionCount: number;
  startedAt: number;
  endsAt: number;
  submittedAt: number | null;
  correct: number | null;
  wrong: number | null;
  unattempted: number | null;
  score: number | null;
};

/** The answer screen's per-section summary before submitting or moving on. */
export type SectionSummary = {
  index: number;
  title: string;
  questions: number;
  answered: number;
  notAnswered: number;
  marked: number;
  notVisited: number;
};

export function sectionSummaries(
  sections: readonly MockSectionView[],
  palette: readonly PaletteState[],
): SectionSummary[] {
  return sections.map((section) => {
    const states = palette.slice(section.first, section.first + section.questions);
    const count = (...wanted: PaletteState[]) =>
      states.filter((state) => wanted.includes(state)).length;
    return {
      index: section.index,
      title: section.title,
      questions: section.questions,
      answered: count("answered", "answered-marked"),
      notAnswered: count("not-answered", "marked", "not-visited"),
      marked: count("marked", "answered-marked"),
      notVisited: count("not-visited"),
    };
  });
}

/** "42:00", "1:02:05": a countdown's text. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (value: number) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** "18 minutes 5 seconds": a countdown for screen readers. */
export function clockSpeech(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const part = (value: number, word: string) =>
    value === 0 ? null : `${value} ${word}${value === 1 ? "" : "s"}`;
  return (
    [part(hours, "hour"), part(minutes, "minute"), part(seconds, "second")]
      .filter(Boolean)
      .join(" ") || "0 seconds"
  );
}

/** The exam screen's keys, as the help lists them. */
export const EXAM_KEYS: ReadonlyArray<readonly [keys: string, action: string]> = [
  ["1–4 or A–D", "Choose an option"],
  ["N", "Next question (your answer is already saved)"],
  ["P", "Previous question"],
  ["M", "Mark or unmark for review"],
  ["C", "Clear the response"],
  ["Tab to a palette number, then Enter", "Open that question"],
];

const MOCK_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A sitting's id: a UUID. */
export function isMockAttemptId(value: unknown): value is string {
  return typeof value === "string" && MOCK_ID_PATTERN.test(value);
}

/** The sitting's page: a question (`q`), a confirmation, or a part of the results. */
export function mockExamPath(
  id: string,
  params: {
    q?: number;
    confirm?: "submit" | "advance";
    section?: number | "all";
    filter?: string;
    page?: number;
  } = {},
): string {
  const search = new URLSearchParams();
  if (params.q !== undefined) search.set("q", String(params.q + 1));
  if (params.confirm) search.set("confirm", params.confirm);
  if (params.section !== undefined) search.set("section", String(params.section));
  if (params.filter && params.filter !== "all") search.set("filter", params.filter);
  if (params.page && params.page > 1) search.set("page", String(params.page));
  const query = search.toString();
  return `/mock-exams/${id}${query ? `?${query}` : ""}`;
}

/** `?q=` is the question's number as the learner reads it (from 1); null when absent or malformed. */
export function questionFromSearch(search: URLSearchParams): number | null {
  const raw = search.get("q");
  if (!raw || !/^\d{1,3}$/.test(raw)) return null;
  const number = Number(raw);
  return number >= 1 ? number - 1 : null;
}
