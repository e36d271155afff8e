import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseEnv } from "~/env.server";
import { createAiGenerator } from "./index.server";
import { createOfflineGenerator, OFFLINE_PREFIX } from "./offline.server";
import { AiError } from "./types";

const input = (text: string) => ({
  system: "instructions",
  messages: [{ role: "user" as const, text }],
});

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

describe("offline mentor", () => {
  const offline = createOfflineGenerator({ chunkDelayMs: 1 });

  it("streams a reply in several pieces that says it is the offline mentor, not the AI", async () => {
    const chunks = await collect(offline.streamText(input("What is the Frank-Starling law?")));
    expect(chunks.length).toBeGreaterThan(3);
    const reply = chunks.join("");
    expect(reply.startsWith(OFFLINE_PREFIX)).toBe(true);
    expect(reply).toContain("not an answer from the AI mentor");
    expect(reply).toContain('You asked: "What is the Frank-Starling law?"');
    expect(offline).toMatchObject({ kind: "offline", label: "Offline mentor" });
  });

  it("gives the same reply for the same conversation", async () => {
    const first = (await collect(offline.streamText(input("Causes of hyperkalaemia")))).join("");
    const second = (await collect(offline.streamText(input("Causes of hyperkalaemia")))).join("");
    const other = (await collect(offline.streamText(input("Causes of hyponatraemia")))).join("");
    expect(second).toBe(first);
    expect(other).not.toBe(first);
  });

  it("paces its pieces and stops when the signal fires", async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    const slow = createOfflineGenerator({ chunkDelayMs: 30 });
    const started = Date.now();
    await expect(
      (async () => {
        for await (const chunk of slow.streamText({ ...input("Hi"), signal: controller.signal })) {
          chunks.push(chunk);
          if (chunks.length === 2) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ kind: "aborted" });
    expect(chunks).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it("does not make up structured content", async () => {
    const error = await offline
      .generateJson({ system: "s", prompt: "p", schema: z.object({ a: z.string() }) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ kind: "unsupported" });
  });
});

describe("choosing the generator", () => {
  it("uses the offline mentor without a key, in any environment", () => {
    expect(createAiGenerator(parseEnv({ APP_ENV: "local" })).kind).toBe("offline");
    const production = parseEnv({ SESSION_SECRET: "x".repeat(32), GEMINI_API_KEY: " " });
    expect(createAiGenerator(production).kind).toBe("offline");
  });

  it("uses Gemini with a key, naming the model", () => {
    const env = parseEnv({ APP_ENV: "local", GEMINI_API_KEY: "key" });
    expect(env.GEMINI_MODEL).toBe("gemini-2.5-flash");
    expect(createAiGenerator(env)).toMatchObject({
      kind: "gemini",
      label: "Gemini (gemini-2.5-flash)",
    });
    const custom = parseEnv({
      APP_ENV: "local",
      GEMINI_API_KEY: "key",
      GEMINI_MODEL: "gemini-2.5-pro",
    });
    expect(createAiGenerator(custom).label).toBe("Gemini (gemini-2.5-pro)");
  });
});
