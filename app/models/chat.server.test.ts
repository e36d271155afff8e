/**
 * Conversations in the real D1: creation, naming, counting, the history
 * list's search, filter and order, and that every read and write stays
 * within one owner's rows.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { AUTO_TITLE_LENGTH, DEFAULT_CHAT_TITLE, newChatSessionId } from "~/lib/chat-session";
import {
  clearChatHistory,
  createChatSession,
  deleteChatSession,
  getChatSession,
  latestChatOf,
  latestChatStatements,
  listChatSessions,
  renameChatSession,
  saveChatMessage,
} from "./chat.server";
import { makeUser } from "../../tests/support/auth";

const db = () => createDb(env.DB);
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 2, 6, 0, 0);

/** A learner without a password (no hash to compute). */
async function learner() {
  return makeUser({ password: null });
}

let ids = 0;
/** A session id made the client's way, distinct even within one millisecond. */
function sessionId(at = T0): string {
  ids += 1;
  return newChatSessionId(at + ids);
}

async function say(
  userId: string,
  id: string,
  type: "user" | "bot",
  text: string,
  at: number,
  extra: { function?: "general" | "studyHelp" | "careerGuidance"; clientKey?: string } = {},
) {
  const result = await saveChatMessage(db(), userId, { sessionId: id, type, text, ...extra }, at);
  if (result.status !== "saved") throw new Error(`could not save to ${id}`);
  return result;
}

describe("creating a conversation", () => {
  it("creates it once for its owner; the same id again is 'exists' for anyone", async () => {
    const [owner, other] = [await learner(), await learner()];
    const id = sessionId();
    const created = await createChatSession(
      db(),
      owner.id,
      { sessionId: id, function: "studyHelp" },
      T0,
    );
    expect(created).toEqual({
      status: "created",
      session: {
        sessionId: id,
        title: DEFAULT_CHAT_TITLE,
        function: "studyHelp",
        messageCount: 0,
        lastActivity: T0,
        createdAt: T0,
      },
    });

    const again = await createChatSession(db(), owner.id, { sessionId: id, title: "Other" });
    expect(again.status).toBe("exists");
    expect(again.session?.sessionId).toBe(id);
    expect(again.session?.title).toBe(DEFAULT_CHAT_TITLE);

    // Someone else learns only that the id is taken, never the conversation.
    expect(await createChatSession(db(), other.id, { sessionId: id })).toEqual({
      status: "exists",
      session: null,
    });
    expect(await getChatSession(db(), other.id, id)).toBeNull();
    expect((await getChatSession(db(), owner.id, id))?.function).toBe("studyHelp");
  });

  it("defaults to the general function and 'New Conversation'", async () => {
    const user = await learner();
    const id = sessionId();
    const created = await createChatSession(db(), user.id, { sessionId: id, title: "   " });
    expect(created.status).toBe("created");
    expect(created.session).toMatchObject({ function: "general", title: DEFAULT_CHAT_TITLE });
  });
});

describe("titles", () => {
  it("names a conversation after the learner's first message, not the mentor's or later ones", async () => {
    const user = await learner();
    const id = sessionId();
    await say(user.id, id, "bot", "Hello! How can I help you today?", T0);
    expect((await getChatSession(db(), user.id, id))?.title).toBe(DEFAULT_CHAT_TITLE);
    await say(user.id, id, "user", "  What is\n the Frank-Starling law? ", T0 + 1);
    await say(user.id, id, "user", "And what about afterload?", T0 + 2);
    expect((await getChatSession(db(), user.id, id))?.title).toBe(
      "What is the Frank-Starling law?",
    );
  });

  it("cuts a long first message at a word", async () => {
    const user = await learner();
    const id = sessionId();
    const text =
      "Could you explain the pathophysiology of diabetic ketoacidosis including the role of insulin deficiency and counter-regulatory hormones";
    await say(user.id, id, "user", text, T0);
    const title = (await getChatSession(db(), user.id, id))!.title;
    expect(title.length).toBeLessThanOrEqual(AUTO_TITLE_LENGTH);
    expect(title.endsWith("…")).toBe(true);
    const words = title.slice(0, -1);
    // Whole words only: the cut text is a prefix followed, in the message, by a space.
    expect(text.startsWith(words)).toBe(true);
    expect(text[words.length]).toBe(" ");
    expect(words).toBe("Could you explain the pathophysiology of diabetic");
  });

  it("keeps a renamed title, and a title given at creation, when messages arrive", async () => {
    const user = await learner();
    const renamed = sessionId();
    await createChatSession(db(), user.id, { sessionId: renamed }, T0);
    expect(await renameChatSession(db(), user.id, renamed, "  Cardio   revision ")).toMatchObject({
      title: "Cardio revision",
    });
    await say(user.id, renamed, "user", "Explain preload", T0 + 1);
    expect((await getChatSession(db(), user.id, renamed))?.title).toBe("Cardio revision");

    // Renamed back to the default text: still the learner's choice, still kept.
    const backToDefault = sessionId();
    await createChatSession(db(), user.id, { sessionId: backToDefault }, T0);
    await renameChatSession(db(), user.id, backToDefault, DEFAULT_CHAT_TITLE);
    await say(user.id, backToDefault, "user", "Explain afterload", T0 + 1);
    expect((await getChatSession(db(), user.id, backToDefault))?.title).toBe(DEFAULT_CHAT_TITLE);

    const given = sessionId();
    await createChatSession(db(), user.id, { sessionId: given, title: "NEET PG plan" }, T0);
    await say(user.id, given, "user", "Make me a schedule", T0 + 1);
    expect((await getChatSession(db(), user.id, given))?.title).toBe("NEET PG plan");
  });
});

