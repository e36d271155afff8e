/**
 * POST /api/chats/stream through the real worker: the offline mentor's reply
 * from the question bank streams, is saved with the learner's message, and a
 * trial use is charged once; a reply that found nothing is not charged.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { NO_ACCESS_MESSAGE } from "~/lib/access";
import { FEATURE_KEYS } from "~/lib/features";
import { BUY_SUBSCRIPTION_MESSAGE } from "~/lib/usage-messages";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import { newChatSessionId } from "~/lib/chat-session";
import { BANK_OPENING } from "~/models/bank-mentor.server";
import { api, apiLearner } from "../../tests/support/payments";
import { streamReply } from "../../tests/support/chat";

vi.setConfig({ testTimeout: 30_000 });

describe("POST /api/chats/stream", () => {
  it("streams the offline mentor's reply in several events and saves both messages", async () => {
    const { token } = await apiLearner({ trial: true });
    const sessionId = newChatSessionId();
    const { status, events } = await streamReply(token, {
      sessionId,
      text: "Explain diabetic ketoacidosis",
      function: "studyHelp",
    });
    expect(status).toBe(200);
    expect(events[0]?.event).toBe("ready");
    const deltas = events.filter((event) => event.event === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    const reply = deltas.map((event) => event.data.text).join("");
    expect(reply.startsWith(BANK_OPENING)).toBe(true);
    // Study Help: the bank's teaching with its sources, then a question to check understanding.
    expect(reply).toContain("_Reference: ");
    expect(reply).toContain("**Check your understanding**");
    const done = events.at(-1)!;
    expect(done.event).toBe("done");
    expect((done.data.message as { text: string }).text).toBe(reply);

    const saved = await api(`/api/trial/status`, { token });
    expect(saved.status).toBe(200);
    expect(
      (saved.body.trial as { features: { chatMessages: { used: number } } }).features.chatMessages
        .used,
    ).toBe(1);
  });

  it("answers a retried send (same clientKey) afresh over an error text saved as its reply: one message, one reply, one use", async () => {
    const { user, token } = await apiLearner({ trial: true });
    const sessionId = newChatSessionId();
    const clientKey = "retry-key-0001";
    const text = "Explain the fluids for dengue with warning signs";
    // An earlier attempt whose learner message was saved and whose reply was an error text.
    for (const body of [
      { sessionId, type: "user", text, clientKey },
      { sessionId, type: "bot", text: "Something went wrong.", status: "error", clientKey },
    ]) {
      expect((await api("/api/chats/message", { token, body })).status).toBe(201);
    }
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const { status, events } = await streamReply(token, { sessionId, text, clientKey });
      expect(status).toBe(200);
      expect(events.at(-1)?.event).toBe("done");
    }
    const saved = await env.DB.prepare(
      "SELECT type, status, text FROM chat_messages WHERE user_id = ? ORDER BY id",
    )
      .bind(user.id)
      .all<{ type: string; status: string; text: string }>();
    expect(saved.results.map((row) => [row.type, row.status])).toEqual([
      ["user", "complete"],
      ["bot", "complete"],
    ]);
    expect(saved.results[1]!.text.startsWith(BANK_OPENING)).toBe(true);
    const trial = await api(`/api/trial/status`, { token });
    expect(
      (trial.body.trial as { features: { chatMessages: { used: number } } }).features.chatMessages
        .used,
    ).toBe(1);
  });

  it("streams an honest reply when the bank has nothing on the question, and the trial is not charged", async () => {
    const { token } = await apiLearner({ trial: true });
    const { status, events } = await streamReply(token, {
      sessionId: newChatSessionId(),
      text: "Who won the cricket world cup?",
      function: "general",
    });
    expect(status).toBe(200);
    const reply = events
      .filter((event) => event.event === "delta")
      .map((event) => event.data.text)
      .join("");
    expect(reply.startsWith(BANK_OPENING)).toBe(true);
    expect(reply).toContain("I couldn't find anything on");
    expect(reply).not.toMatch(/gemini|api key|configur/i);
    expect(events.at(-1)?.event).toBe("done");
    const saved = await api(`/api/trial/status`, { token });
    expect(
      (saved.body.trial as { features: { chatMessages: { used: number } } }).features.chatMessages
        .used,
    ).toBe(0);
  });

  it("answers 403 with the way to /plans without a plan or trial, and saves nothing", async () => {
    const { token } = await apiLearner();
    const { status, json } = await streamReply(token, { text: "Hello" });
    expect(status).toBe(403);
    expect(json).toMatchObject({ message: NO_ACCESS_MESSAGE, redirectTo: "/plans" });
  });

  it("refuses a send on a spent trial with the limit banner's message, and stores nothing", async () => {
    const { user, token } = await apiLearner({ trial: true });
    for (const feature of FEATURE_KEYS) {
      for (let use = 0; use < 5; use += 1) {
        expect(
          (await api(`/api/usage/check-and-record/${feature}`, { token, body: {} })).status,
        ).toBe(200);
      }
    }
    const { status, json } = await streamReply(token, {
      sessionId: newChatSessionId(),
      text: "One more question",
    });
    expect(status).toBe(403);
    expect(json).toMatchObject({
      message: BUY_SUBSCRIPTION_MESSAGE,
      limitReached: true,
      accessType: "none",
      needsSubscription: true,
      redirectTo: "/plans",
    });
    const stored = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM chat_messages WHERE user_id = ?1) AS messages, (SELECT count(*) FROM chat_sessions WHERE user_id = ?1) AS sessions",
    )
      .bind(user.id)
      .first<{ messages: number; sessions: number }>();
    expect(stored).toEqual({ messages: 0, sessions: 0 });
  });

  it("answers 401 'session ended' when the session no longer stands in D1, before looking at the body, and starts nothing", async () => {
    const { user, token } = await apiLearner({ trial: true });
    // The password was changed elsewhere: the session's KV record is still there, its epoch is not.
    await env.DB.prepare("UPDATE users SET session_epoch = session_epoch + 1 WHERE id = ?")
      .bind(user.id)
      .run();
    for (const body of [{ text: "What causes orthopnoea?" }, { text: "" }]) {
      const { status, json } = await streamReply(token, body);
      expect(status).toBe(401);
      expect(json).toEqual({ success: false, message: AUTH_MESSAGES.sessionEnded });
    }
    const saved = await env.DB.prepare("SELECT count(*) AS n FROM chat_messages WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(saved?.n).toBe(0);
  });
});
