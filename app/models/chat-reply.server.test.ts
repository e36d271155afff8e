/**
 * The mentor reply pipeline with both generators: the offline mentor (what
 * the app's context builds without a key) and Gemini through the fake that
 * speaks its REST wire format. What the model was sent per mode, what is
 * saved, and what a learner on the trial is charged in every outcome.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { createAiGenerator, type AiGenerator } from "~/integrations/ai/index.server";
import { createGeminiGenerator } from "~/integrations/ai/gemini.server";
import { createOfflineGenerator, withBankFallback } from "~/integrations/ai/offline.server";
import { CHAT_FUNCTION_LABELS, CHAT_FUNCTIONS, type ChatFunction } from "~/lib/chat-functions";
import { CHAT_ERROR_MESSAGES } from "~/lib/chat-messages";
import { newChatSessionId } from "~/lib/chat-session";
import { TRIAL } from "~/lib/features";
import { FAKE_GEMINI, fakeDirective } from "../../tests/fakes/gemini.mjs";
import { makeUser } from "../../tests/support/auth";
import { appEnv, makePromo, paymentDeps, usageTestDeps } from "../../tests/support/payments";
import { BANK_OPENING, createBankMentor } from "./bank-mentor.server";
import { getChatSession, saveChatMessage } from "./chat.server";
import {
  type ChatReplyDeps,
  type ReplyEvent,
  type ReplyRequest,
  startReply,
} from "./chat-reply.server";
import { createOrder } from "./payments.server";
import { startTrial } from "./subscription.server";
import { getAccessSummary, recordUse } from "./usage.server";

vi.setConfig({ testTimeout: 30_000 });

const db = () => createDb(env.DB);

/** The offline generator the app's context builds when no Gemini key is configured, unpaced. */
function offline(): AiGenerator {
  const mentor = createBankMentor(db());
  // Without a key the app builds the offline generator; here it streams without the 40 ms
  // between pieces that makes it read like a stream in the browser (the pieces are the same).
  expect(createAiGenerator(appEnv(), { mentor }).kind).toBe("offline");
  return createOfflineGenerator({ mentor, chunkDelayMs: 1 });
}

/** Gemini as the app's context builds it: the question bank answers when it fails. */
function geminiWithBank(): AiGenerator {
  return withBankFallback(gemini(), offline());
}

function gemini(): AiGenerator {
  return createGeminiGenerator({
    apiKey: FAKE_GEMINI.apiKey,
    baseUrl: FAKE_GEMINI.origin,
    model: "gemini-test",
    firstTokenTimeoutMs: 3_000,
    totalTimeoutMs: 8_000,
    baseDelayMs: 5,
    maxDelayMs: 20,
  });
}

function replyDeps(ai: AiGenerator): ChatReplyDeps {
  return { db: db(), ai, usage: usageTestDeps() };
}

let scenarios = 0;
const scenarioId = () => `reply${Date.now().toString(36)}${(scenarios += 1)}`;

type Logged = { id: string; state: string; body: GeminiBody };
type GeminiBody = {
  systemInstruction: { parts: { text: string }[] };
  contents: { role: string; parts: { text: string }[] }[];
};

/** What the fake Gemini received for a scenario. */
async function fakeRequests(id: string): Promise<Logged[]> {
  const response = await fetch(`${FAKE_GEMINI.origin}/_fake/requests?id=${id}`);
  return (await response.json()) as Logged[];
}

async function trialLearner() {
  const user = await makeUser({ password: null });
  await startTrial(db(), user.id, Date.now());
  return user;
}

/** A plan granted through a 100 % code (the free path of a real order). */
async function subscribe(userId: string) {
  const code = await makePromo({ basisPoints: 10_000 });
  const buyer = { id: userId, firstName: "Priya", lastName: "Sharma", email: "p@example.com" };
  const granted = await createOrder(paymentDeps(null), buyer, { planId: "plus", promoCode: code });
  if (!granted.ok || granted.kind !== "free") throw new Error(JSON.stringify(granted));
}

/** chatMessages uses counted for the learner now (reserved or committed). */
async function chatUses(userId: string): Promise<number> {
  const summary = await getAccessSummary(usageTestDeps(), userId, { fresh: true });
  return summary.usage.find((entry) => entry.feature === "chatMessages")?.used ?? 0;
}

