/**
 * /api/chats/* through the real worker with real session tokens: the answers'
 * shapes (docs/api.md), refusals (401, 405, 400 — never 500), and that one
 * learner can never read, continue, rename or delete another's conversation.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { NO_ACCESS_MESSAGE } from "~/lib/access";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import {
  CHAT_MESSAGES,
  DEFAULT_CHAT_TITLE,
  MAX_SAVED_MESSAGES_PER_ACCOUNT,
  newChatSessionId,
} from "~/lib/chat-session";
import { BANK_OPENING } from "~/models/bank-mentor.server";
import { CHAT_API_MESSAGES } from "~/routes/api.chats.server";
import { api, apiLearner, type ApiBody } from "../../tests/support/payments";
import { streamReply } from "../../tests/support/chat";

// Each signed-in user costs a password hash.
vi.setConfig({ testTimeout: 30_000 });

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

type Summary = {
  sessionId: string;
  title: string;
  function: string;
  messageCount: number;
  lastActivity: string;
  createdAt: string;
};
type Message = { id: number; type: string; text: string; status: string; timestamp: string };
type Detail = Summary & { messages: Message[] };

const session = (path: string) => `/api/chats/session/${encodeURIComponent(path)}`;

async function readSession(token: string, sessionId: string) {
  const answer = await api(session(sessionId), { token });
  return { ...answer, data: answer.body.data as Detail | undefined };
}

async function history(token: string, query = "") {
  const answer = await api(`/api/chats/history${query}`, { token });
  return {
    ...answer,
    data: answer.body.data as Summary[],
    pagination: answer.body.pagination as ApiBody,
  };
}

function saveMessage(token: string, body: ApiBody) {
  return api("/api/chats/message", { token, body });
}

/** A learner on the trial with one streamed exchange in a fresh conversation. */
async function learnerWithConversation(text = "What is the Frank-Starling law?") {
  const learner = await apiLearner({ trial: true });
  const sessionId = newChatSessionId();
  const streamed = await streamReply(learner.token, { sessionId, text, function: "studyHelp" });
  expect(streamed.status).toBe(200);
  expect(streamed.events.at(-1)?.event).toBe("done");
  return { ...learner, sessionId };
}

