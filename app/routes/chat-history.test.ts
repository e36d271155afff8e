/**
 * The chat history screen's forms as a browser without JavaScript sends
 * them, through the real worker: who may post, where each answer goes, and
 * that nobody reaches another learner's conversation.
 */
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { CHAT_MESSAGES } from "~/lib/chat-session";
import { createChatSession, getChatSession, listChatSessions } from "~/models/chat.server";
import { call, cookiesFrom, makeUser, postForm } from "../../tests/support/auth";

vi.setConfig({ testTimeout: 30_000 });

const db = () => createDb(env.DB);
let ids = 0;
const newId = () => `chat_${Date.now() + ++ids}_${crypto.randomUUID().slice(0, 8)}`;

async function learner() {
  const user = await makeUser();
  const response = await postForm("/login", { email: user.email, password: user.plainPassword });
  expect(response.status).toBe(302);
  return { user, cookie: cookiesFrom(response) };
}

async function conversation(userId: string, title: string) {
  const sessionId = newId();
  await createChatSession(db(), userId, { sessionId, title });
  return sessionId;
}

/** The toast a redirect flashed, read back from the page it leads to. */
async function flashed(response: Response, cookie: string): Promise<string> {
  const location = response.headers.get("Location");
  expect(location).toBeTruthy();
  const page = await call(location!, { headers: { Cookie: cookiesFrom(response, cookie) } });
  return page.text();
}

describe("/chat-history", () => {
  it("asks visitors to log in, and is never stored by the browser", async () => {
    const anonymous = await call("/chat-history");
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await anonymous.text();
    expect(html).toContain("Authentication Required");
    expect(html).toContain("Please log in to view your chat history.");

    const posted = await postForm("/chat-history", { intent: "clear" });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe("/login?redirectTo=%2Fchat-history");

    const { cookie } = await learner();
    const signedIn = await call("/chat-history", { headers: { Cookie: cookie } });
    expect(signedIn.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await signedIn.text()).toContain("No conversations yet");
  });

  it("deletes a conversation, closing it when it was open and keeping the search", async () => {
    const { user, cookie } = await learner();
    const open = await conversation(user.id, "Renal tubular acidosis");
    const other = await conversation(user.id, "Renal clearance");

    const response = await postForm(
      `/chat-history?q=renal&sessionId=${open}`,
      { intent: "delete", sessionId: open },
      { cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/chat-history?q=renal");
    expect(await getChatSession(db(), user.id, open)).toBeNull();
    expect(await flashed(response, cookie)).toContain(CHAT_MESSAGES.deleted);

    // Deleting another one from the list leaves the open one open.
    const kept = await conversation(user.id, "Acid-base basics");
    const fromList = await postForm(
      `/chat-history?sessionId=${kept}`,
      { intent: "delete", sessionId: other },
      { cookie },
    );
    expect(fromList.headers.get("Location")).toBe(`/chat-history?sessionId=${kept}`);
    expect((await listChatSessions(db(), user.id)).sessions.map((s) => s.sessionId)).toEqual([
      kept,
    ]);
  });

  it("never deletes or renames another learner's conversation", async () => {
    const owner = await makeUser();
    const theirs = await conversation(owner.id, "Private notes");
    const { user, cookie } = await learner();
    await conversation(user.id, "My own notes");

    const deleted = await postForm(
      "/chat-history",
      { intent: "delete", sessionId: theirs },
      { cookie },
    );
    expect(deleted.status).toBe(302);
    expect(await flashed(deleted, cookie)).toContain(CHAT_MESSAGES.sessionNotFound);
    const renamed = await postForm(
      "/chat-history",
      { intent: "rename", sessionId: theirs, title: "Mine now" },
      { cookie },
    );
    expect(renamed.status).toBe(302);
    expect(await getChatSession(db(), owner.id, theirs)).toMatchObject({ title: "Private notes" });

    const peek = await call(`/chat-history?sessionId=${theirs}`, { headers: { Cookie: cookie } });
    const html = await peek.text();
    expect(html).toContain(CHAT_MESSAGES.sessionNotFound);
    expect(html).not.toContain("Private notes");
    const confirm = await call(`/chat-history?confirm=delete&target=${theirs}`, {
      headers: { Cookie: cookie },
    });
    expect(await confirm.text()).not.toContain("Private notes");
  });

  it("renames with the title rules, answering errors in the page", async () => {
    const { user, cookie } = await learner();
    const sessionId = await conversation(user.id, "Untitled revision");

    const blank = await postForm(
      `/chat-history?sessionId=${sessionId}`,
      { intent: "rename", sessionId, title: "   " },
      { cookie },
    );
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(CHAT_MESSAGES.titleRequired);
    const long = await postForm(
      `/chat-history?sessionId=${sessionId}`,
      { intent: "rename", sessionId, title: "x".repeat(121) },
      { cookie },
    );
    expect(long.status).toBe(400);
    expect(await long.text()).toContain(CHAT_MESSAGES.titleTooLong);

    const saved = await postForm(
      `/chat-history?sessionId=${sessionId}&rename=1`,
      { intent: "rename", sessionId, title: "  Endocrine   week  " },
      { cookie },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/chat-history?sessionId=${sessionId}`);
    expect(await getChatSession(db(), user.id, sessionId)).toMatchObject({
      title: "Endocrine week",
    });
    expect(await flashed(saved, cookie)).toContain(CHAT_MESSAGES.renamed);
  });

  it("clears every conversation of the learner, and only theirs", async () => {
    const bystander = await makeUser();
    await conversation(bystander.id, "Someone else's");
    const { user, cookie } = await learner();
    const open = await conversation(user.id, "First");
    await conversation(user.id, "Second");

    const response = await postForm(
      `/chat-history?q=first&sessionId=${open}`,
      { intent: "clear" },
      { cookie },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/chat-history");
    expect((await listChatSessions(db(), user.id)).total).toBe(0);
    expect((await listChatSessions(db(), bystander.id)).total).toBe(1);
    const page = await flashed(response, cookie);
    expect(page).toContain(CHAT_MESSAGES.cleared);
    expect(page).toContain("No conversations yet");
  });
});