type Send = Partial<ReplyRequest> & { text: string };

/** Starts a reply and reads it to the end; `onEvent` may abort the signal. */
async function reply(
  deps: ChatReplyDeps,
  userId: string,
  send: Send,
  options: { signal?: AbortSignal; onEvent?: (event: ReplyEvent) => void } = {},
) {
  const request: ReplyRequest = {
    sessionId: send.sessionId ?? newChatSessionId(),
    function: send.function ?? "general",
    text: send.text,
    clientKey: send.clientKey,
  };
  const started = await startReply(deps, userId, request, options.signal);
  if (started.status !== "started") throw new Error(`reply not started: ${started.status}`);
  const events: ReplyEvent[] = [];
  for await (const event of started.events) {
    events.push(event);
    options.onEvent?.(event);
  }
  const session = await getChatSession(deps.db, userId, request.sessionId);
  return {
    events,
    sessionId: request.sessionId,
    session,
    messages: (session?.messages ?? []).map((message) => ({
      type: message.type,
      text: message.text,
      status: message.status,
    })),
    deltas: events.flatMap((event) => (event.type === "delta" ? [event.text] : [])),
  };
}

describe("a reply from the offline mentor (no key configured)", () => {
  it("streams in pieces, saves both messages and charges the trial one use", async () => {
    const user = await trialLearner();
    const deps = replyDeps(offline());
    const { events, deltas, messages, session } = await reply(deps, user.id, {
      text: "What is the Frank-Starling law?",
      function: "studyHelp",
    });
    expect(events[0]).toMatchObject({
      type: "ready",
      mentor: "Offline mentor",
      usage: { accessType: "trial", used: 1, limit: TRIAL.usesPerFeature, remaining: 4 },
      // A new conversation is announced with the title its first message gives it.
      session: { title: "What is the Frank-Starling law?", function: "studyHelp", messageCount: 0 },
    });
    expect(deltas.length).toBeGreaterThan(3);
    const text = deltas.join("");
    expect(text.startsWith(BANK_OPENING)).toBe(true);
    // The bank's teaching on the preload-stroke volume relation, with its source.
    expect(text).toContain("Frank-Starling mechanism");
    expect(text).toContain("_Reference: Guyton and Hall");
    expect(events.at(-1)).toMatchObject({ type: "done", message: { text, status: "complete" } });
    expect(messages).toEqual([
      { type: "user", text: "What is the Frank-Starling law?", status: "complete" },
      { type: "bot", text, status: "complete" },
    ]);
    expect(session).toMatchObject({
      title: "What is the Frank-Starling law?",
      function: "studyHelp",
      messageCount: 2,
    });
    expect(await chatUses(user.id)).toBe(1);
  });

  it("keeps what arrived when stopped after the first piece, and charges one use", async () => {
    const user = await trialLearner();
    const controller = new AbortController();
    const { events, deltas, messages } = await reply(
      replyDeps(offline()),
      user.id,
      { text: "Explain the cardiac cycle" },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "delta") controller.abort();
        },
      },
    );
    expect(deltas).toHaveLength(1);
    expect(events.map((event) => event.type)).toEqual(["ready", "delta"]);
    expect(messages).toEqual([
      { type: "user", text: "Explain the cardiac cycle", status: "complete" },
      { type: "bot", text: deltas[0], status: "stopped" },
    ]);
    expect(await chatUses(user.id)).toBe(1);
  });

  it("starts nothing for a learner without a plan or trial, or in someone else's conversation", async () => {
    const deps = replyDeps(offline());
    const nobody = await makeUser({ password: null });
    const sessionId = newChatSessionId();
    expect(
      await startReply(deps, nobody.id, { sessionId, text: "Hi", function: "general" }),
    ).toEqual({ status: "no-access" });
    expect(await getChatSession(deps.db, nobody.id, sessionId)).toBeNull();

    const owner = await trialLearner();
    const owned = await reply(deps, owner.id, { text: "My own question" });
    const intruder = await trialLearner();
    expect(
      await startReply(deps, intruder.id, {
        sessionId: owned.sessionId,
        text: "Let me in",
        function: "general",
      }),
    ).toEqual({ status: "not-found" });
    expect((await getChatSession(deps.db, owner.id, owned.sessionId))?.messages).toHaveLength(2);
    expect(await chatUses(intruder.id)).toBe(0);
  });
});

