/**
 * The Gemini adapter (server only, @google/genai). The key travels in a header
 * from this server to Google or to the gateway at GEMINI_BASE_URL; the browser
 * only ever talks to MedMentor.
 *
 * Failures are bounded: a deadline for the first token and one for the whole
 * reply; 429 and 5xx answers are retried with exponential backoff and full
 * jitter, but only before any text was handed on, so no text is ever sent
 * twice; the caller's AbortSignal (Stop, the learner leaving) and any early
 * stop of the iteration abort the provider request.
 */
import { ApiError, GoogleGenAI, type GenerateContentResponse } from "@google/genai";
import { z } from "zod";
import {
  type PatientReply,
  type PatientReplyInput,
  patientReplySchema,
  patientSystemPrompt,
} from "./patient";
import {
  AiError,
  DEFAULT_GEMINI_MODEL,
  type AiGenerator,
  type AiMessage,
  type GenerateJsonInput,
} from "./types";

export type GeminiOptions = {
  apiKey: string;
  model?: string;
  /** A gateway or a local fake speaking Gemini's REST API. */
  baseUrl?: string;
  /** Until the first text arrives (per attempt). */
  firstTokenTimeoutMs?: number;
  /** For the whole call, retries included. */
  totalTimeoutMs?: number;
  /** Attempts in all, the first included. */
  maxAttempts?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The HTTP client; the platform's fetch unless given. */
  fetch?: typeof fetch;
  /** Source of jitter in [0, 1). */
  random?: () => number;
};

const DEFAULTS = {
  firstTokenTimeoutMs: 30_000,
  totalTimeoutMs: 120_000,
  maxAttempts: 3,
  baseDelayMs: 500,
  maxDelayMs: 4_000,
};

/** Finish reasons that mean the model refused or was stopped by a filter. */
const BLOCKED_FINISH_REASONS = new Set([
  "SAFETY",
  "RECITATION",
  "BLOCKLIST",
  "PROHIBITED_CONTENT",
  "SPII",
  "IMAGE_SAFETY",
  "LANGUAGE",
  "MALFORMED_FUNCTION_CALL",
  "OTHER",
]);

type Attempt = {
  signal: AbortSignal;
  /** Stops the first-token deadline once text arrives. */
  gotFirstToken: () => void;
  dispose: () => void;
};

/** Why the current call's controller fired, so the error can say so. */
type StopReason = "caller" | "total-timeout" | "first-token-timeout" | "done";

