/**
 * Fixtures for the mentor chat browser tests: the chat's controls by their
 * labels, scripted replies from the fake Gemini server (directives in the
 * learner's message, tests/fakes/gemini.mjs), that server's request log, and
 * conversations started through the streaming endpoint with the page's cookie.
 */
import type { Locator, Page } from "@playwright/test";
import { fakeDirective } from "../fakes/gemini.mjs";
import { expect } from "./access-fixtures";

export {
  expect,
  giveSubscription,
  openAccountMenu,
  removeTrial,
  signedInLearner,
  test,
} from "./access-fixtures";

/** `[[fake …]]`: how the fake Gemini server should answer the message it is in. */
export function directive(options: Record<string, string | number | true>): string {
  return fakeDirective(options);
}

/** A name for one scripted reply, unique across tests and runs. */
export function uniqueId(label: string): string {
  return `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

type FakeRequest = { id: string; state: "open" | "done" | "cancelled"; body: unknown };

/** What the fake Gemini server saw for a scripted reply. */
export async function fakeRequests(page: Page, id: string): Promise<FakeRequest[]> {
  const origin = `http://127.0.0.1:${process.env.E2E_GEMINI_PORT}`;
  const response = await page.request.get(`${origin}/_fake/requests?id=${encodeURIComponent(id)}`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as FakeRequest[];
}

export function chatInput(page: Page): Locator {
  return page.getByRole("textbox", { name: "Message Dr. Mentor" });
}

export function conversation(page: Page): Locator {
  return page.getByRole("log", { name: "Conversation with Dr. Mentor" });
}

export function mentorMessages(page: Page): Locator {
  return conversation(page).locator('[data-testid="chat-message"][data-from="mentor"]');
}

export function learnerMessages(page: Page): Locator {
  return conversation(page).locator('[data-testid="chat-message"][data-from="user"]');
}

/** Types a message and presses Enter. */
export async function sendMessage(page: Page, text: string): Promise<void> {
  await chatInput(page).fill(text);
  await chatInput(page).press("Enter");
}

/**
 * Starts a conversation through POST /api/chats/stream with the page's
 * session cookie, and waits for the whole reply. Returns the session id.
 */
export async function startConversation(
  page: Page,
  text: string,
  chatFunction = "general",
): Promise<string> {
  const sessionId = `chat_${Date.now()}_${Math.random().toString(36).slice(2, 10)}`;
  // As the page's own fetch would: cookie-authenticated API writes must say they come from this site.
  const response = await page.request.post("/api/chats/stream", {
    data: { sessionId, text, function: chatFunction },
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("event: done");
  return sessionId;
}
