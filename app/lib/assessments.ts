/**
 * Clinical quizzes and patient simulations: the two
 * kinds, their limits, the item shapes the learner sees and the spec's
 * messages. Shared by the screens, the API and the server models.
 */
import { z } from "zod";
import type { FeatureKey } from "./features";

export const ASSESSMENT_KINDS = ["quiz", "simulation"] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];

/** The usage feature each kind counts against (one generation is one use). */
export const ASSESSMENT_FEATURE: Record<AssessmentKind, FeatureKey> = {
  quiz: "clinicalQuizzes",
  simulation: "clinicalSimulations",
};

/** Quiz questions 1-20 (default 5), simulation scenarios 1-10 (default 5). */
export const ASSESSMENT_LIMITS: Record<
  AssessmentKind,
  { min: number; max: number; default: number }
> = {
  quiz: { min: 1, max: 20, default: 5 },
  simulation: { min: 1, max: 10, default: 5 },
};

/** Topics longer than this are refused. */
export const MAX_TOPIC_LENGTH = 120;

/** Spec wording, verbatim. */
export const ASSESSMENT_MESSAGES = {
  quiz: {
    topicRequired: "Please enter a topic for the quiz.",
    countRange: "Number of questions must be between 1 and 20.",
    failed: "Failed to generate quiz. Please try again.",
    limitFallback: "You have reached your quiz limit for this period.",
    generatedTitle: "Quiz Generated!",
    finish: "Finish Quiz",
  },
  simulation: {
    topicRequired: "Please enter a medical topic or condition for the simulation.",
    countRange: "Number of scenarios must be between 1 and 10.",
    failed: "Failed to generate simulation. Please try again.",
    limitFallback: "You have reached your simulation limit for this period.",
    generatedTitle: "Simulation Generated!",
    finish: "Finish Simulation",
  },
  validationTitle: "Validation Error",
  limitTitle: "Limit Reached",
  accessDeniedTitle: "Access Denied",
  accessDeniedFallback:
    "Unable to access this feature. Please check your subscription or trial status.",
  errorTitle: "Error",
  topicTooLong: `Please keep the topic under ${MAX_TOPIC_LENGTH} characters.`,
  attemptNotFound: "Attempt not found",
  answerRequired: "Please choose an answer.",
} as const;

/** 'Successfully created N questions about' the topic. */
export function generatedMessage(kind: AssessmentKind, count: number, topic: string): string {
  return kind === "quiz"
    ? `Successfully created ${count} questions about ${topic}`
    : `Successfully created ${count} scenarios about ${topic}`;
}

/** What the learner asks for: the form (JavaScript on or off) and the API. */
export function assessmentRequestSchema(kind: AssessmentKind) {
  const messages = ASSESSMENT_MESSAGES[kind];
  const { min, max } = ASSESSMENT_LIMITS[kind];
  return z.object({
    topic: z
      .string({ error: messages.topicRequired })
      .trim()
      .min(1, messages.topicRequired)
      .max(MAX_TOPIC_LENGTH, ASSESSMENT_MESSAGES.topicTooLong),
    // A number in JSON; a form's text is turned into one by the form parser (parseWithZod).
    count: z
      .number({ error: messages.countRange })
      .int(messages.countRange)
      .min(min, messages.countRange)
      .max(max, messages.countRange),
  });
}

/** The patient case shown before a scenario's question. */
export type PatientCase = { history: string; examination: string; results: string };

/**
 * One item as the server keeps it: the question, four options and the
 * correct index, plus why each option is right or wrong, a one-line takeaway,
 * a reference when the offline bank supplied it, and (simulations) the case.
 */
export type AssessmentItem = {
  question: string;
  options: [string, string, string, string];
  correctIndex: number;
  explanations: [string, string, string, string];
  takeaway: string;
  reference: string | null;
  /** Present on simulation scenarios. */
  case: PatientCase | null;
  /** Where it came from: the AI model or the offline question bank (with its id). */
  source: "ai" | "bank";
  bankId: string | null;
};

/** An item while the learner is answering: nothing that gives the answer away. */
export type AssessmentItemView = Pick<AssessmentItem, "question" | "options" | "case"> & {
  /** "bank" when the AI was unavailable (or short) and the question pool answered. */
  source?: AssessmentItem["source"];
};

export function itemView(item: AssessmentItem): AssessmentItemView {
  return { question: item.question, options: item.options, case: item.case, source: item.source };
}

/** What a question or case from the reviewed bank says about where it came from. */
export function bankSourceNote(kind: AssessmentKind): string {
  const noun = kind === "quiz" ? "question" : "case";
  return `The AI is unavailable for this ${noun}: it comes from our question bank.`;
}

export const OPTION_LETTERS = ["A", "B", "C", "D"] as const;

/** A batch of generated items and where they came from. */
export type GeneratedBatch = {
  items: AssessmentItem[];
  /** "ai" when the model supplied them all, "bank" when the offline bank did, "mixed" otherwise. */
  source: "ai" | "bank" | "mixed";
  /** Set when fewer valid items than asked could be found, in words the learner reads. */
  shortfall: string | null;
};

/**
 * The generation contract (app/models/assessment-generation.server.ts): up to
 * `count` valid items on `topic`, none repeating `avoid` (the items already in
 * the attempt: `avoidText(item)` from assessment-generation.server.ts, which
 * is the question, or for a scenario its case history and question, and the
 * bank ids). Resolves with an empty batch rather than
 * throwing when nothing valid could be made.
 */
export type GenerateItems = (input: {
  kind: AssessmentKind;
  topic: string;
  count: number;
  avoid: { questions: string[]; bankIds: string[] };
  signal?: AbortSignal;
}) => Promise<GeneratedBatch>;