describe("messages", () => {
  it("counts messages, keeps them oldest first and moves lastActivity and the function", async () => {
    const user = await learner();
    const id = sessionId();
    const first = await say(user.id, id, "user", "Hi", T0, { function: "studyHelp" });
    expect(first.created).toBe(true);
    expect(first.session).toMatchObject({ messageCount: 1, function: "studyHelp" });
    const second = await say(user.id, id, "bot", "Hello", T0 + MINUTE);
    expect(second.created).toBe(false);
    // A message without a function leaves the conversation's as it was.
    expect(second.session).toMatchObject({
      messageCount: 2,
      function: "studyHelp",
      lastActivity: T0 + MINUTE,
    });
    await say(user.id, id, "user", "Careers?", T0 + 2 * MINUTE, { function: "careerGuidance" });
    const detail = await getChatSession(db(), user.id, id);
    expect(detail).toMatchObject({
      messageCount: 3,
      function: "careerGuidance",
      lastActivity: T0 + 2 * MINUTE,
      createdAt: T0,
    });
    expect(detail?.messages.map((message) => [message.type, message.text, message.status])).toEqual(
      [
        ["user", "Hi", "complete"],
        ["bot", "Hello", "complete"],
        ["user", "Careers?", "complete"],
      ],
    );
    expect(detail?.messages.map((message) => message.timestamp)).toEqual([
      T0,
      T0 + MINUTE,
      T0 + 2 * MINUTE,
    ]);
  });

  it("saves one message for a repeated client key, per type", async () => {
    const user = await learner();
    const id = sessionId();
    const clientKey = "send-key-0001";
    const first = await say(user.id, id, "user", "What is shock?", T0, { clientKey });
    const again = await say(user.id, id, "user", "What is shock?", T0 + 5, { clientKey });
    expect(again.message.id).toBe(first.message.id);
    // Two retries at once still save one.
    const racing = await Promise.all([
      say(user.id, id, "bot", "Shock is…", T0 + 10, { clientKey }),
      say(user.id, id, "bot", "Shock is…", T0 + 10, { clientKey }),
    ]);
    expect(racing[0].message.id).toBe(racing[1].message.id);
    const detail = await getChatSession(db(), user.id, id);
    expect(detail?.messageCount).toBe(2);
    expect(detail?.messages.map((message) => message.type)).toEqual(["user", "bot"]);
  });

  it("refuses to write into someone else's conversation", async () => {
    const [owner, intruder] = [await learner(), await learner()];
    const id = sessionId();
    await say(owner.id, id, "user", "My question", T0);
    expect(
      await saveChatMessage(db(), intruder.id, { sessionId: id, type: "user", text: "Hijack" }),
    ).toEqual({ status: "not-found" });
    const detail = await getChatSession(db(), owner.id, id);
    expect(detail?.messages.map((message) => message.text)).toEqual(["My question"]);
    expect(detail?.title).toBe("My question");
  });
});

