/**
 * Taking a quiz or simulation: the attempt's ids, the answer form,
 * the generation batch sizes, the messages an attempt's steps answer with and
 * the shape of a finished attempt's results. Shared by the screens, the JSON
 * API and the attempt models (app/models/assessment-*.server.ts), where the
 * rules live (docs/api.md, "Quizzes and simulations").
 */
import { z } from "zod";
import { ASSESSMENT_MESSAGES, type AssessmentItem, type AssessmentKind } from "./assessments";

/** `att_` and 24 lower-case hex digits. */
const ATTEMPT_ID_PATTERN = /^att_[0-9a-f]{24}$/;

export function isAttemptId(value: unknown): value is string {
  return typeof value === "string" && ATTEMPT_ID_PATTERN.test(value);
}

export type AttemptStatus = "generating" | "ready" | "completed" | "failed";
export type AttemptOrigin = "new" | "retake" | "retest";

/**
 * Items are generated in batches so question 1 shows within seconds: a small
 * first batch, then larger ones, each stored as it arrives.
 */
export const GENERATION_BATCH = { first: 2, next: 4 } as const;

/** The "past attempts" list: 20 a page by default, at most 100. */
export const ATTEMPT_LIST_DEFAULT_LIMIT = 20;
export const ATTEMPT_LIST_MAX_LIMIT = 100;

/** The kind's path segment in /api/{kinds}/… and its noun in messages. */
export const ASSESSMENT_PATH: Record<AssessmentKind, "quizzes" | "simulations"> = {
  quiz: "quizzes",
  simulation: "simulations",
};

export function kindFromPath(segment: string | undefined): AssessmentKind | null {
  if (segment === "quizzes") return "quiz";
  if (segment === "simulations") return "simulation";
  return null;
}

/** What an attempt's steps answer beside the spec's own messages (ASSESSMENT_MESSAGES). */
export const ATTEMPT_MESSAGES = {
  invalidAttemptId: "Invalid attempt id",
  notGenerated: "This question has not been generated yet.",
  alreadyFinished: "This attempt is finished. Retake it to answer again.",
  notStarted: "There are no questions to answer yet.",
  finishFirst: "Finish this attempt to see your results first.",
  nothingToRetest: "You answered every question correctly, so there is nothing to retest.",
  busy: "This attempt is already being generated. Please wait a moment and try again.",
  questionInvalid: "Please choose a question that is part of this attempt.",
} as const;

/** The failure text of a generation that produced nothing. */
export function failedMessage(kind: AssessmentKind): string {
  return ASSESSMENT_MESSAGES[kind].failed;
}

/** When fewer items than asked could be generated and the generator gave no reason. */
export function shortfallMessage(
  kind: AssessmentKind,
  generated: number,
  requested: number,
  topic: string,
): string {
  const noun = kind === "quiz" ? "questions" : "scenarios";
  return `Only ${generated} of ${requested} ${noun} about ${topic} could be generated.`;
}

/** A whole number sent as a number or as digits (form posts send text). */
const wholeNumber = (message: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,3}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int(message).min(0, message).max(max, message),
  );

/** One answer: the question's index (from 0) and the chosen option (0-3, A-D). */
export const attemptAnswerSchema = z.object({
  index: wholeNumber(ATTEMPT_MESSAGES.questionInvalid, 99),
  choice: wholeNumber(ASSESSMENT_MESSAGES.answerRequired, 3),
});

/** One question of a finished attempt, with the learner's choice and everything that explains it. */
export type ResultItem = {
  index: number;
  question: string;
  options: AssessmentItem["options"];
  case: AssessmentItem["case"];
  /** The learner's choice; null when left unanswered (counted as wrong). */
  choice: number | null;
  correctIndex: number;
  correct: boolean;
  explanations: AssessmentItem["explanations"];
  takeaway: string;
  reference: string | null;
  /** The pool item it came from (the learner can report it), or null for an AI item. */
  bankId: string | null;
};

/** A finished attempt's score and breakdown. */
export type AttemptResults = {
  score: number;
  total: number;
  percentage: number;
  items: ResultItem[];
};