describe("the offline mentor's replies and what they cost", () => {
  it("saves a reply that found nothing in the bank, and charges the trial nothing", async () => {
    const user = await trialLearner();
    const { events, messages } = await reply(replyDeps(offline()), user.id, {
      text: "What is the capital of France?",
    });
    const text = messages.at(-1)!.text;
    expect(text.startsWith(BANK_OPENING)).toBe(true);
    expect(text).toContain('I couldn\'t find anything on "capital of france"');
    expect(text).toContain("This reply does not count towards your uses.");
    expect(events.at(-1)).toMatchObject({ type: "done", message: { text, status: "complete" } });
    expect(messages).toEqual([
      { type: "user", text: "What is the capital of France?", status: "complete" },
      { type: "bot", text, status: "complete" },
    ]);
    expect(await chatUses(user.id)).toBe(0);
    // The trial's five uses are all still there: five teaching replies go through, a sixth is refused.
    for (let send = 0; send < TRIAL.usesPerFeature; send++) {
      await reply(replyDeps(offline()), user.id, { text: "Explain heart failure" });
    }
    expect(await chatUses(user.id)).toBe(TRIAL.usesPerFeature);
  });

  it("does not count a subscriber's reply that found nothing, and counts one that taught", async () => {
    const user = await makeUser({ password: null });
    await subscribe(user.id);
    await reply(replyDeps(offline()), user.id, { text: "hello" });
    expect(await chatUses(user.id)).toBe(0);
    await reply(replyDeps(offline()), user.id, { text: "Explain sepsis" });
    expect(await chatUses(user.id)).toBe(1);
  });

  it("charges nothing for a reply that found nothing, even when stopped after its first piece", async () => {
    const user = await trialLearner();
    const controller = new AbortController();
    const { messages } = await reply(
      replyDeps(offline()),
      user.id,
      { text: "hello there" },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "delta") controller.abort();
        },
      },
    );
    expect(messages.at(-1)).toMatchObject({ type: "bot", status: "stopped" });
    expect(await chatUses(user.id)).toBe(0);
  });

  it("asks a bank question and marks the learner's answer on the next send, each a use", async () => {
    const user = await trialLearner();
    const deps = replyDeps(offline());
    const asked = await reply(deps, user.id, { text: "Quiz me on heart failure" });
    const question = asked.messages.at(-1)!.text;
    expect(question).toMatch(/Question ref: `[^`]+`/);
    expect(question).toContain("A. ");
    const answered = await reply(deps, user.id, { sessionId: asked.sessionId, text: "B" });
    const marked = answered.messages.at(-1)!.text;
    expect(marked).toMatch(/\*\*Your answer, B, is (correct|not right)\.\*\*/);
    expect(marked).toContain("**Takeaway:**");
    expect(answered.messages).toHaveLength(4);
    expect(await chatUses(user.id)).toBe(2);
  });

  it("answers in the conversation's mode: a case in Clinical Simulation, a plan in Study Schedule", async () => {
    const user = await trialLearner();
    const deps = replyDeps(offline());
    const simulated = await reply(deps, user.id, {
      text: "a case of asthma",
      function: "clinicalSimulation",
    });
    expect(simulated.messages.at(-1)!.text).toContain("**Step 1 · History.**");
    const planned = await reply(deps, user.id, {
      text: "NEET PG in 20 weeks",
      function: "studySchedule",
    });
    expect(planned.messages.at(-1)!.text).toContain("**Your NEET-PG plan: 20 weeks");
    expect(await chatUses(user.id)).toBe(2);
  });
});

describe("the prompt Gemini receives", () => {
  it.each(CHAT_FUNCTIONS)(
    "names the %s mode, sends the earlier turns and keeps the learner's text out of the instruction",
    async (mode: ChatFunction) => {
      const user = await trialLearner();
      const deps = replyDeps(gemini());
      const sessionId = newChatSessionId();
      const earlier: Array<[type: "user" | "bot", text: string, status?: "error"]> = [
        ["user", "What is preload?"],
        ["bot", "Preload is the stretch of the ventricle before it contracts."],
        ["user", "And contractility?"],
        ["bot", CHAT_ERROR_MESSAGES.busy, "error"],
      ];
      for (const [type, text, status] of earlier) {
        await saveChatMessage(deps.db, user.id, { sessionId, type, text, status, function: mode });
      }
      const id = scenarioId();
      const text = `Now explain afterload ${fakeDirective({ id, chunks: 2, text: "Afterload is the load the ventricle pumps against." })}`;
      const { events, messages } = await reply(deps, user.id, { sessionId, text, function: mode });
      expect(events.at(-1)).toMatchObject({
        type: "done",
        message: { text: "Afterload is the load the ventricle pumps against." },
      });
      expect(messages.at(-1)).toEqual({
        type: "bot",
        text: "Afterload is the load the ventricle pumps against.",
        status: "complete",
      });

      const requests = await fakeRequests(id);
      expect(requests).toHaveLength(1);
      const body = requests[0]!.body;
      const instruction = body.systemInstruction.parts.map((part) => part.text).join("\n");
      expect(instruction).toContain(`Mode: ${CHAT_FUNCTION_LABELS[mode]}.`);
      for (const other of CHAT_FUNCTIONS.filter((key) => key !== mode)) {
        expect(instruction).not.toContain(`Mode: ${CHAT_FUNCTION_LABELS[other]}.`);
      }
      // The earlier turns in order (the saved error text is not context), then the new message.
      expect(body.contents).toEqual([
        { role: "user", parts: [{ text: "What is preload?" }] },
        {
          role: "model",
          parts: [{ text: "Preload is the stretch of the ventricle before it contracts." }],
        },
        { role: "user", parts: [{ text: "And contractility?" }, { text }] },
      ]);
      const instructionJson = JSON.stringify(body.systemInstruction);
      for (const learnerText of ["explain afterload", "What is preload?", "And contractility?"]) {
        expect(instructionJson).not.toContain(learnerText);
      }
      expect(JSON.stringify(body)).not.toContain(CHAT_ERROR_MESSAGES.busy);
    },
  );
});

describe("when Gemini is unavailable, the bank answers", () => {
  it.each([
    ["a provider error (500, after retries)", { fail: 500 }, 3],
    ["high demand (429, after retries)", { fail: 429 }, 3],
  ] as const)(
    "for %s: the reply comes from the bank, says so, is saved and charged once",
    async (_label, directive, attempts) => {
      const user = await trialLearner();
      const id = scenarioId();
      const text = `Tell me about sepsis ${fakeDirective({ id, ...directive })}`;
      const { events, messages } = await reply(replyDeps(geminiWithBank()), user.id, { text });
      const saved = messages.at(-1)!;
      expect(saved.status).toBe("complete");
      expect(saved.text.startsWith(BANK_OPENING)).toBe(true);
      expect(saved.text).toContain("Surviving Sepsis Campaign");
      expect(saved.text).not.toMatch(/gemini|api key|configur/i);
      expect(events.at(-1)).toMatchObject({ type: "done", message: { text: saved.text } });
      expect(await fakeRequests(id)).toHaveLength(attempts);
      expect(await chatUses(user.id)).toBe(1);
    },
  );

  it("charges nothing when the bank has nothing on the question either", async () => {
    const user = await trialLearner();
    const text = `What is the capital of France? ${fakeDirective({ id: scenarioId(), fail: 500 })}`;
    const { messages } = await reply(replyDeps(geminiWithBank()), user.id, { text });
    expect(messages.at(-1)!.text).toContain("This reply does not count towards your uses.");
    expect(await chatUses(user.id)).toBe(0);
  });

  it.each([
    ["an empty reply", { empty: true }, "empty"],
    ["an error in the middle of the stream", { midstream: 500, chunks: 4 }, "failed"],
  ] as const)("keeps %s an error, charging nothing", async (_label, directive, kind) => {
    const user = await trialLearner();
    const text = `Tell me about sepsis ${fakeDirective({ id: scenarioId(), ...directive })}`;
    const { events } = await reply(replyDeps(geminiWithBank()), user.id, { text });
    expect(events.at(-1)).toMatchObject({ type: "error", kind });
    expect(await chatUses(user.id)).toBe(0);
  });
});

describe("metering and failures with Gemini", () => {
  it("charges a successful reply exactly one use", async () => {
    const user = await trialLearner();
    const id = scenarioId();
    const { events, deltas, messages } = await reply(replyDeps(gemini()), user.id, {
      text: `Define shock ${fakeDirective({ id, chunks: 3, text: "Shock is inadequate tissue perfusion." })}`,
    });
    expect(events[0]).toMatchObject({ type: "ready", mentor: "Gemini (gemini-test)" });
    expect(deltas).toHaveLength(3);
    expect(messages.at(-1)).toEqual({
      type: "bot",
      text: "Shock is inadequate tissue perfusion.",
      status: "complete",
    });
    expect(await chatUses(user.id)).toBe(1);
  });

  it.each([
    ["a provider error (500, after retries)", { fail: 500 }, "failed", 3],
    ["high demand (429, after retries)", { fail: 429 }, "busy", 3],
    ["an empty reply", { empty: true }, "empty", 1],
    ["an error in the middle of the stream", { midstream: 500, chunks: 4 }, "failed", 1],
  ] as const)(
    "saves no reply for %s (the learner's message stays, unanswered) and charges nothing",
    async (_label, directive, kind, attempts) => {
      const user = await trialLearner();
      const id = scenarioId();
      const text = `Tell me about sepsis ${fakeDirective({ id, ...directive })}`;
      const { events, messages } = await reply(replyDeps(gemini()), user.id, { text });
      const expected = CHAT_ERROR_MESSAGES[kind];
      expect(events.at(-1)).toMatchObject({
        type: "error",
        kind,
        text: expected,
        message: null,
        session: { messageCount: 1 },
      });
      // Nothing in place of the answer: no error text saved as the mentor's message.
      expect(messages).toEqual([{ type: "user", text, status: "complete" }]);
      expect(await fakeRequests(id)).toHaveLength(attempts);
      expect(await chatUses(user.id)).toBe(0);
    },
  );

  it("answers a failed send retried with the same key: one message, one reply, one use", async () => {
    const user = await trialLearner();
    const deps = replyDeps(gemini());
    const id = scenarioId();
    const send = {
      sessionId: newChatSessionId(),
      clientKey: `send-${id}`,
      // The provider fails the first send's three attempts, then answers.
      text: `What is a bruit? ${fakeDirective({ id, fail: "500x3", text: "A bruit is turbulent flow heard over an artery." })}`,
    };
    const failed = await reply(deps, user.id, send);
    expect(failed.events.at(-1)).toMatchObject({ type: "error", kind: "failed" });
    expect(failed.messages).toEqual([{ type: "user", text: send.text, status: "complete" }]);
    expect(await chatUses(user.id)).toBe(0);

    const retried = await reply(deps, user.id, send);
    expect(retried.events.at(-1)).toMatchObject({
      type: "done",
      message: { text: "A bruit is turbulent flow heard over an artery.", status: "complete" },
    });
    expect(retried.messages).toEqual([
      { type: "user", text: send.text, status: "complete" },
      { type: "bot", text: "A bruit is turbulent flow heard over an artery.", status: "complete" },
    ]);
    expect(await fakeRequests(id)).toHaveLength(4);
    expect(await chatUses(user.id)).toBe(1);

    // Sent once more under the key: the saved reply again, no new request, no new use.
    const third = await reply(deps, user.id, send);
    expect(third.messages).toHaveLength(2);
    expect(await fakeRequests(id)).toHaveLength(4);
    expect(await chatUses(user.id)).toBe(1);
  });

  it("replaces a cut-off reply when the send is retried with the same key, counting the send once", async () => {
    const ANSWER = "Cardiac output is stroke volume times heart rate.";
    for (const plan of ["trial", "subscription"] as const) {
      const user = plan === "trial" ? await trialLearner() : await makeUser({ password: null });
      if (plan === "subscription") await subscribe(user.id);
      const id = scenarioId();
      const send = {
        sessionId: newChatSessionId(),
        clientKey: `send-${id}`,
        text: `Define cardiac output ${fakeDirective({ id, hang: "after", chunks: 4, text: ANSWER })}`,
      };
      // The connection drops after the first piece (the server sees it as the request going away).
      const controller = new AbortController();
      const cut = await reply(replyDeps(gemini()), user.id, send, {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "delta") controller.abort();
        },
      });
      expect(cut.messages.at(-1)).toMatchObject({ type: "bot", status: "stopped" });
      expect(await chatUses(user.id)).toBe(1);

      // The retry is answered afresh, here by the offline mentor (the fake would hang again).
      const retried = await reply(replyDeps(offline()), user.id, send);
      expect(retried.events.at(-1)).toMatchObject({
        type: "done",
        message: { status: "complete" },
      });
      expect(retried.messages.map((message) => [message.type, message.status])).toEqual([
        ["user", "complete"],
        ["bot", "complete"],
      ]);
      expect(retried.messages[1]!.text).not.toBe(cut.messages[1]!.text);
      expect(await chatUses(user.id)).toBe(1);
    }
  });

  it("answers afresh a send whose error text an older version saved as the reply", async () => {
    const user = await trialLearner();
    const deps = replyDeps(offline());
    const sessionId = newChatSessionId();
    const clientKey = `send-${scenarioId()}`;
    const text = "What is pulsus paradoxus?";
    await saveChatMessage(deps.db, user.id, { sessionId, type: "user", text, clientKey });
    await saveChatMessage(deps.db, user.id, {
      sessionId,
      type: "bot",
      text: CHAT_ERROR_MESSAGES.failed,
      status: "error",
      clientKey,
    });
    const retried = await reply(deps, user.id, { sessionId, clientKey, text });
    expect(retried.events.at(-1)).toMatchObject({ type: "done" });
    expect(retried.messages).toHaveLength(2);
    expect(retried.messages[1]).toMatchObject({ type: "bot", status: "complete" });
    expect(retried.messages[1]!.text).not.toBe(CHAT_ERROR_MESSAGES.failed);
    expect(await chatUses(user.id)).toBe(1);
  });

  it("keeps the partial reply as 'stopped' when stopped after the first text, and charges one use", async () => {
    const KREBS = "The Krebs cycle oxidises acetyl-CoA to carbon dioxide.";
    const user = await trialLearner();
    const id = scenarioId();
    const controller = new AbortController();
    const started = Date.now();
    const { events, deltas, messages } = await reply(
      replyDeps(gemini()),
      user.id,
      {
        text: `Explain the Krebs cycle ${fakeDirective({ id, hang: "after", chunks: 4, text: KREBS })}`,
      },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "delta") controller.abort();
        },
      },
    );
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(deltas).toHaveLength(1);
    const partial = deltas[0]!;
    expect(partial.length).toBeGreaterThan(0);
    expect(KREBS.startsWith(partial) && partial.length < KREBS.length).toBe(true);
    expect(events.map((event) => event.type)).toEqual(["ready", "delta"]);
    expect(messages.at(-1)).toEqual({ type: "bot", text: partial, status: "stopped" });
    expect(await chatUses(user.id)).toBe(1);
  });

  it("charges nothing and saves no reply when stopped before any text", async () => {
    const user = await trialLearner();
    const id = scenarioId();
    const controller = new AbortController();
    const text = `Explain glycolysis ${fakeDirective({ id, hang: "before" })}`;
    const { events, messages } = await reply(
      replyDeps(gemini()),
      user.id,
      { text },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "ready") setTimeout(() => controller.abort(), 50);
        },
      },
    );
    expect(events.map((event) => event.type)).toEqual(["ready"]);
    expect(messages).toEqual([{ type: "user", text, status: "complete" }]);
    expect(await chatUses(user.id)).toBe(0);
  });

  it("charges a send stopped before any text and then retried with the same key once", async () => {
    const user = await trialLearner();
    const sessionId = newChatSessionId();
    const id = scenarioId();
    const send = {
      sessionId,
      clientKey: `send-${id}`,
      // A question the bank teaches, so the retried send's reply is charged.
      text: `Tell me about sepsis ${fakeDirective({ id, hang: "before" })}`,
    };
    const controller = new AbortController();
    // The first attempt hangs and is stopped (or its connection dropped) before any text.
    const stopped = await reply(replyDeps(gemini()), user.id, send, {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === "ready") setTimeout(() => controller.abort(), 50);
      },
    });
    expect(stopped.messages).toHaveLength(1);
    expect(await chatUses(user.id)).toBe(0);
    // The client sends it again under the same key, and this time a reply arrives.
    const retried = await reply(replyDeps(offline()), user.id, send);
    expect(retried.events.at(-1)).toMatchObject({ type: "done" });
    expect(retried.messages.map((message) => [message.type, message.status])).toEqual([
      ["user", "complete"],
      ["bot", "complete"],
    ]);
    expect(await chatUses(user.id)).toBe(1);
    // A third send under the key gets the saved reply, free.
    const third = await reply(replyDeps(offline()), user.id, send);
    expect(third.messages).toHaveLength(2);
    expect(await chatUses(user.id)).toBe(1);
  });

  it("refuses a send on a spent trial before saving anything or asking Gemini", async () => {
    // The chat shows the limit banner instead of an error reply in the conversation.
    const user = await trialLearner();
    const usage = usageTestDeps();
    for (let use = 0; use < TRIAL.usesPerFeature; use++) {
      const recorded = await recordUse(usage, user.id, "chatMessages", `spent-${use}-${user.id}`);
      expect(recorded.ok).toBe(true);
    }
    const deps = replyDeps(gemini());
    const id = scenarioId();
    const sessionId = newChatSessionId();
    const started = await startReply(deps, user.id, {
      sessionId,
      function: "general",
      text: `One more question ${fakeDirective({ id })}`,
    });
    expect(started).toMatchObject({
      status: "refused",
      denial: {
        accessType: "trial",
        reason: "trial-exhausted",
        screenMessage: "Trial usage exhausted for chat messages. Please upgrade to continue.",
      },
    });
    expect(await getChatSession(deps.db, user.id, sessionId)).toBeNull();
    expect(await fakeRequests(id)).toHaveLength(0);
    expect(await chatUses(user.id)).toBe(TRIAL.usesPerFeature);
  });

  it("saves one message, one reply and charges one use for a send retried with the same key", async () => {
    const user = await trialLearner();
    const deps = replyDeps(gemini());
    const id = scenarioId();
    const sessionId = newChatSessionId();
    const send = {
      sessionId,
      clientKey: `send-${id}`,
      text: `What is a murmur? ${fakeDirective({ id, text: "A murmur is turbulent blood flow." })}`,
    };
    const first = await reply(deps, user.id, send);
    const second = await reply(deps, user.id, send);
    expect(second.deltas.join("")).toBe("A murmur is turbulent blood flow.");
    const firstDone = first.events.at(-1);
    const secondDone = second.events.at(-1);
    expect(firstDone?.type).toBe("done");
    expect(secondDone?.type).toBe("done");
    if (firstDone?.type === "done" && secondDone?.type === "done") {
      expect(secondDone.message.id).toBe(firstDone.message.id);
    }
    expect(second.messages).toEqual([
      { type: "user", text: send.text, status: "complete" },
      { type: "bot", text: "A murmur is turbulent blood flow.", status: "complete" },
    ]);
    expect(await fakeRequests(id)).toHaveLength(1);
    expect(await chatUses(user.id)).toBe(1);
  });

  it("asks Gemini for a subscriber before the meter hears of the send and counts the reply after it; a trial learner's use is reserved first", async () => {
    const subscriber = await makeUser({ password: null });
    await subscribe(subscriber.id);
    const learner = await trialLearner();
    for (const [user, expected] of [
      // [meter call, requests the provider had received by then]
      [subscriber, [["record", 1]]],
      [
        learner,
        [
          ["consume", 0],
          ["commit", 1],
        ],
      ],
    ] as const) {
      const id = scenarioId();
      const calls: [string, number][] = [];
      const usage = usageTestDeps();
      const meter = usage.meter;
      const seen = async (call: string) => calls.push([call, (await fakeRequests(id)).length]);
      usage.meter = {
        ...meter,
        consume: async (...args) => (await seen("consume"), meter.consume(...args)),
        record: async (...args) => (await seen("record"), meter.record(...args)),
        commit: async (...args) => (await seen("commit"), meter.commit(...args)),
        release: async (...args) => (await seen("release"), meter.release(...args)),
      };
      const { events } = await reply({ db: db(), ai: gemini(), usage }, user.id, {
        text: `Which valve? ${fakeDirective({ id, text: "The mitral valve." })}`,
      });
      expect(events.at(-1)).toMatchObject({ type: "done", message: { text: "The mitral valve." } });
      expect(calls).toEqual(expected);
      expect(await chatUses(user.id)).toBe(1);
    }
  });

  it("counts a subscriber's chat once per reply: a retried send once, a failed or unanswered one not at all", async () => {
    const user = await makeUser({ password: null });
    await subscribe(user.id);
    const deps = replyDeps(gemini());
    const id = scenarioId();
    const send = {
      clientKey: `send-${id}`,
      text: `What is a murmur? ${fakeDirective({ id, text: "Turbulent flow." })}`,
    };
    const first = await reply(deps, user.id, send);
    expect(first.events[0]).toMatchObject({
      type: "ready",
      usage: { accessType: "subscription", used: null, limit: -1, remaining: -1 },
    });
    await reply(deps, user.id, { ...send, sessionId: first.sessionId });
    expect(await chatUses(user.id)).toBe(1);

    const failed = await reply(deps, user.id, {
      text: `Tell me about sepsis ${fakeDirective({ id: scenarioId(), fail: 500 })}`,
    });
    expect(failed.events.at(-1)).toMatchObject({ type: "error", kind: "failed" });
    const controller = new AbortController();
    const unanswered = await reply(
      deps,
      user.id,
      { text: `Explain glycolysis ${fakeDirective({ id: scenarioId(), hang: "before" })}` },
      {
        signal: controller.signal,
        onEvent: (event) => {
          if (event.type === "ready") setTimeout(() => controller.abort(), 50);
        },
      },
    );
    expect(unanswered.events.map((event) => event.type)).toEqual(["ready"]);
    expect(await chatUses(user.id)).toBe(1);
  });

  it("keeps a subscriber's reply when the meter cannot count it", async () => {
    const user = await makeUser({ password: null });
    await subscribe(user.id);
    const usage = usageTestDeps();
    usage.meter = {
      ...usage.meter,
      record: async () => {
        throw new Error("meter unavailable");
      },
    };
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const { events, messages } = await reply({ db: db(), ai: gemini(), usage }, user.id, {
        text: `Which valve? ${fakeDirective({ id: scenarioId(), text: "The aortic valve." })}`,
      });
      expect(events.at(-1)).toMatchObject({ type: "done", message: { text: "The aortic valve." } });
      expect(messages.at(-1)).toEqual({
        type: "bot",
        text: "The aortic valve.",
        status: "complete",
      });
      expect(errors).toHaveBeenCalledWith("[chat] counting the reply failed:", expect.any(Error));
    } finally {
      errors.mockRestore();
    }
  });

  it("never refuses a subscriber, even one whose trial was spent", async () => {
    const user = await trialLearner();
    const usage = usageTestDeps();
    for (let use = 0; use < TRIAL.usesPerFeature; use++) {
      await recordUse(usage, user.id, "chatMessages", `trial-${use}-${user.id}`);
    }
    await subscribe(user.id);
    const deps = replyDeps(gemini());
    const sessionId = newChatSessionId();
    for (let turn = 1; turn <= TRIAL.usesPerFeature + 2; turn++) {
      const id = scenarioId();
      const { events } = await reply(deps, user.id, {
        sessionId,
        text: `Question ${turn} ${fakeDirective({ id, text: `Answer ${turn}` })}`,
      });
      expect(events[0]).toMatchObject({ type: "ready", usage: { accessType: "subscription" } });
      expect(events.at(-1), `turn ${turn}`).toMatchObject({
        type: "done",
        message: { text: `Answer ${turn}` },
      });
    }
    const session = await getChatSession(db(), user.id, sessionId);
    expect(session?.messageCount).toBe(2 * (TRIAL.usesPerFeature + 2));
    expect(session?.messages.filter((message) => message.status === "error")).toEqual([]);
  });
});
