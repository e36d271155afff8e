/**
 * The offline mentor, used when no Gemini key is configured: no network, the
 * same reply for the same conversation, streamed in several pieces so every
 * path of the chat (streaming, Stop, saving, history, metering) works on a
 * fresh clone and in tests. Its text says plainly that it is not the AI.
 */
import { AiError, type AiGenerator, type StreamTextInput } from "./types";

export const OFFLINE_PREFIX = "Offline mentor (no AI key configured):";

const TIPS = [
  "Active recall beats rereading: close the book and write down what you remember.",
  "Spaced repetition works: review today, in three days, then in a week.",
  "Draw it: a quick flowchart of a pathway is easier to recall than a paragraph.",
  "Practice questions show you what you do not know yet; review every wrong answer.",
  "Teach it to a friend in two minutes; the gaps show up quickly.",
];

export type OfflineOptions = {
  /** Pause between streamed pieces. */
  chunkDelayMs?: number;
  /** Words per streamed piece. */
  wordsPerChunk?: number;
};

/** A small stable hash, so the tip depends only on the question. */
function hash(text: string): number {
  let value = 2166136261;
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

function quote(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > 160 ? `${flat.slice(0, 157)}...` : flat;
}

/** The whole offline reply for a conversation. */
function offlineReply(input: Pick<StreamTextInput, "messages">): string {
  const question = [...input.messages].reverse().find((message) => message.role === "user");
  const asked = question ? quote(question.text) : "";
  const tip = TIPS[hash(asked) % TIPS.length];
  return [
    `${OFFLINE_PREFIX} this is a fixed practice reply, not an answer from the AI mentor.`,
    "",
    asked ? `You asked: "${asked}"` : "You did not ask anything yet.",
    "",
    `Study tip: ${tip}`,
    "",
    "Ask the administrator to set GEMINI_API_KEY for real answers. For education only, not medical advice.",
  ].join("\n");
}

/** Splits text into pieces of a few words, keeping every character. */
function chunkWords(text: string, wordsPerChunk: number): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += wordsPerChunk) {
    chunks.push(words.slice(index, index + wordsPerChunk).join(""));
  }
  return chunks;
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AiError("aborted", "Stopped by the caller"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AiError("aborted", "Stopped by the caller"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

export function createOfflineGenerator(options: OfflineOptions = {}): AiGenerator {
  const chunkDelayMs = options.chunkDelayMs ?? 40;
  const wordsPerChunk = options.wordsPerChunk ?? 4;
  return {
    kind: "offline",
    label: "Offline mentor",
    async *streamText(input) {
      const chunks = chunkWords(offlineReply(input), wordsPerChunk);
      for (const [index, chunk] of chunks.entries()) {
        if (index > 0) await pause(chunkDelayMs, input.signal);
        else if (input.signal?.aborted) throw new AiError("aborted", "Stopped by the caller");
        yield chunk;
      }
    },
    async generateJson() {
      throw new AiError("unsupported", "The offline mentor cannot generate structured content");
    },
  };
}
