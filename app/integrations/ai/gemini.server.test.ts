import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CHAT_ERROR_MESSAGES } from "../../lib/chat-messages";
import { FAKE_GEMINI, fakeDirective } from "../../../tests/fakes/gemini.mjs";
import { createGeminiGenerator, type GeminiOptions } from "./gemini.server";
import { AiError, type AiGenerator } from "./types";

let counter = 0;
const scenarioId = () => `t${Date.now().toString(36)}${(counter++).toString(36)}`;

function gemini(options: Partial<GeminiOptions> = {}): AiGenerator {
  return createGeminiGenerator({
    apiKey: FAKE_GEMINI.apiKey,
    baseUrl: FAKE_GEMINI.origin,
    model: "gemini-test",
    firstTokenTimeoutMs: 2_000,
    totalTimeoutMs: 5_000,
    baseDelayMs: 10,
    maxDelayMs: 40,
    ...options,
  });
}

type Logged = { id: string; model: string; stream: boolean; state: string; body: unknown };

async function fakeRequests(id: string): Promise<Logged[]> {
  const response = await fetch(`${FAKE_GEMINI.origin}/_fake/requests?id=${id}`);
  return (await response.json()) as Logged[];
}

/** The platform's fetch, keeping the signal of every request the adapter makes. */
function recordingFetch() {
  const signals: AbortSignal[] = [];
  const fetcher: typeof fetch = (input, init) => {
    if (init?.signal) signals.push(init.signal);
    return fetch(input, init);
  };
  return { fetcher, signals };
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return chunks;
}

async function failure(promise: Promise<unknown>): Promise<AiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AiError);
    return error as AiError;
  }
  throw new Error("expected the call to fail");
}

const system = "You are a test mentor.";
const ask = (text: string) => [{ role: "user" as const, text }];

describe("Gemini adapter: streaming", () => {
  it("streams the reply in several chunks, in order, through the configured base URL", async () => {
    const id = scenarioId();
    const text = "Beta blockers reduce heart rate and contractility.";
    const chunks = await collect(
      gemini().streamText({
        system,
        messages: ask(`Explain beta blockers ${fakeDirective({ id, chunks: 4, text })}`),
      }),
    );
    expect(chunks.length).toBe(4);
    expect(chunks.join("")).toBe(text);
    const [request] = await fakeRequests(id);
    expect(request).toMatchObject({ model: "gemini-test", stream: true, state: "done" });
    // The instruction travels as systemInstruction; the learner's text only as user content.
    expect(request?.body).toMatchObject({
      systemInstruction: { parts: [{ text: system }] },
      contents: [{ role: "user" }],
    });
    expect(
      JSON.stringify((request?.body as { systemInstruction: unknown }).systemInstruction),
    ).not.toContain("beta blockers");
  });

  it("hands each chunk on as soon as it arrives", async () => {
    const id = scenarioId();
    const stream = gemini().streamText({
      system,
      messages: ask(fakeDirective({ id, chunks: 3, delay: 300, text: "one two three" })),
    });
    const started = Date.now();
    const iterator = stream[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.value).toBeTruthy();
    expect(Date.now() - started).toBeLessThan(300);
    const rest: string[] = [];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      rest.push(next.value);
    }
    expect([first.value, ...rest].join("")).toBe("one two three");
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
  });

  it("retries 429 and 5xx answers before the first token, then streams the reply", async () => {
    for (const status of [429, 500, 503]) {
      const id = scenarioId();
      const chunks = await collect(
        gemini().streamText({
          system,
          messages: ask(fakeDirective({ id, fail: `${status}x2`, text: "Recovered." })),
        }),
      );
      expect(chunks.join("")).toBe("Recovered.");
      expect(await fakeRequests(id)).toHaveLength(3);
    }
  });

  it("gives up after the attempt bound with the high-demand error", async () => {
    const id = scenarioId();
    const error = await failure(
      collect(gemini().streamText({ system, messages: ask(fakeDirective({ id, fail: "429" })) })),
    );
    expect(error.kind).toBe("busy");
    expect(error.status).toBe(429);
    expect(error.userMessage).toBe(CHAT_ERROR_MESSAGES.busy);
    expect(await fakeRequests(id)).toHaveLength(3);
  });

  it("does not retry other client errors", async () => {
    const id = scenarioId();
    const error = await failure(
      collect(gemini().streamText({ system, messages: ask(fakeDirective({ id, fail: "400" })) })),
    );
    expect(error.kind).toBe("failed");
    expect(await fakeRequests(id)).toHaveLength(1);
  });

  it("never retries once text was handed on, so nothing is sent twice", async () => {
    const id = scenarioId();
    const chunks: string[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of gemini().streamText({
          system,
          messages: ask(fakeDirective({ id, chunks: 3, midstream: 503, text: "Partial answer" })),
        })) {
          chunks.push(chunk);
        }
      })(),
    );
    expect(chunks.length).toBe(1);
    expect(error.kind).toBe("busy");
    expect(await fakeRequests(id)).toHaveLength(1);
  });

  it("treats an empty or blocked reply as the spec's empty-reply error", async () => {
    for (const flag of ["empty", "nocandidates", "blocked"]) {
      const id = scenarioId();
      const error = await failure(
        collect(
          gemini().streamText({ system, messages: ask(fakeDirective({ id, [flag]: true })) }),
        ),
      );
      expect(error.kind).toBe("empty");
      expect(error.userMessage).toBe("Sorry, I could not get a response. Please try again.");
      expect(await fakeRequests(id)).toHaveLength(1);
    }
  });

  it("reports a failed connection as a connection error, without retrying", async () => {
    let attempts = 0;
    const unreachable = async () => {
      attempts++;
      throw new TypeError("Network connection lost.");
    };
    const error = await failure(
      collect(gemini({ fetch: unreachable }).streamText({ system, messages: ask("Hello") })),
    );
    expect(attempts).toBe(1);
    expect(error.kind).toBe("connection");
    expect(error.userMessage).toBe(CHAT_ERROR_MESSAGES.connection);
  });

  it("aborts the provider request when the caller's signal fires mid-reply", async () => {
    const id = scenarioId();
    const controller = new AbortController();
    const { fetcher, signals } = recordingFetch();
    const chunks: string[] = [];
    const started = Date.now();
    const error = await failure(
      (async () => {
        for await (const chunk of gemini({ fetch: fetcher }).streamText({
          system,
          messages: ask(fakeDirective({ id, hang: "after", text: "Never finishes" })),
          signal: controller.signal,
        })) {
          chunks.push(chunk);
          controller.abort();
        }
      })(),
    );
    expect(error.kind).toBe("aborted");
    expect(chunks).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it("aborts the provider request when the reader stops early", async () => {
    const id = scenarioId();
    const { fetcher, signals } = recordingFetch();
    for await (const chunk of gemini({ fetch: fetcher }).streamText({
      system,
      messages: ask(fakeDirective({ id, hang: "after", text: "Never finishes" })),
    })) {
      expect(chunk).toBeTruthy();
      expect(signals[0]?.aborted).toBe(false);
      break;
    }
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it("stops waiting for the first token after the deadline", async () => {
    const id = scenarioId();
    const { fetcher, signals } = recordingFetch();
    const started = Date.now();
    const error = await failure(
      collect(
        gemini({ firstTokenTimeoutMs: 200, fetch: fetcher }).streamText({
          system,
          messages: ask(fakeDirective({ id, hang: "before" })),
        }),
      ),
    );
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(1_500);
    // A timeout is not retried, and the request is not left running.
    expect(signals).toHaveLength(1);
    expect(signals[0]?.aborted).toBe(true);
  });

  it("caps the whole reply's duration", async () => {
    const id = scenarioId();
    const chunks: string[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of gemini({ totalTimeoutMs: 300 }).streamText({
          system,
          messages: ask(fakeDirective({ id, hang: "after" })),
        })) {
          chunks.push(chunk);
        }
      })(),
    );
    expect(error.kind).toBe("timeout");
    expect(chunks).toHaveLength(1);
  });

  it("fails at once when the signal was already aborted", async () => {
    const id = scenarioId();
    const error = await failure(
      collect(
        gemini().streamText({
          system,
          messages: ask(fakeDirective({ id })),
          signal: AbortSignal.abort(),
        }),
      ),
    );
    expect(error.kind).toBe("aborted");
  });
});

