/**
 * Chooses the generator from the configuration: Gemini when GEMINI_API_KEY is
 * set (in any APP_ENV), with the question bank answering the chat when the
 * provider fails; otherwise the offline mentor, which answers from the bank.
 */
import type { AppEnv } from "~/env.server";
import { createGeminiGenerator } from "./gemini.server";
import { createOfflineGenerator, withBankFallback } from "./offline.server";
import type { AiGenerator, BankMentor } from "./types";

export type {
  AiGenerator,
  AiMessage,
  BankMentor,
  BankMentorInput,
  BankReply,
  ReplyOutcome,
} from "./types";
export { AiError, isAiError } from "./types";
export type { PatientReply } from "./patient";

export function createAiGenerator(
  env: Pick<AppEnv, "GEMINI_API_KEY" | "GEMINI_MODEL" | "GEMINI_BASE_URL">,
  sources: { mentor: BankMentor },
): AiGenerator {
  const offline = createOfflineGenerator({ mentor: sources.mentor });
  if (env.GEMINI_API_KEY) {
    const gemini = createGeminiGenerator({
      apiKey: env.GEMINI_API_KEY,
      model: env.GEMINI_MODEL,
      baseUrl: env.GEMINI_BASE_URL,
    });
    return withBankFallback(gemini, offline);
  }
  return offline;
}
