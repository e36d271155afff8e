/**
 * One interface for text generation, used by the mentor chat and by quiz and
 * simulation generation: streamed text, and structured output checked
 * against a zod schema. Adapters: Gemini (gemini.server.ts) and the offline
 * mentor (offline.server.ts), chosen in index.server.ts.
 */
import type { z } from "zod";
import type { PatientReply, PatientReplyInput } from "./patient";
import type { ChatFunction } from "../../lib/chat-functions";
import { CHAT_ERROR_MESSAGES, type ChatErrorKind } from "../../lib/chat-messages";

export const DEFAULT_GEMINI_MODEL = "gemini-2.5-flash";

/** One turn of a conversation as the model sees it. */
export type AiMessage = { role: "user" | "model"; text: string };

export type StreamTextInput = {
  /** The mentor's instructions; never contains user text. */
  system: string;
  /** The conversation, oldest first, ending with the learner's message. */
  messages: AiMessage[];
  /** Aborting it (Stop, the learner leaving) cancels the provider request. */
  signal?: AbortSignal;
  /** The chat function the reply is for; the bank mentor answers in its style (default general). */
  mode?: ChatFunction;
  /** Told, before the first text, when the reply is composed from the question bank instead of a model. */
  onOutcome?: (outcome: ReplyOutcome) => void;
};

/**
 * What a stream reports (through `onOutcome`) when it is not a model's own
 * answer: a reply composed from the reviewed question bank (no AI key, or the
 * provider failed), and whether it teaches anything. A reply that found
 * nothing to teach costs the learner no use.
 */
export type ReplyOutcome = { source: "bank"; teaches: boolean };

/** The conversation the bank mentor answers. */
export type BankMentorInput = { mode: ChatFunction; messages: AiMessage[] };

/** A reply written from the reviewed question bank, and whether it teaches anything. */
export type BankReply = { text: string; teaches: boolean };

/** Composes replies from the reviewed question bank (app/models/bank-mentor.server.ts). */
export interface BankMentor {
  reply(input: BankMentorInput): Promise<BankReply>;
}

export type GenerateJsonInput<T> = {
  system: string;
  prompt: string;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

export interface AiGenerator {
  readonly kind: "gemini" | "offline";
  /** Shown beside replies, e.g. "Gemini (gemini-2.5-flash)" or "Offline mentor". */
  readonly label: string;
  /** The reply as text deltas, in order. Throws AiError. */
  streamText(input: StreamTextInput): AsyncIterable<string>;
  /** A reply that parses as JSON and satisfies the schema. Throws AiError. */
  generateJson<T>(input: GenerateJsonInput<T>): Promise<T>;
  /** A virtual patient's answer to a free-text history question (case studies). Throws AiError. */
  patientReply(input: PatientReplyInput): Promise<PatientReply>;
}

/**
 * Why a generation failed. `userMessage` is what the chat shows and saves;
 * the Error message carries the technical detail for the log.
 */
export class AiError extends Error {
  readonly userMessage: string;
  /** The provider's HTTP status, when it answered with one. */
  readonly status?: number;
  constructor(
    readonly kind: ChatErrorKind,
    detail?: string,
    options?: { cause?: unknown; status?: number },
  ) {
    super(detail ?? CHAT_ERROR_MESSAGES[kind], { cause: options?.cause });
    this.name = "AiError";
    this.userMessage = CHAT_ERROR_MESSAGES[kind];
    this.status = options?.status;
  }
}

/**
 * Whether `error` is an AiError. Not `instanceof` alone: the worker builds the
 * generator from its own bundle (workers/app.ts → app/load-context.ts) while
 * the routes run from the Remix build, so each has its own copy of the class.
 */
export function isAiError(error: unknown): error is AiError {
  if (error instanceof AiError) return true;
  return (
    error instanceof Error &&
    error.name === "AiError" &&
    typeof (error as Partial<AiError>).kind === "string" &&
    (error as Partial<AiError>).kind! in CHAT_ERROR_MESSAGES
  );
}