describe("Gemini adapter: structured output", () => {
  const Question = z.object({
    question: z.string().min(1),
    options: z.array(z.string()).length(4),
    correctIndex: z.number().int().min(0).max(3),
  });

  it("asks for JSON against the schema and returns the validated data", async () => {
    const id = scenarioId();
    const reply = {
      question: "First-line drug for anaphylaxis?",
      options: ["Adrenaline", "Atropine", "Amiodarone", "Aspirin"],
      correctIndex: 0,
    };
    const data = await gemini().generateJson({
      system,
      prompt: `One question ${fakeDirective({ id, text: JSON.stringify(reply) })}`,
      schema: Question,
    });
    expect(data).toEqual(reply);
    const [request] = await fakeRequests(id);
    expect(request).toMatchObject({
      stream: false,
      body: {
        generationConfig: {
          responseMimeType: "application/json",
          responseJsonSchema: { type: "object", required: ["question", "options", "correctIndex"] },
        },
      },
    });
  });

  it("rejects replies that are not JSON or do not match the schema", async () => {
    for (const text of [
      "not json",
      JSON.stringify({ question: "Q", options: ["a"], correctIndex: 9 }),
    ]) {
      const error = await failure(
        gemini().generateJson({
          system,
          prompt: fakeDirective({ id: scenarioId(), text }),
          schema: Question,
        }),
      );
      expect(error.kind).toBe("failed");
    }
  });

  it("retries 5xx, and treats an empty reply as the empty-reply error", async () => {
    const id = scenarioId();
    const data = await gemini().generateJson({
      system,
      prompt: fakeDirective({ id, fail: "500x1", text: JSON.stringify({ ok: true }) }),
      schema: z.object({ ok: z.boolean() }),
    });
    expect(data).toEqual({ ok: true });
    expect(await fakeRequests(id)).toHaveLength(2);

    const error = await failure(
      gemini().generateJson({
        system,
        prompt: fakeDirective({ id: scenarioId(), empty: true }),
        schema: z.object({ ok: z.boolean() }),
      }),
    );
    expect(error.kind).toBe("empty");
  });
});