export function createGeminiGenerator(options: GeminiOptions): AiGenerator {
  const model = options.model ?? DEFAULT_GEMINI_MODEL;
  const settings = { ...DEFAULTS, ...definedOnly(options) };
  const random = options.random ?? Math.random;
  const client = new GoogleGenAI({
    apiKey: options.apiKey,
    // v1beta carries system instructions and JSON-schema output. No SDK-level
    // retries: this adapter decides when a retry is safe.
    httpOptions: {
      apiVersion: "v1beta",
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  });

  /** One call's cancellation: the caller's signal plus the overall deadline. */
  function startCall(callerSignal: AbortSignal | undefined) {
    const controller = new AbortController();
    let reason: StopReason | null = null;
    const stop = (why: StopReason) => {
      if (reason) return;
      reason = why;
      controller.abort(new DOMException(`Gemini call stopped: ${why}`, "AbortError"));
    };
    const onCallerAbort = () => stop("caller");
    if (callerSignal?.aborted) stop("caller");
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    const totalTimer = setTimeout(() => stop("total-timeout"), settings.totalTimeoutMs);

    function attempt(): Attempt {
      const attemptController = new AbortController();
      const onCallAbort = () => attemptController.abort(controller.signal.reason);
      if (controller.signal.aborted) onCallAbort();
      controller.signal.addEventListener("abort", onCallAbort, { once: true });
      let firstTokenTimer: ReturnType<typeof setTimeout> | undefined = setTimeout(
        () => stop("first-token-timeout"),
        settings.firstTokenTimeoutMs,
      );
      const clearFirstToken = () => {
        if (firstTokenTimer !== undefined) clearTimeout(firstTokenTimer);
        firstTokenTimer = undefined;
      };
      return {
        signal: attemptController.signal,
        gotFirstToken: clearFirstToken,
        /** Ends the attempt; a request still open (an early stop, a failure) is aborted. */
        dispose: () => {
          clearFirstToken();
          controller.signal.removeEventListener("abort", onCallAbort);
          attemptController.abort(new DOMException("Gemini attempt ended", "AbortError"));
        },
      };
    }

    return {
      signal: controller.signal,
      reason: () => reason,
      attempt,
      /** Ends the call; aborts anything still in flight (an early stop of the reader). */
      finish: () => {
        clearTimeout(totalTimer);
        callerSignal?.removeEventListener("abort", onCallerAbort);
        stop("done");
      },
    };
  }

  type Call = ReturnType<typeof startCall>;

  /** Turns whatever was thrown into an AiError, honouring why the call stopped. */
  function toAiError(error: unknown, call: Call): AiError {
    if (error instanceof AiError) return error;
    const reason = call.reason();
    if (reason === "caller")
      return new AiError("aborted", "Stopped by the caller", { cause: error });
    if (reason === "total-timeout" || reason === "first-token-timeout") {
      return new AiError("timeout", `Gemini ${reason}`, { cause: error });
    }
    if (error instanceof ApiError) {
      const kind = error.status === 429 || error.status === 503 ? "busy" : "failed";
      return new AiError(kind, `Gemini answered ${error.status}: ${error.message}`, {
        cause: error,
        status: error.status,
      });
    }
    const message = error instanceof Error ? error.message : String(error);
    // The platform's fetch rejects (TypeError "Network connection lost.", "fetch failed").
    if (error instanceof TypeError || /network|connection|fetch failed/i.test(message)) {
      return new AiError("connection", `Gemini unreachable: ${message}`, { cause: error });
    }
    return new AiError("failed", `Gemini call failed: ${message}`, { cause: error });
  }

  function retryable(error: AiError): boolean {
    return error.status === 429 || (error.status !== undefined && error.status >= 500);
  }

  /** Waits before retry `attemptNumber` (1-based), or rejects when the call stops. */
  function backoff(attemptNumber: number, signal: AbortSignal): Promise<void> {
    const ceiling = Math.min(settings.maxDelayMs, settings.baseDelayMs * 2 ** (attemptNumber - 1));
    const delay = Math.floor(random() * ceiling);
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, delay);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  async function* streamText({
    system,
    messages,
    signal,
  }: {
    system: string;
    messages: AiMessage[];
    signal?: AbortSignal;
  }): AsyncGenerator<string> {
    const call = startCall(signal);
    let yielded = false;
    try {
      for (let attemptNumber = 1; ; attemptNumber++) {
        const attempt = call.attempt();
        try {
          const stream = await client.models.generateContentStream({
            model,
            contents: toContents(messages),
            config: { systemInstruction: system, abortSignal: attempt.signal },
          });
          let blocked: string | null = null;
          for await (const chunk of stream) {
            blocked = blockedReason(chunk) ?? blocked;
            const text = textOf(chunk);
            if (!text) continue;
            attempt.gotFirstToken();
            yielded = true;
            yield text;
          }
          if (blocked) throw new AiError("empty", `Gemini reply blocked: ${blocked}`);
          if (!yielded) throw new AiError("empty", "Gemini returned no text");
          return;
        } catch (error) {
          const failure = toAiError(error, call);
          if (yielded || !retryable(failure) || attemptNumber >= settings.maxAttempts) {
            throw failure;
          }
          try {
            await backoff(attemptNumber, call.signal);
          } catch (stopped) {
            throw toAiError(stopped, call);
          }
        } finally {
          attempt.dispose();
        }
      }
    } finally {
      call.finish();
    }
  }

  async function generateJson<T>({ system, prompt, schema, signal }: GenerateJsonInput<T>) {
    const call = startCall(signal);
    try {
      for (let attemptNumber = 1; ; attemptNumber++) {
        const attempt = call.attempt();
        try {
          const response = await client.models.generateContent({
            model,
            contents: [{ role: "user", parts: [{ text: prompt }] }],
            config: {
              systemInstruction: system,
              responseMimeType: "application/json",
              responseJsonSchema: jsonSchemaOf(schema),
              abortSignal: attempt.signal,
            },
          });
          const blocked = blockedReason(response);
          if (blocked) throw new AiError("empty", `Gemini reply blocked: ${blocked}`);
          const text = textOf(response);
          if (!text.trim()) throw new AiError("empty", "Gemini returned no text");
          return parseJsonReply(text, schema);
        } catch (error) {
          const failure = toAiError(error, call);
          if (!retryable(failure) || attemptNumber >= settings.maxAttempts) throw failure;
          try {
            await backoff(attemptNumber, call.signal);
          } catch (stopped) {
            throw toAiError(stopped, call);
          }
        } finally {
          attempt.dispose();
        }
      }
    } finally {
      call.finish();
    }
  }

  /** The patient in character, from the case's facts; the fact ids it used, checked against them. */
  async function patientReply(input: PatientReplyInput): Promise<PatientReply> {
    const reply = await generateJson({
      system: patientSystemPrompt(input),
      prompt: input.question,
      schema: patientReplySchema,
      signal: input.signal,
    });
    const known = new Set(input.facts.map((fact) => fact.id));
    return {
      text: reply.answer.trim(),
      factIds: reply.factIds.filter((id) => known.has(id)),
      source: "model",
    };
  }

  return {
    kind: "gemini",
    label: `Gemini (${model})`,
    streamText,
    generateJson,
    patientReply,
  };
}

/** Gemini's contents: alternating user and model turns, starting with the user. */
function toContents(messages: AiMessage[]) {
  const contents: { role: "user" | "model"; parts: { text: string }[] }[] = [];
  for (const message of messages) {
    const last = contents.at(-1);
    if (!last && message.role === "model") continue;
    if (last?.role === message.role) last.parts.push({ text: message.text });
    else contents.push({ role: message.role, parts: [{ text: message.text }] });
  }
  return contents;
}

/** The first candidate's text, without the model's hidden reasoning parts. */
function textOf(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => typeof part.text === "string" && !part.thought)
    .map((part) => part.text)
    .join("");
}

function blockedReason(response: GenerateContentResponse): string | null {
  const promptBlock = response.promptFeedback?.blockReason;
  if (promptBlock) return `prompt ${promptBlock}`;
  const finish = response.candidates?.[0]?.finishReason;
  return finish && BLOCKED_FINISH_REASONS.has(finish) ? `finish ${finish}` : null;
}

function jsonSchemaOf(schema: z.ZodType): unknown {
  const { $schema: _ignored, ...jsonSchema } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    unrepresentable: "any",
  });
  return jsonSchema;
}

/** Parses a structured reply; anything that is not valid JSON for the schema is an error. */
function parseJsonReply<T>(text: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new AiError("failed", "Reply is not valid JSON", { cause: error });
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    throw new AiError("failed", `Reply does not match the schema: ${result.error.message}`, {
      cause: result.error,
    });
  }
  return result.data;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined),
  ) as Partial<T>;
}
