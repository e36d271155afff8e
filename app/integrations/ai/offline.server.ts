/**
 * The offline mentor: answers the chat from MedMentor's reviewed question bank
 * when the AI mentor cannot (no Gemini key, or the provider failed). The reply
 * is composed by the bank mentor it is given (app/models/bank-mentor.server.ts,
 * wired in app/load-context.ts) and streamed in pieces like a model's, so
 * Stop, saving, history and metering work the same way. Before its first
 * piece it tells the caller (`onOutcome`) whether the reply teaches anything:
 * a reply that found nothing costs the learner no use.
 */
import { matchedReply } from "./patient";
import {
  AiError,
  isAiError,
  type AiGenerator,
  type BankMentor,
  type StreamTextInput,
} from "./types";

export type OfflineOptions = {
  /** Writes the replies from the question bank. */
  mentor: BankMentor;
  /** Pause between streamed pieces. */
  chunkDelayMs?: number;
  /** Words per streamed piece. */
  wordsPerChunk?: number;
};

/** Splits text into pieces of a few words, keeping every character. */
function chunkWords(text: string, wordsPerChunk: number): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerChunk) {
    chunks.push(words.slice(index, index + wordsPerChunk).join(""));
  }
  return chunks;
}

const stopped = () => new AiError("aborted", "Stopped by the caller");

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(stopped());
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(stopped());
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createOfflineGenerator(options: OfflineOptions): AiGenerator {
  const chunkDelayMs = options.chunkDelayMs ?? 40;
  const wordsPerChunk = options.wordsPerChunk ?? 4;
  return {
    kind: "offline",
    label: "Offline mentor",
    async *streamText(input: StreamTextInput): AsyncGenerator<string> {
      if (input.signal?.aborted) throw stopped();
      let reply;
      try {
        reply = await options.mentor.reply({
          mode: input.mode ?? "general",
          messages: input.messages,
        });
      } catch (error) {
        throw new AiError("failed", "The question bank could not be read", { cause: error });
      }
      input.onOutcome?.({ source: "bank", teaches: reply.teaches });
      const chunks = chunkWords(reply.text, wordsPerChunk);
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0) await pause(chunkDelayMs, input.signal);
        else if (input.signal?.aborted) throw stopped();
        yield chunk;
      }
    },
    async generateJson() {
      throw new AiError("unsupported", "The offline mentor cannot generate structured content");
    },
    // The closest listed history question's answer, by shared words.
    async patientReply(input) {
      return matchedReply(input);
    },
  };
}

/** Failures that mean the provider is unavailable (not a Stop, not a refusal or empty answer). */
const UNAVAILABLE = new Set(["connection", "busy", "timeout", "failed"]);

/**
 * The AI mentor with the bank as its fallback: when the provider fails before
 * any text arrived (down, overloaded, too slow, after its own retries), the
 * reply comes from the question bank instead, and says so in its first
 * sentence. A failure after text arrived stays a failure: no text is sent
 * twice. Structured output is the primary's alone (quizzes have their own
 * fallback to the bank).
 */
export function withBankFallback(primary: AiGenerator, fallback: AiGenerator): AiGenerator {
  return {
    kind: primary.kind,
    label: primary.label,
    async *streamText(input: StreamTextInput): AsyncGenerator<string> {
      let yielded = false;
      try {
        for await (const chunk of primary.streamText(input)) {
          yielded = true;
          yield chunk;
        }
        return;
      } catch (error) {
        const unavailable =
          isAiError(error) && UNAVAILABLE.has(error.kind) && !input.signal?.aborted;
        if (yielded || !unavailable) throw error;
        console.warn(`[ai] ${primary.label} unavailable (${error.kind}), answering from the bank`);
      }
      yield* fallback.streamText(input);
    },
    generateJson: (input) => primary.generateJson(input),
    // A patient always answers: when the model fails for any reason, from the listed questions.
    async patientReply(input) {
      try {
        return await primary.patientReply(input);
      } catch (error) {
        const kind = isAiError(error) ? error.kind : "failed";
        console.warn(`[ai] ${primary.label} patient reply failed (${kind}), matching the list`);
        return fallback.patientReply(input);
      }
    },
  };
}
