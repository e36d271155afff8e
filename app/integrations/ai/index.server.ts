/**
 * Chooses the generator from the configuration: Gemini when GEMINI_API_KEY is
 * set (in any APP_ENV), otherwise the offline mentor, which says so in every reply.
 */
import type { AppEnv } from "~/env.server";
import { createGeminiGenerator } from "./gemini.server";
import { createOfflineGenerator } from "./offline.server";
import type { AiGenerator } from "./types";

export type { AiGenerator } from "./types";
export { AiError, isAiError } from "./types";

export function createAiGenerator(
  env: Pick<AppEnv, "GEMINI_API_KEY" | "GEMINI_MODEL" | "GEMINI_BASE_URL">,
): AiGenerator {
  if (env.GEMINI_API_KEY) {
    return createGeminiGenerator({
      apiKey: env.GEMINI_API_KEY,
      model: env.GEMINI_MODEL,
      baseUrl: env.GEMINI_BASE_URL,
    });
  }
  return createOfflineGenerator();
}