describe("authentication, methods and input", () => {
  const id = newChatSessionId();
  const routes: Array<[method: string, path: string, allow: string, wrong: string]> = [
    ["GET", "/api/chats/history", "GET, DELETE", "POST"],
    ["DELETE", "/api/chats/history", "GET, DELETE", "PUT"],
    ["GET", session(id), "GET, DELETE", "PATCH"],
    ["DELETE", session(id), "GET, DELETE", "POST"],
    ["POST", "/api/chats/session", "POST", "GET"],
    ["PATCH", `${session(id)}/title`, "PATCH", "POST"],
    ["POST", "/api/chats/message", "POST", "GET"],
    ["POST", "/api/chats/stream", "POST", "GET"],
  ];
  const withBody = (method: string) =>
    ["POST", "PATCH", "PUT"].includes(method) ? { body: {} } : {};

  it("answers 401 without a session, and 405 naming the allowed methods", async () => {
    for (const [method, path] of routes) {
      const anonymous = await api(path, { method, ...withBody(method) });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.body).toEqual({
        success: false,
        message: AUTH_MESSAGES.authenticationFailed,
      });
    }
    const { token } = await apiLearner({ trial: true });
    for (const [, path, allow, wrong] of routes) {
      const answer = await api(path, { method: wrong, token, ...withBody(wrong) });
      expect(answer.status, `${wrong} ${path}`).toBe(405);
      expect(answer.response.headers.get("Allow"), path).toBe(allow);
      expect(answer.body).toEqual({ success: false, message: AUTH_MESSAGES.methodNotAllowed });
    }
  });

  it("answers malformed JSON with 400", async () => {
    const { token } = await apiLearner({ trial: true });
    for (const [method, path] of [
      ["POST", "/api/chats/message"],
      ["POST", "/api/chats/session"],
      ["PATCH", `${session(newChatSessionId())}/title`],
      ["POST", "/api/chats/stream"],
    ] as const) {
      const broken = await api(path, { method, token, rawBody: '{"sessionId": ' });
      expect(broken.status, path).toBe(400);
      expect(broken.body).toEqual({ success: false, message: AUTH_MESSAGES.malformedJson });
      const list = await api(path, { method, token, rawBody: "[1, 2]" });
      expect(list.status, path).toBe(400);
      const text = await api(path, {
        method,
        token,
        rawBody: "title=x",
        headers: { "Content-Type": "text/plain" },
      });
      expect(text.status, path).toBe(400);
      expect(text.body.message).toBe(AUTH_MESSAGES.jsonRequired);
    }
  });

  it("answers malformed session ids with 400 'Invalid chat session id'", async () => {
    const { token } = await apiLearner({ trial: true });
    const invalid = {
      success: false,
      message: CHAT_MESSAGES.invalidSessionId,
    };
    for (const bad of [
      "not-a-session",
      "chat_1_x",
      "chat_1762000000000_ABC'; DROP TABLE chat_sessions;--",
      `chat_1762000000000_${"a".repeat(500)}`,
      "chat_1762000000000_abc def",
    ]) {
      for (const method of ["GET", "DELETE"]) {
        const answer = await api(session(bad), { method, token });
        expect(answer.status, `${method} ${bad}`).toBe(400);
        expect(answer.body).toEqual(invalid);
      }
      const rename = await api(`${session(bad)}/title`, {
        method: "PATCH",
        token,
        body: { title: "Renamed" },
      });
      expect(rename.status, bad).toBe(400);
      expect(rename.body).toEqual(invalid);
      for (const path of ["/api/chats/message", "/api/chats/session", "/api/chats/stream"]) {
        const answer = await api(path, {
          token,
          body: { sessionId: bad, type: "user", text: "Hello", function: "general" },
        });
        expect(answer.status, `${path} ${bad}`).toBe(400);
        expect(answer.body.message).toBe(CHAT_MESSAGES.invalidSessionId);
      }
    }
    // Ids of the wrong type, or none where one is needed.
    for (const sessionId of [42, null, ["chat_1762000000000_abc123"], undefined]) {
      const answer = await saveMessage(token, { sessionId, type: "user", text: "Hi" });
      expect(answer.status, String(sessionId)).toBe(400);
      expect(answer.body.message).toBe(CHAT_MESSAGES.invalidSessionId);
    }
    // Nothing was created along the way.
    expect((await history(token)).pagination.total).toBe(0);
  });

  it("answers bad history queries with 400 and caps the page size at 100", async () => {
    const { token } = await apiLearner();
    for (const [query, message] of [
      ["?limit=abc", CHAT_API_MESSAGES.limitInvalid],
      ["?limit=0", CHAT_API_MESSAGES.limitInvalid],
      ["?limit=-5", CHAT_API_MESSAGES.limitInvalid],
      ["?limit=2.5", CHAT_API_MESSAGES.limitInvalid],
      ["?skip=-1", CHAT_API_MESSAGES.skipInvalid],
      ["?skip=1e3", CHAT_API_MESSAGES.skipInvalid],
      ["?function=surgery", CHAT_API_MESSAGES.functionInvalid],
      [`?search=${"a".repeat(201)}`, CHAT_API_MESSAGES.searchTooLong],
    ]) {
      const answer = await api(`/api/chats/history${query}`, { token });
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({ success: false, message });
    }
    const capped = await history(token, "?limit=500&skip=0&function=all&search=");
    expect(capped.status).toBe(200);
    expect(capped.body).toEqual({
      success: true,
      data: [],
      pagination: { total: 0, limit: 100, skip: 0, hasMore: false },
    });
    expect((await history(token)).pagination).toMatchObject({ limit: 20, skip: 0 });
  });

  it("refuses empty, too long and badly keyed messages and titles with the chat's messages", async () => {
    const { token } = await apiLearner({ trial: true });
    const sessionId = newChatSessionId();
    const refusals: Array<[ApiBody, string]> = [
      [{ sessionId, type: "user", text: "   " }, CHAT_MESSAGES.emptyMessage],
      [{ sessionId, type: "user" }, CHAT_MESSAGES.emptyMessage],
      [{ sessionId, type: "bot", text: "" }, CHAT_MESSAGES.emptyMessage],
      [{ sessionId, type: "user", text: "x".repeat(4_001) }, CHAT_MESSAGES.messageTooLong],
      [{ sessionId, type: "bot", text: "x".repeat(32_001) }, CHAT_API_MESSAGES.replyTooLong],
      [
        { sessionId, type: "user", text: "Hi", clientKey: "no" },
        CHAT_API_MESSAGES.clientKeyInvalid,
      ],
    ];
    for (const [body, message] of refusals) {
      const answer = await saveMessage(token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const created = await api("/api/chats/session", { token, body: { sessionId } });
    expect(created.status).toBe(201);
    for (const [title, message] of [
      ["", CHAT_MESSAGES.titleRequired],
      ["    ", CHAT_MESSAGES.titleRequired],
      [undefined, CHAT_MESSAGES.titleRequired],
      [17, CHAT_MESSAGES.titleRequired],
      ["t".repeat(121), CHAT_MESSAGES.titleTooLong],
    ] as const) {
      const answer = await api(`${session(sessionId)}/title`, {
        method: "PATCH",
        token,
        body: title === undefined ? {} : { title },
      });
      expect(answer.status, String(title)).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    const longTitle = await api("/api/chats/session", {
      token,
      body: { sessionId: newChatSessionId(), title: "t".repeat(121) },
    });
    expect(longTitle.status).toBe(400);
    expect(longTitle.body.message).toBe(CHAT_MESSAGES.titleTooLong);
  });
});

describe("a learner's own conversations", () => {
  it("saves messages, creating the conversation when first needed, and reads it back", async () => {
    const { token } = await apiLearner({ trial: true });
    const sessionId = newChatSessionId();
    const first = await saveMessage(token, {
      sessionId,
      type: "user",
      text: "  How do I prepare for NEET PG?  ",
      function: "careerGuidance",
      clientKey: "key-0000001",
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      success: true,
      message: CHAT_MESSAGES.saved,
      data: {
        sessionCreated: true,
        message: { type: "user", text: "How do I prepare for NEET PG?", status: "complete" },
        session: {
          sessionId,
          title: "How do I prepare for NEET PG?",
          function: "careerGuidance",
          messageCount: 1,
        },
      },
    });
    // The same send again is the same message.
    const retried = await saveMessage(token, {
      sessionId,
      type: "user",
      text: "How do I prepare for NEET PG?",
      clientKey: "key-0000001",
    });
    expect(retried.status).toBe(201);
    expect((retried.body.data as { message: Message }).message.id).toBe(
      (first.body.data as { message: Message }).message.id,
    );
    // Any type but 'user' is the mentor; an error text keeps its status.
    for (const [type, text, status] of [
      ["bot", "Start with the syllabus.", undefined],
      ["assistant", "Then practise questions.", "complete"],
      [undefined, "The mentor is in high demand right now.", "error"],
    ] as const) {
      const saved = await saveMessage(token, { sessionId, type, text, status });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
      expect(saved.body.data).toMatchObject({
        sessionCreated: false,
        message: { type: "bot", text, status: status ?? "complete" },
      });
    }
    // A learner's message cannot pretend to be an error.
    const flagged = await saveMessage(token, {
      sessionId,
      type: "user",
      text: "Ok",
      status: "error",
    });
    expect((flagged.body.data as { message: Message }).message.status).toBe("complete");

    const { status, body, data } = await readSession(token, sessionId);
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    expect(data).toMatchObject({
      sessionId,
      title: "How do I prepare for NEET PG?",
      function: "careerGuidance",
      messageCount: 5,
    });
    expect(data?.lastActivity).toMatch(ISO);
    expect(data?.createdAt).toMatch(ISO);
    expect(data?.messages.map((message) => [message.type, message.text, message.status])).toEqual([
      ["user", "How do I prepare for NEET PG?", "complete"],
      ["bot", "Start with the syllabus.", "complete"],
      ["bot", "Then practise questions.", "complete"],
      ["bot", "The mentor is in high demand right now.", "error"],
      ["user", "Ok", "complete"],
    ]);
    for (const message of data!.messages) {
      expect(Object.keys(message).sort()).toEqual(["id", "status", "text", "timestamp", "type"]);
      expect(message.timestamp).toMatch(ISO);
    }
    expect((await readSession(token, newChatSessionId())).status).toBe(404);
  });

  it("creates a session once: 201, then 409 'Chat session already exists' with the caller's own", async () => {
    const { token } = await apiLearner({ trial: true });
    const sessionId = newChatSessionId();
    const created = await api("/api/chats/session", {
      token,
      body: { sessionId, function: "studySchedule", title: DEFAULT_CHAT_TITLE },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      success: true,
      message: CHAT_MESSAGES.created,
      data: {
        sessionId,
        title: DEFAULT_CHAT_TITLE,
        function: "studySchedule",
        messageCount: 0,
      },
    });
    const again = await api("/api/chats/session", {
      token,
      body: { sessionId, function: "general", title: "Something else" },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      success: false,
      message: CHAT_MESSAGES.sessionExists,
      data: { sessionId, function: "studySchedule", title: DEFAULT_CHAT_TITLE },
    });
    // Created with the default title, the first message still names it; an unknown function is general.
    await saveMessage(token, { sessionId, type: "user", text: "Plan my week" });
    expect((await readSession(token, sessionId)).data?.title).toBe("Plan my week");
    const unknown = await api("/api/chats/session", {
      token,
      body: { sessionId: newChatSessionId(), function: "astrology", title: "Mine" },
    });
    expect(unknown.body.data).toMatchObject({ function: "general", title: "Mine" });
  });

  it("lists history newest first with ISO times, paging, search and function filter", async () => {
    const { token } = await apiLearner({ trial: true });
    const ids: string[] = [];
    for (const [text, fn] of [
      ["Renal physiology", "studyHelp"],
      ["CV review", "cvSopHelp"],
      ["A 100% sure answer?", "general"],
    ] as const) {
      const sessionId = newChatSessionId();
      ids.push(sessionId);
      expect(
        (await saveMessage(token, { sessionId, type: "user", text, function: fn })).status,
      ).toBe(201);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const all = await history(token);
    expect(all.status).toBe(200);
    expect(all.data.map((item) => item.sessionId)).toEqual([...ids].reverse());
    expect(all.pagination).toEqual({ total: 3, limit: 20, skip: 0, hasMore: false });
    for (const item of all.data) {
      expect(Object.keys(item).sort()).toEqual(
        ["createdAt", "function", "lastActivity", "messageCount", "sessionId", "title"].sort(),
      );
      expect(item.lastActivity).toMatch(ISO);
      expect(item.createdAt).toMatch(ISO);
      expect(item.messageCount).toBe(1);
    }
    const page = await history(token, "?limit=1&skip=1");
    expect(page.data.map((item) => item.sessionId)).toEqual([ids[1]]);
    expect(page.pagination).toEqual({ total: 3, limit: 1, skip: 1, hasMore: true });
    expect((await history(token, "?search=RENAL")).data.map((item) => item.sessionId)).toEqual([
      ids[0],
    ]);
    expect((await history(token, "?search=100%25")).data.map((item) => item.sessionId)).toEqual([
      ids[2],
    ]);
    expect(
      (await history(token, "?function=cvSopHelp")).data.map((item) => item.sessionId),
    ).toEqual([ids[1]]);
  });

  it("renames and deletes a conversation", async () => {
    const { token, sessionId } = await learnerWithConversation();
    const renamed = await api(`${session(sessionId)}/title`, {
      method: "PATCH",
      token,
      body: { title: "  Cardiac   physiology " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      success: true,
      message: CHAT_MESSAGES.renamed,
      data: { sessionId, title: "Cardiac physiology", messageCount: 2 },
    });
    expect((await readSession(token, sessionId)).data?.title).toBe("Cardiac physiology");

    const deleted = await api(session(sessionId), { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({
      success: true,
      message: CHAT_MESSAGES.deleted,
      data: { sessionId },
    });
    expect((await readSession(token, sessionId)).status).toBe(404);
    const twice = await api(session(sessionId), { method: "DELETE", token });
    expect(twice.status).toBe(404);
    expect(twice.body).toEqual({ success: false, message: CHAT_MESSAGES.sessionNotFound });
    const renameGone = await api(`${session(sessionId)}/title`, {
      method: "PATCH",
      token,
      body: { title: "Too late" },
    });
    expect(renameGone.status).toBe(404);
  });
});

describe("another learner's conversation", () => {
  it("can never be read, continued, renamed or deleted, and stays as it was", async () => {
    const owner = await learnerWithConversation("Explain the cardiac cycle");
    const before = await readSession(owner.token, owner.sessionId);
    expect(before.data?.messages).toHaveLength(2);
    expect(before.data?.messages[1]?.text.startsWith(BANK_OPENING)).toBe(true);

    const intruder = await apiLearner({ trial: true });
    const notFound = { success: false, message: CHAT_MESSAGES.sessionNotFound };

    const read = await api(session(owner.sessionId), { token: intruder.token });
    expect(read.status).toBe(404);
    expect(read.body).toEqual(notFound);

    const message = await saveMessage(intruder.token, {
      sessionId: owner.sessionId,
      type: "user",
      text: "Injected question",
      function: "cvSopHelp",
    });
    expect(message.status).toBe(404);
    expect(message.body).toEqual(notFound);

    const botMessage = await saveMessage(intruder.token, {
      sessionId: owner.sessionId,
      type: "bot",
      text: "Injected answer",
    });
    expect(botMessage.status).toBe(404);

    const streamed = await streamReply(intruder.token, {
      sessionId: owner.sessionId,
      text: "Injected through the stream",
    });
    expect(streamed.status).toBe(404);
    expect(streamed.json).toEqual(notFound);

    const rename = await api(`${session(owner.sessionId)}/title`, {
      method: "PATCH",
      token: intruder.token,
      body: { title: "Taken over" },
    });
    expect(rename.status).toBe(404);
    expect(rename.body).toEqual(notFound);

    const remove = await api(session(owner.sessionId), { method: "DELETE", token: intruder.token });
    expect(remove.status).toBe(404);
    expect(remove.body).toEqual(notFound);

    // Creating it again says only that the id is taken, without the owner's data.
    const create = await api("/api/chats/session", {
      token: intruder.token,
      body: { sessionId: owner.sessionId, title: "Mine now" },
    });
    expect(create.status).toBe(409);
    expect(create.body).toEqual({ success: false, message: CHAT_MESSAGES.sessionExists });

    const listed = await history(intruder.token, "?search=cardiac");
    expect(listed.data).toEqual([]);

    const after = await readSession(owner.token, owner.sessionId);
    expect(after.data).toEqual(before.data);

    // The refused stream charged the intruder nothing.
    const trial = await api("/api/trial/status", { token: intruder.token });
    expect(
      (trial.body.trial as { features: { chatMessages: { used: number } } }).features.chatMessages
        .used,
    ).toBe(0);
  });

  it("is untouched when someone else clears their history", async () => {
    const owner = await learnerWithConversation("Pharmacology of beta blockers");
    const other = await learnerWithConversation("Anatomy of the brachial plexus");
    const otherSecond = newChatSessionId();
    await saveMessage(other.token, { sessionId: otherSecond, type: "user", text: "Second" });

    const cleared = await api("/api/chats/history", { method: "DELETE", token: other.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toEqual({
      success: true,
      message: CHAT_MESSAGES.cleared,
      data: { deletedCount: 2 },
    });
    expect((await history(other.token)).pagination.total).toBe(0);
    expect((await readSession(other.token, other.sessionId)).status).toBe(404);

    const ownerHistory = await history(owner.token);
    expect(ownerHistory.data.map((item) => item.sessionId)).toEqual([owner.sessionId]);
    expect((await readSession(owner.token, owner.sessionId)).data?.messages).toHaveLength(2);

    const again = await api("/api/chats/history", { method: "DELETE", token: other.token });
    expect(again.body).toMatchObject({ data: { deletedCount: 0 } });
  });
});

describe("what a learner may store", () => {
  const stored = async (userId: string) =>
    (await env.DB.prepare(
      "SELECT (SELECT count(*) FROM chat_messages WHERE user_id = ?1) AS messages, (SELECT count(*) FROM chat_sessions WHERE user_id = ?1) AS sessions",
    )
      .bind(userId)
      .first<{ messages: number; sessions: number }>())!;

  it("refuses /api/chats/message without a plan or a trial in force, storing nothing", async () => {
    const none = await apiLearner();
    const expired = await apiLearner({ trialStartedAt: Date.now() - 31 * 86_400_000 });
    for (const learner of [none, expired]) {
      const refused = await saveMessage(learner.token, {
        sessionId: newChatSessionId(),
        type: "bot",
        text: "x".repeat(32_000),
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({
        success: false,
        message: NO_ACCESS_MESSAGE,
        needsSubscription: true,
        redirectTo: "/plans",
      });
      expect(await stored(learner.user.id)).toEqual({ messages: 0, sessions: 0 });
    }
  });

  it("refuses a reply longer than 32,000 characters with 400", async () => {
    const { user, token } = await apiLearner({ trial: true });
    const tooLong = await saveMessage(token, {
      sessionId: newChatSessionId(),
      type: "bot",
      text: "x".repeat(32_001),
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe(CHAT_API_MESSAGES.replyTooLong);
    expect(await stored(user.id)).toEqual({ messages: 0, sessions: 0 });
  });

  it("keeps at most 5,000 messages per account, also when saves arrive at once, and a refused first save makes no conversation", async () => {
    const { user, token } = await apiLearner({ trial: true });
    const sessionId = newChatSessionId();
    const first = await saveMessage(token, { sessionId, type: "user", text: "First" });
    expect(first.status).toBe(201);
    // Fill the account to three below the ceiling in one statement.
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
       INSERT INTO chat_messages (session_id, user_id, type, text, status, created_at)
       SELECT ?1, ?2, 'bot', 'filler', 'complete', 0 FROM n`,
    )
      .bind(sessionId, user.id, MAX_SAVED_MESSAGES_PER_ACCOUNT - 4)
      .run();
    expect((await stored(user.id)).messages).toBe(MAX_SAVED_MESSAGES_PER_ACCOUNT - 3);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        saveMessage(token, { sessionId, type: "user", text: `Note ${index}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((answer) => answer.status === 409)) {
      expect(answer.body).toEqual({ success: false, message: CHAT_MESSAGES.storageFull });
    }
    expect(await stored(user.id)).toEqual({
      messages: MAX_SAVED_MESSAGES_PER_ACCOUNT,
      sessions: 1,
    });

    // Full: a new conversation's first message and a streamed send store nothing.
    const fresh = await saveMessage(token, {
      sessionId: newChatSessionId(),
      type: "user",
      text: "New topic",
    });
    expect(fresh.status).toBe(409);
    const streamed = await streamReply(token, { sessionId: newChatSessionId(), text: "Hello" });
    expect(streamed.status).toBe(409);
    expect(streamed.json).toMatchObject({ message: CHAT_MESSAGES.storageFull });
    expect(await stored(user.id)).toEqual({
      messages: MAX_SAVED_MESSAGES_PER_ACCOUNT,
      sessions: 1,
    });
    // Nothing was charged for the refused send.
    const trial = await api("/api/trial/status", { token });
    expect(
      (trial.body.trial as { features: { chatMessages: { used: number } } }).features.chatMessages
        .used,
    ).toBe(0);
  });
});
