/**
 * The chat history screen's data for an address: its query parameters, pages
 * of 50 with "Load more", empty state versus no results, the open
 * conversation (never someone else's) and the confirmation step.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb, type Database } from "~/db/client.server";
import {
  historyHref,
  MAX_HISTORY_PAGES,
  parseHistoryConfirm,
  parseHistoryView,
} from "~/lib/chat-history";
import { CHAT_HISTORY_PAGE_SIZE } from "~/lib/chat-session";
import { loadChatHistoryScreen } from "./chat-history.server";
import { createChatSession, saveChatMessage } from "~/models/chat.server";
import { makeUser } from "../../tests/support/auth";

const db = () => createDb(env.DB);
const START = Date.UTC(2026, 10, 1, 9, 0, 0);
let ids = 0;
const sessionId = () => `chat_${START + ++ids}_${crypto.randomUUID().slice(0, 8)}`;
const params = (query: string) => new URLSearchParams(query);
const view = (query = "") => parseHistoryView(params(query));

async function learnerWith(count: number) {
  const user = await makeUser();
  const sessions: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = sessionId();
    await createChatSession(
      db(),
      user.id,
      { sessionId: id, title: `Topic ${index + 1}`, function: index % 2 ? "studyHelp" : "general" },
      START + index * 1000,
    );
    sessions.push(id);
  }
  return { user, sessions };
}

describe("the history address", () => {
  it("reads search, function, page and the open conversation, ignoring what is not valid", () => {
    const id = sessionId();
    expect(
      view(`q=%20%20Frank%20%20Starling%20&function=studyHelp&page=3&sessionId=${id}`),
    ).toEqual({ q: "Frank Starling", function: "studyHelp", page: 3, sessionId: id });
    expect(view("function=surgery&page=-4&sessionId=../admin")).toEqual({
      q: "",
      function: null,
      page: 1,
      sessionId: null,
    });
    expect(view("page=9999").page).toBe(MAX_HISTORY_PAGES);
    expect(view(`q=${"a".repeat(500)}`).q).toHaveLength(200);
  });

  it("writes the address back, keeping only what is set", () => {
    const id = sessionId();
    const current = view(`q=renal&function=general&page=2&sessionId=${id}`);
    expect(historyHref(current)).toBe(
      `/chat-history?q=renal&function=general&page=2&sessionId=${id}`,
    );
    expect(historyHref(current, { sessionId: null, page: 1 })).toBe(
      "/chat-history?q=renal&function=general",
    );
    expect(historyHref(view(), {}, { confirm: "clear" })).toBe("/chat-history?confirm=clear");
    expect(parseHistoryView(new URL(`https://x.test${historyHref(current)}`).searchParams)).toEqual(
      current,
    );
  });

  it("reads the confirmation step", () => {
    const id = sessionId();
    expect(parseHistoryConfirm(params(`confirm=delete&target=${id}`))).toEqual({
      kind: "delete",
      target: id,
    });
    expect(parseHistoryConfirm(params("confirm=delete&target=nope"))).toBeNull();
    expect(parseHistoryConfirm(params("confirm=clear"))).toEqual({ kind: "clear" });
    expect(parseHistoryConfirm(params(""))).toBeNull();
  });
});

describe("loadChatHistoryScreen", () => {
  it("shows 50 conversations a page, most recent first, and more with each page", async () => {
    const { user, sessions } = await learnerWith(CHAT_HISTORY_PAGE_SIZE + 3);
    const first = await loadChatHistoryScreen(db(), user.id, view(), null);
    expect(first.sessions).toHaveLength(CHAT_HISTORY_PAGE_SIZE);
    expect(first.total).toBe(CHAT_HISTORY_PAGE_SIZE + 3);
    expect(first.hasMore).toBe(true);
    expect(first.hasAny).toBe(true);
    expect(first.sessions[0]?.sessionId).toBe(sessions.at(-1));

    const both = await loadChatHistoryScreen(db(), user.id, view("page=2"), null);
    expect(both.sessions.map((session) => session.sessionId)).toEqual([...sessions].reverse());
    expect(both.hasMore).toBe(false);
    expect(both.failed).toEqual({ history: false, session: false });

    // Asking for more pages than there are reads only those that exist.
    const all = await loadChatHistoryScreen(db(), user.id, view(`page=${MAX_HISTORY_PAGES}`), null);
    expect(all.sessions).toHaveLength(CHAT_HISTORY_PAGE_SIZE + 3);
    expect(all.hasMore).toBe(false);
  });

  it("tells an empty history from a search without results", async () => {
    const empty = await makeUser();
    const none = await loadChatHistoryScreen(db(), empty.id, view(), null);
    expect(none).toMatchObject({ sessions: [], total: 0, hasAny: false, hasMore: false });

    const { user } = await learnerWith(2);
    const missed = await loadChatHistoryScreen(db(), user.id, view("q=pneumothorax"), null);
    expect(missed).toMatchObject({ sessions: [], total: 0, hasAny: true });
    const filtered = await loadChatHistoryScreen(db(), user.id, view("function=studyHelp"), null);
    expect(filtered.sessions.map((session) => session.title)).toEqual(["Topic 2"]);
  });

  it("searches titles and message text", async () => {
    const { user, sessions } = await learnerWith(3);
    await saveChatMessage(db(), user.id, {
      sessionId: sessions[0]!,
      type: "user",
      text: "Include the AUTACOIDS chapter",
    });
    const byMessage = await loadChatHistoryScreen(db(), user.id, view("q=autacoids"), null);
    expect(byMessage.sessions.map((session) => session.sessionId)).toEqual([sessions[0]]);
    const byTitle = await loadChatHistoryScreen(db(), user.id, view("q=topic%203"), null);
    expect(byTitle.sessions.map((session) => session.sessionId)).toEqual([sessions[2]]);
  });

  it("opens the learner's own conversation with its messages, never someone else's", async () => {
    const { user, sessions } = await learnerWith(1);
    const other = await learnerWith(1);
    await saveChatMessage(db(), user.id, { sessionId: sessions[0]!, type: "user", text: "Hello" });
    await saveChatMessage(db(), user.id, { sessionId: sessions[0]!, type: "bot", text: "Hi!" });

    const open = await loadChatHistoryScreen(db(), user.id, view(`sessionId=${sessions[0]}`), null);
    expect(open.selected?.messages.map((message) => [message.type, message.text])).toEqual([
      ["user", "Hello"],
      ["bot", "Hi!"],
    ]);
    expect(open.selectedMissing).toBe(false);

    const theirs = await loadChatHistoryScreen(
      db(),
      user.id,
      view(`sessionId=${other.sessions[0]}`),
      null,
    );
    expect(theirs.selected).toBeNull();
    expect(theirs.selectedMissing).toBe(true);
  });

  it("names the conversation a confirmation is about, even beyond the loaded page", async () => {
    const { user, sessions } = await learnerWith(CHAT_HISTORY_PAGE_SIZE + 1);
    const oldest = sessions[0]!;
    const screen = await loadChatHistoryScreen(db(), user.id, view(), {
      kind: "delete",
      target: oldest,
    });
    expect(screen.sessions.some((session) => session.sessionId === oldest)).toBe(false);
    expect(screen.confirm).toEqual({ kind: "delete", sessionId: oldest, title: "Topic 1" });

    const other = await learnerWith(1);
    const theirs = await loadChatHistoryScreen(db(), user.id, view(), {
      kind: "delete",
      target: other.sessions[0]!,
    });
    expect(theirs.confirm).toBeNull();

    expect((await loadChatHistoryScreen(db(), user.id, view(), { kind: "clear" })).confirm).toEqual(
      { kind: "clear" },
    );
    const empty = await makeUser();
    expect((await loadChatHistoryScreen(db(), empty.id, view(), { kind: "clear" })).confirm).toBe(
      null,
    );
  });

  it("reports a database failure as flags, logging it, so the screen still renders", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const broken = {
      select() {
        throw new Error("D1 is unavailable");
      },
    } as unknown as Database;
    const screen = await loadChatHistoryScreen(
      broken,
      "someone",
      view(`sessionId=${sessionId()}`),
      null,
    );
    expect(screen).toMatchObject({
      sessions: [],
      hasAny: true,
      selected: null,
      selectedMissing: false,
      failed: { history: true, session: true },
    });
    expect(logged).toHaveBeenCalledWith(
      "[chat-history] Failed to fetch chat history",
      expect.any(Error),
    );
    logged.mockRestore();
  });
});
