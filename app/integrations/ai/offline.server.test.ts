import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseEnv } from "~/env.server";
import { createAiGenerator } from "./index.server";
import { createOfflineGenerator, withBankFallback } from "./offline.server";
import {
  AiError,
  type AiGenerator,
  type BankMentor,
  type BankMentorInput,
  type ReplyOutcome,
} from "./types";

const input = (text: string) => ({
  system: "instructions",
  messages: [{ role: "user" as const, text }],
});

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

/** A mentor that answers with fixed text and records what it was asked. */
function stubMentor(text: string, teaches = true) {
  const asked: BankMentorInput[] = [];
  const mentor: BankMentor = {
    reply: async (input) => {
      asked.push(input);
      return { text, teaches };
    },
  };
  return { mentor, asked };
}

const BANK_TEXT =
  "From the bank: inferior STEMI (II, III, aVF) usually means right coronary artery occlusion.";

describe("offline mentor", () => {
  it("streams the bank mentor's reply in several pieces, for the conversation and mode it was given", async () => {
    const { mentor, asked } = stubMentor(BANK_TEXT);
    const offline = createOfflineGenerator({ mentor, chunkDelayMs: 1 });
    const chunks = await collect(
      offline.streamText({ ...input("Which artery in inferior MI?"), mode: "studyHelp" }),
    );
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.join("")).toBe(BANK_TEXT);
    expect(asked).toEqual([
      { mode: "studyHelp", messages: [{ role: "user", text: "Which artery in inferior MI?" }] },
    ]);
    expect(offline).toMatchObject({ kind: "offline", label: "Offline mentor" });
  });

  it("answers in the general style when no mode is given", async () => {
    const { mentor, asked } = stubMentor(BANK_TEXT);
    await collect(createOfflineGenerator({ mentor, chunkDelayMs: 1 }).streamText(input("Hi")));
    expect(asked[0]?.mode).toBe("general");
  });

  it.each([true, false])(
    "says whether the reply teaches (%s) before its first piece",
    async (teaches) => {
      const { mentor } = stubMentor(BANK_TEXT, teaches);
      const outcomes: ReplyOutcome[] = [];
      const seenBeforeFirst: number[] = [];
      for await (const _chunk of createOfflineGenerator({ mentor, chunkDelayMs: 1 }).streamText({
        ...input("x"),
        onOutcome: (outcome) => outcomes.push(outcome),
      })) {
        seenBeforeFirst.push(outcomes.length);
      }
      expect(outcomes).toEqual([{ source: "bank", teaches }]);
      expect(seenBeforeFirst[0]).toBe(1);
    },
  );

  it("paces its pieces and stops when the signal fires", async () => {
    const controller = new AbortController();
    const chunks: string[] = [];
    const slow = createOfflineGenerator({ mentor: stubMentor(BANK_TEXT).mentor, chunkDelayMs: 30 });
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

  it("fails as a reply failure when the bank cannot be read", async () => {
    const broken: BankMentor = {
      reply: async () => {
        throw new Error("D1 unavailable");
      },
    };
    const error = await collect(
      createOfflineGenerator({ mentor: broken, chunkDelayMs: 1 }).streamText(input("x")),
    ).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "AiError", kind: "failed" });
  });

  it("does not make up structured content", async () => {
    const offline = createOfflineGenerator({ mentor: stubMentor(BANK_TEXT).mentor });
    const error = await offline
      .generateJson({ system: "s", prompt: "p", schema: z.object({ a: z.string() }) })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AiError);
    expect(error).toMatchObject({ kind: "unsupported" });
  });
});

/** A provider that yields `before`, then fails with `failure` (or ends). */
function provider(before: string[], failure: AiError | null): AiGenerator {
  return {
    kind: "gemini",
    label: "Gemini (test)",
    async *streamText() {
      for (const chunk of before) yield chunk;
      if (failure) throw failure;
    },
    generateJson: async <T>() => ({ from: "provider" }) as T,
    async patientReply() {
      if (failure) throw failure;
      return { text: "In character.", factIds: [], source: "model" };
    },
  };
}

describe("the AI mentor with the bank as its fallback", () => {
  const bank = () =>
    createOfflineGenerator({ mentor: stubMentor(BANK_TEXT).mentor, chunkDelayMs: 0 });

  it.each(["connection", "busy", "timeout", "failed"] as const)(
    "answers from the bank when the provider fails (%s) before any text, and says so through the outcome",
    async (kind) => {
      const ai = withBankFallback(provider([], new AiError(kind)), bank());
      const outcomes: ReplyOutcome[] = [];
      const reply = await collect(
        ai.streamText({ ...input("x"), onOutcome: (outcome) => outcomes.push(outcome) }),
      );
      expect(reply.join("")).toBe(BANK_TEXT);
      expect(outcomes).toEqual([{ source: "bank", teaches: true }]);
      expect(ai).toMatchObject({ kind: "gemini", label: "Gemini (test)" });
    },
  );

  it("passes the provider's reply through untouched when it works", async () => {
    const ai = withBankFallback(provider(["Shock is ", "inadequate perfusion."], null), bank());
    const outcomes: ReplyOutcome[] = [];
    const reply = await collect(
      ai.streamText({ ...input("x"), onOutcome: (outcome) => outcomes.push(outcome) }),
    );
    expect(reply).toEqual(["Shock is ", "inadequate perfusion."]);
    expect(outcomes).toEqual([]);
  });

  it.each([
    ["a failure after text arrived", ["Partial "], new AiError("failed"), "failed"],
    ["a blocked or empty reply", [], new AiError("empty"), "empty"],
    ["the learner's Stop", [], new AiError("aborted"), "aborted"],
  ] as const)(
    "keeps %s a failure: nothing from the bank",
    async (_label, before, failure, kind) => {
      const ai = withBankFallback(provider([...before], failure), bank());
      const chunks: string[] = [];
      const error = await (async () => {
        for await (const chunk of ai.streamText(input("x"))) chunks.push(chunk);
      })().catch((caught: unknown) => caught);
      expect(error).toMatchObject({ kind });
      expect(chunks).toEqual([...before]);
    },
  );

  it("leaves structured output to the provider", async () => {
    const ai = withBankFallback(provider([], null), bank());
    expect(
      await ai.generateJson({ system: "s", prompt: "p", schema: z.object({ from: z.string() }) }),
    ).toEqual({ from: "provider" });
  });
});

describe("choosing the generator", () => {
  const sources = { mentor: stubMentor(BANK_TEXT).mentor };

  it("uses the offline mentor without a key, in any environment", () => {
    expect(createAiGenerator(parseEnv({ APP_ENV: "local" }), sources).kind).toBe("offline");
    const production = parseEnv({ SESSION_SECRET: "x".repeat(32), GEMINI_API_KEY: " " });
    expect(createAiGenerator(production, sources).kind).toBe("offline");
  });

  it("uses Gemini with a key, naming the model", () => {
    const env = parseEnv({ APP_ENV: "local", GEMINI_API_KEY: "key" });
    expect(env.GEMINI_MODEL).toBe("gemini-2.5-flash");
    expect(createAiGenerator(env, sources)).toMatchObject({
      kind: "gemini",
      label: "Gemini (gemini-2.5-flash)",
    });
    const custom = parseEnv({
      APP_ENV: "local",
      GEMINI_API_KEY: "key",
      GEMINI_MODEL: "gemini-2.5-pro",
    });
    expect(createAiGenerator(custom, sources).label).toBe("Gemini (gemini-2.5-pro)");
  });
});