describe("the history list", () => {
  /** Three conversations, oldest first by last activity. */
  async function history() {
    const user = await learner();
    const cardio = sessionId();
    const career = sessionId();
    const literal = sessionId();
    await say(user.id, cardio, "user", "Heart failure basics", T0, { function: "studyHelp" });
    await say(user.id, cardio, "bot", "Preload and AFTERLOAD both matter", T0 + MINUTE);
    await say(user.id, career, "user", "Which specialty suits me?", T0 + 2 * MINUTE, {
      function: "careerGuidance",
    });
    await say(user.id, literal, "user", "Is 100% oxygen_therapy safe?", T0 + 3 * MINUTE);
    return { user, cardio, career, literal };
  }

  it("lists the most recently active first, with paging", async () => {
    const { user, cardio, career, literal } = await history();
    const all = await listChatSessions(db(), user.id);
    expect(all.sessions.map((session) => session.sessionId)).toEqual([literal, career, cardio]);
    expect(all).toMatchObject({ total: 3, limit: 20, skip: 0, hasMore: false });

    const first = await listChatSessions(db(), user.id, { limit: 2 });
    expect(first.sessions.map((session) => session.sessionId)).toEqual([literal, career]);
    expect(first).toMatchObject({ total: 3, hasMore: true });
    const second = await listChatSessions(db(), user.id, { limit: 2, skip: 2 });
    expect(second.sessions.map((session) => session.sessionId)).toEqual([cardio]);
    expect(second).toMatchObject({ total: 3, skip: 2, hasMore: false });

    // New activity moves a conversation to the top.
    await say(user.id, cardio, "user", "More please", T0 + 10 * MINUTE);
    const moved = await listChatSessions(db(), user.id);
    expect(moved.sessions.map((session) => session.sessionId)).toEqual([cardio, literal, career]);

    // Limits are kept within 1 to 100.
    expect((await listChatSessions(db(), user.id, { limit: 1_000 })).limit).toBe(100);
    expect((await listChatSessions(db(), user.id, { limit: 0, skip: -4 })).limit).toBe(1);
  });

  it("searches titles and message text, ignoring case", async () => {
    const { user, cardio, career } = await history();
    const ids = async (search: string) =>
      (await listChatSessions(db(), user.id, { search })).sessions.map((s) => s.sessionId);
    expect(await ids("HEART FAILURE")).toEqual([cardio]); // the title
    expect(await ids("afterload")).toEqual([cardio]); // a bot message's text
    expect(await ids("specialty")).toEqual([career]);
    expect(await ids("nothing like this")).toEqual([]);
    expect((await listChatSessions(db(), user.id, { search: "   " })).total).toBe(3);
  });

  it("takes % and _ literally", async () => {
    const { user, literal } = await history();
    const ids = async (search: string) =>
      (await listChatSessions(db(), user.id, { search })).sessions.map((s) => s.sessionId);
    expect(await ids("%")).toEqual([literal]);
    expect(await ids("100%")).toEqual([literal]);
    expect(await ids("_")).toEqual([literal]);
    expect(await ids("oxygen_therapy")).toEqual([literal]);
    // As wildcards these would match "Heart failure" and "Which specialty".
    expect(await ids("h%t")).toEqual([]);
    expect(await ids("Whi_h")).toEqual([]);
  });

  it("filters by function, together with search", async () => {
    const { user, cardio, career, literal } = await history();
    const ids = async (query: Parameters<typeof listChatSessions>[2]) =>
      (await listChatSessions(db(), user.id, query)).sessions.map((s) => s.sessionId);
    expect(await ids({ function: "studyHelp" })).toEqual([cardio]);
    expect(await ids({ function: "careerGuidance" })).toEqual([career]);
    expect(await ids({ function: "general" })).toEqual([literal]);
    expect(await ids({ function: "cvSopHelp" })).toEqual([]);
    expect(await ids({ function: "studyHelp", search: "specialty" })).toEqual([]);
    expect((await listChatSessions(db(), user.id, { function: "studyHelp" })).total).toBe(1);
  });

  it("shows nobody else's conversations, even when the search would match them", async () => {
    const { cardio } = await history();
    const other = await learner();
    const page = await listChatSessions(db(), other.id, { search: "heart" });
    expect(page).toMatchObject({ sessions: [], total: 0, hasMore: false });
    expect(await getChatSession(db(), other.id, cardio)).toBeNull();
  });

  it("opens the chat screen on the latest conversation, with its messages", async () => {
    const latestChatSession = async (database: ReturnType<typeof db>, userId: string) =>
      latestChatOf(database, await env.DB.batch(latestChatStatements(database, userId)));
    const { user, literal, cardio } = await history();
    expect(await latestChatSession(db(), (await learner()).id)).toBeNull();
    const latest = await latestChatSession(db(), user.id);
    expect(latest?.sessionId).toBe(literal);
    expect(latest?.messages.map((message) => message.text)).toEqual([
      "Is 100% oxygen_therapy safe?",
    ]);
    await say(user.id, cardio, "bot", "Anything else?", T0 + 20 * MINUTE);
    expect((await latestChatSession(db(), user.id))?.sessionId).toBe(cardio);
  });
});

describe("renaming and deleting", () => {
  it("renames, deletes and clears only the owner's conversations", async () => {
    const [owner, other] = [await learner(), await learner()];
    const kept = sessionId();
    const removed = sessionId();
    const others = sessionId();
    await say(owner.id, kept, "user", "Keep me", T0);
    await say(owner.id, removed, "user", "Delete me", T0 + 1);
    await say(other.id, others, "user", "Mine", T0 + 2);

    expect(await renameChatSession(db(), other.id, kept, "Stolen")).toBeNull();
    expect(await deleteChatSession(db(), other.id, kept)).toBe(false);
    expect((await getChatSession(db(), owner.id, kept))?.title).toBe("Keep me");

    expect(await deleteChatSession(db(), owner.id, removed)).toBe(true);
    expect(await deleteChatSession(db(), owner.id, removed)).toBe(false);
    expect(await getChatSession(db(), owner.id, removed)).toBeNull();
    // Its messages went with it: a search finds nothing.
    expect((await listChatSessions(db(), owner.id, { search: "Delete me" })).total).toBe(0);

    expect(await clearChatHistory(db(), other.id)).toBe(1);
    expect(await getChatSession(db(), other.id, others)).toBeNull();
    const survivor = await getChatSession(db(), owner.id, kept);
    expect(survivor?.messages.map((message) => message.text)).toEqual(["Keep me"]);
    expect(await clearChatHistory(db(), owner.id)).toBe(1);
    expect((await listChatSessions(db(), owner.id)).total).toBe(0);
    expect(await clearChatHistory(db(), owner.id)).toBe(0);
  });
});
