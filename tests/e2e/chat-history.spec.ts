/**
 * The chat history screen: the signed-out
 * screen; the list with its date labels, paging, search over titles and
 * message text and the function filter; the open conversation with Continue
 * Chat and rename; deleting one conversation after the 'Delete Conversation'
 * confirmation and clearing them all; the empty state; small screens; and an
 * accessibility scan. Conversations are made through the real streaming
 * endpoint (the fake Gemini answers "Fake Gemini reply to: …"), except where
 * a test needs conversations from earlier days, which only time makes.
 * Tests tagged @nojs run again with JavaScript off.
 */
import type { Locator, Page } from "@playwright/test";
import type { ChatFunction } from "../../app/lib/chat-functions";
import { chatDateLabel } from "../../app/lib/chat-session";
import { expectFlash, localD1 } from "./auth-fixtures";
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";
import { seriousViolations } from "./axe";

// Labels are calendar days in the browser's zone; fix it so the expectations are too.
test.use({ timezoneId: "Asia/Kolkata" });
// Each test signs up a learner (register, mailed code, log in) first.
test.describe.configure({ timeout: 90_000 });

const DAY_MS = 86_400_000;

const noJavaScript = () => test.info().project.use.javaScriptEnabled === false;

function newSessionId(): string {
  const random = Math.random().toString(36).slice(2).padEnd(10, "0").slice(0, 10);
  return `chat_${Date.now()}_${random}`;
}

/** One learner message and the mentor's streamed reply, through POST /api/chats/stream. */
async function converse(
  page: Page,
  text: string,
  options: { fn?: ChatFunction; sessionId?: string } = {},
): Promise<string> {
  const sessionId = options.sessionId ?? newSessionId();
  // As the page's own fetch would: cookie-authenticated API writes must say they come from this site.
  const response = await page.request.post("/api/chats/stream", {
    data: { sessionId, text, function: options.fn ?? "general" },
    headers: { "Sec-Fetch-Site": "same-origin" },
  });
  const body = await response.text();
  expect(response.status(), body).toBe(200);
  expect(body).toContain("event: done");
  expect(body).toContain("Fake Gemini reply to:");
  return sessionId;
}

const quote = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Conversations dated in the past, written into the local D1 (only time makes them otherwise). */
async function seedConversations(
  email: string,
  rows: Array<{ id: string; title: string; fn?: ChatFunction; at: number }>,
) {
  const values = rows
    .map(
      (row) =>
        `(${quote(row.id)}, (SELECT id FROM users WHERE email = ${quote(email)}), ${quote(row.fn ?? "general")}, ${quote(row.title)}, 0, 0, ${row.at}, ${row.at})`,
    )
    .join(",\n");
  await localD1(
    `INSERT INTO chat_sessions (id, user_id, function, title, title_edited, message_count, created_at, last_activity) VALUES ${values};`,
  );
}

/**
 * Opens the screen; with JavaScript, waits until React has taken over (the
 * delete controls then announce their dialog), so clicks take the in-page path.
 */
async function openHistory(page: Page, path = "/chat-history") {
  await page.goto(path);
  if (noJavaScript()) return;
  await page.waitForFunction(
    () =>
      document.querySelector('[aria-haspopup="dialog"]') !== null ||
      document.querySelector("a[data-row-link]") === null,
  );
}

const conversationList = (page: Page) =>
  page.getByRole("navigation", { name: "Conversation list" });
const rows = (page: Page) => conversationList(page).locator("a[data-row-link]");
const row = (page: Page, title: string | RegExp) => rows(page).filter({ hasText: title });
const pane = (page: Page) => page.locator("section#conversation");

/** The confirmation: a dialog with JavaScript, a panel in the page without. */
function confirmation(page: Page, title: string): Locator {
  return noJavaScript()
    ? page.getByRole("region", { name: title })
    : page.getByRole("dialog", { name: title });
}

async function search(page: Page, words: string) {
  await page.getByRole("searchbox", { name: "Search conversations" }).fill(words);
  await page.getByRole("searchbox", { name: "Search conversations" }).press("Enter");
  await expect(page).toHaveURL(
    words
      ? new RegExp(`[?&]q=${encodeURIComponent(words).replace(/%20/g, "\\+")}`)
      : /chat-history/,
  );
}

async function filterBy(page: Page, label: string) {
  await page.getByLabel("Function").selectOption({ label });
  await page.getByRole("button", { name: "Search" }).click();
}

test.describe("chat history", () => {
  test("signed-out visitors are asked to log in @nojs", async ({ page }) => {
    await page.goto("/chat-history");
    await expect(page.getByRole("heading", { name: "Authentication Required" })).toBeVisible();
    await expect(page.getByText("Please log in to view your chat history.")).toBeVisible();
    const login = page.getByRole("link", { name: "Go to Login" });
    await expect(login).toHaveAttribute("href", "/login?redirectTo=%2Fchat-history");
    await login.click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fchat-history$/);
  });

  test("a learner with no conversations sees the empty state @nojs", async ({ page, ip }) => {
    await signedInLearner(page, ip, "history-empty");
    await openHistory(page);
    await expect(page.getByRole("heading", { level: 1, name: "Chat History" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
    const start = page.getByRole("main").getByRole("link", { name: "Start New Conversation" });
    await expect(start).toHaveCount(2);
    for (const link of await start.all())
      await expect(link).toHaveAttribute("href", "/chatbot?new");
    await expect(page.getByRole("link", { name: "Clear all history" })).toHaveCount(0);
    await expect(page.getByRole("searchbox", { name: "Search conversations" })).toHaveCount(0);
    // axe runs in the page, so it needs JavaScript.
    if (!noJavaScript()) expect(await seriousViolations(page)).toEqual([]);

    await start.last().click();
    await expect(page).toHaveURL(/\/chatbot\?new$/);
  });

  test("Start New Conversation opens a new conversation, not the latest one @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "history-new");
    await giveSubscription(page, "pro");
    await converse(page, "Explain the Frank-Starling mechanism");
    await openHistory(page);
    await expect(row(page, /Frank-Starling/)).toHaveCount(1);
    await page
      .getByRole("main")
      .getByRole("link", { name: "Start New Conversation" })
      .first()
      .click();
    await expect(page).toHaveURL(/\/chatbot\?new$/);
    // The new conversation is empty: the earlier one's message is not on the screen.
    await expect(page.getByRole("textbox", { name: /message/i })).toBeVisible();
    await expect(page.getByText("Explain the Frank-Starling mechanism")).toHaveCount(0);
  });

  test("lists, searches and filters conversations, opens one and continues it @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "history-list");
    await giveSubscription(page, "pro");
    const frank = await converse(page, "What is the Frank-Starling mechanism?");
    const pharma = await converse(page, "Plan my pharmacology revision for this week", {
      fn: "studyHelp",
    });
    await converse(page, "How do I prepare for the USMLE Step 1?", { fn: "careerGuidance" });
    await converse(page, "Include autacoids as well", { sessionId: pharma, fn: "studyHelp" });

    await openHistory(page);
    // Most recently active first, each with its function, message count and date label.
    await expect(rows(page)).toHaveCount(3);
    await expect(rows(page).nth(0)).toContainText("Plan my pharmacology revision for this week");
    await expect(rows(page).nth(1)).toContainText("How do I prepare for the USMLE Step 1?");
    await expect(rows(page).nth(2)).toContainText("What is the Frank-Starling mechanism?");
    await expect(rows(page).nth(0)).toContainText("Study Help");
    await expect(rows(page).nth(0)).toContainText("4 messages");
    await expect(rows(page).nth(1)).toContainText("Career Guidance");
    await expect(rows(page).nth(2)).toContainText("General");
    await expect(rows(page).nth(2)).toContainText("2 messages");
    for (const item of await rows(page).all()) await expect(item).toContainText("Today");
    await expect(page.getByRole("status").filter({ hasText: "3 conversations" })).toBeVisible();
    await expect(page.getByText("Select a conversation", { exact: true })).toBeVisible();
    if (!noJavaScript()) {
      // Up and Down move between conversations, as in a list box.
      await rows(page).nth(0).focus();
      await page.keyboard.press("ArrowDown");
      await expect(rows(page).nth(1)).toBeFocused();
      await page.keyboard.press("End");
      await expect(rows(page).nth(2)).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(rows(page).nth(1)).toBeFocused();
    }

    // A word that is only in a message, never in a title.
    await search(page, "autacoids");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Plan my pharmacology revision");
    await expect(page.getByText("1 conversation found")).toBeVisible();

    // Part of a title (and its first message), whatever the letter case.
    await search(page, "frank-starling");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("What is the Frank-Starling mechanism?");

    await search(page, "pneumothorax");
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByText("No conversations match your search.")).toBeVisible();
    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(rows(page)).toHaveCount(3);

    await filterBy(page, "Career Guidance");
    await expect(page).toHaveURL(/function=careerGuidance/);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("How do I prepare for the USMLE Step 1?");
    await filterBy(page, "Clinical Simulation");
    await expect(page.getByText("No conversations match your search.")).toBeVisible();
    await filterBy(page, "All");
    await expect(rows(page)).toHaveCount(3);

    // Open one: its messages, oldest first, and the list marks it as the current one.
    await row(page, "Frank-Starling").click();
    await expect(page).toHaveURL(new RegExp(`sessionId=${frank}`));
    await expect(row(page, "Frank-Starling")).toHaveAttribute("aria-current", "page");
    await expect(row(page, "USMLE")).not.toHaveAttribute("aria-current", /.+/);
    await expect(
      pane(page).getByRole("heading", { name: "What is the Frank-Starling mechanism?" }),
    ).toBeVisible();
    const messages = pane(page).getByRole("region", { name: "Messages" }).getByRole("listitem");
    await expect(messages).toHaveCount(2);
    await expect(messages.nth(0)).toContainText("You");
    await expect(messages.nth(0)).toContainText("What is the Frank-Starling mechanism?");
    await expect(messages.nth(1)).toContainText("Mentor");
    await expect(messages.nth(1)).toContainText(
      "Fake Gemini reply to: What is the Frank-Starling mechanism?",
    );
    // axe runs in the page, so it needs JavaScript.
    if (!noJavaScript()) expect(await seriousViolations(page)).toEqual([]);

    // Someone else's (or a deleted) conversation is simply not found.
    await openHistory(page, `/chat-history?sessionId=${newSessionId()}`);
    await expect(page.getByRole("heading", { name: "Chat session not found" })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);

    await openHistory(page, `/chat-history?sessionId=${frank}`);
    const continueChat = pane(page).getByRole("link", { name: "Continue Chat" });
    await expect(continueChat).toHaveAttribute("href", `/chatbot?sessionId=${frank}`);
    await continueChat.click();
    await expect(page).toHaveURL(new RegExp(`/chatbot\\?sessionId=${frank}$`));
  });

  test("renames a conversation, and search finds it by its new title @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "history-rename");
    const sessionId = await converse(page, "Explain the cardiac cycle");
    await openHistory(page, `/chat-history?sessionId=${sessionId}`);

    if (!noJavaScript()) {
      // Escape leaves the title as it was, back on Rename.
      await pane(page).getByRole("link", { name: "Rename" }).click();
      await expect(pane(page).getByRole("textbox", { name: "Conversation title" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(pane(page).getByRole("textbox", { name: "Conversation title" })).toHaveCount(0);
      await expect(pane(page).getByRole("link", { name: "Rename" })).toBeFocused();
      await pane(page).getByRole("link", { name: "Rename" }).click();
      await pane(page).getByRole("textbox", { name: "Conversation title" }).fill("Not this");
      await pane(page).getByRole("link", { name: "Cancel" }).click();
      await expect(pane(page).getByRole("textbox", { name: "Conversation title" })).toHaveCount(0);
      await expect(
        pane(page).getByRole("heading", { name: "Explain the cardiac cycle" }),
      ).toBeVisible();
    }
    await pane(page).getByRole("link", { name: "Rename" }).click();
    const title = pane(page).getByRole("textbox", { name: "Conversation title" });
    await expect(title).toHaveValue("Explain the cardiac cycle");
    await title.fill("   ");
    await pane(page).getByRole("button", { name: "Save" }).click();
    await expect(pane(page).getByText("Please enter a title.")).toBeVisible();

    await pane(page)
      .getByRole("textbox", { name: "Conversation title" })
      .fill("Cardiology night notes");
    await pane(page).getByRole("button", { name: "Save" }).click();
    await expectFlash(page, "Conversation renamed");
    await expect(pane(page).getByRole("heading", { name: "Cardiology night notes" })).toBeVisible();
    await expect(pane(page).getByRole("textbox", { name: "Conversation title" })).toHaveCount(0);
    await expect(row(page, "Cardiology night notes")).toHaveAttribute("aria-current", "page");

    // The new words are only in the title, never in a message.
    await search(page, "night notes");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("Cardiology night notes");
  });

  test("deletes a conversation only after the Delete Conversation confirmation @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "history-delete");
    await converse(page, "Causes of microcytic anaemia");
    const doomed = await converse(page, "Differentiate nephritic and nephrotic syndrome");
    await openHistory(page, `/chat-history?sessionId=${doomed}`);
    await expect(rows(page)).toHaveCount(2);

    // Cancel keeps it, still open.
    await pane(page).getByRole("link", { name: "Delete conversation", exact: true }).click();
    let dialog = confirmation(page, "Delete Conversation");
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Differentiate nephritic and nephrotic syndrome");
    await dialog.getByRole(noJavaScript() ? "link" : "button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(2);
    await expect(row(page, "nephritic")).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveURL(new RegExp(`sessionId=${doomed}`));

    // Confirming removes it from the list and closes it.
    await pane(page).getByRole("link", { name: "Delete conversation", exact: true }).click();
    dialog = confirmation(page, "Delete Conversation");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, "Conversation deleted");
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, "nephritic")).toHaveCount(0);
    await expect(page).not.toHaveURL(/sessionId=/);
    await expect(pane(page)).toHaveCount(0);
    await expect(page.getByText("Select a conversation", { exact: true })).toBeVisible();
    await openHistory(page, `/chat-history?sessionId=${doomed}`);
    await expect(page.getByRole("heading", { name: "Chat session not found" })).toBeVisible();

    // From the list, while another conversation is open, that one stays open.
    const other = await converse(page, "Mnemonic for cranial nerves");
    await openHistory(page, `/chat-history?sessionId=${other}`);
    await conversationList(page)
      .getByRole("link", { name: "Delete conversation “Causes of microcytic anaemia”" })
      .click();
    dialog = confirmation(page, "Delete Conversation");
    await expect(dialog).toContainText("Causes of microcytic anaemia");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, "Conversation deleted");
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, "cranial nerves")).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveURL(new RegExp(`sessionId=${other}`));
  });

  test("search with a conversation open keeps it open, and deleting a found one @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "history-search-delete");
    await converse(page, "Warfarin interactions with antibiotics", { fn: "studyHelp" });
    const open = await converse(page, "Steps of a lumbar puncture", { fn: "clinicalSimulation" });
    await openHistory(page, `/chat-history?sessionId=${open}`);

    await search(page, "warfarin");
    await expect(page).toHaveURL(new RegExp(`sessionId=${open}`));
    await expect(rows(page)).toHaveCount(1);
    await expect(
      pane(page).getByRole("heading", { name: "Steps of a lumbar puncture" }),
    ).toBeVisible();

    await conversationList(page)
      .getByRole("link", { name: /^Delete conversation “Warfarin/ })
      .click();
    await confirmation(page, "Delete Conversation").getByRole("button", { name: "Delete" }).click();
    await expectFlash(page, "Conversation deleted");
    await expect(page).toHaveURL(/q=warfarin/);
    await expect(page.getByText("No conversations match your search.")).toBeVisible();
    await expect(
      pane(page).getByRole("heading", { name: "Steps of a lumbar puncture" }),
    ).toBeVisible();
  });

  test("clears all history after confirming @nojs", async ({ page, ip }) => {
    await signedInLearner(page, ip, "history-clear");
    const first = await converse(page, "Stages of labour");
    await converse(page, "APGAR score components", { fn: "studyHelp" });
    await openHistory(page, `/chat-history?sessionId=${first}`);
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole("link", { name: "Clear all history" }).click();
    let dialog = confirmation(page, "Clear All History");
    await expect(dialog).toBeVisible();
    await dialog.getByRole(noJavaScript() ? "link" : "button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(rows(page)).toHaveCount(2);

    await page.getByRole("link", { name: "Clear all history" }).click();
    dialog = confirmation(page, "Clear All History");
    await dialog.getByRole("button", { name: "Clear all history" }).click();
    await expectFlash(page, "Chat history cleared");
    await expect(page.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
    await expect(page).toHaveURL(/\/chat-history$/);
    await expect(pane(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Clear all history" })).toHaveCount(0);
  });

  test("labels earlier days and shows 50 conversations a page with Load more @nojs @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "history-pages");
    const now = Date.now();
    const id = (n: number) => `chat_${now - n}_seed${String(n).padStart(4, "0")}`;
    const older = Array.from({ length: 50 }, (_, index) => ({
      id: id(index + 10),
      title: `Revision topic ${index + 1}`,
      at: now - 8 * DAY_MS - index * 60_000,
    }));
    await seedConversations(learner.email, [
      { id: id(1), title: "Seen yesterday", fn: "studySchedule", at: now - DAY_MS },
      { id: id(2), title: "Seen three days ago", fn: "cvSopHelp", at: now - 3 * DAY_MS },
      { id: id(3), title: "Seen last month", at: now - 40 * DAY_MS },
      ...older,
    ]);

    await openHistory(page);
    await expect(rows(page)).toHaveCount(50);
    await expect(row(page, "Seen yesterday")).toContainText("Yesterday");
    await expect(row(page, "Seen yesterday")).toContainText("Study Schedule");
    await expect(row(page, "Seen three days ago")).toContainText("3 days ago");
    await expect(row(page, "Seen three days ago")).toContainText("CV/SOP Help");
    await expect(row(page, /Revision topic 1(?!\d)/)).toContainText(
      chatDateLabel(now - 8 * DAY_MS, now),
    );
    await expect(page.getByText("53 conversations in total, showing 50")).toBeVisible();
    await expect(row(page, "Seen last month")).toHaveCount(0);

    // The list scrolls inside its own capped height.
    const list = conversationList(page);
    const { clientHeight, scrollHeight } = await list.evaluate((element) => ({
      clientHeight: element.clientHeight,
      scrollHeight: element.scrollHeight,
    }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    expect(clientHeight).toBeLessThanOrEqual(512);

    await page.getByRole("link", { name: "Load more conversations" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(rows(page)).toHaveCount(53);
    await expect(row(page, "Seen last month")).toContainText(chatDateLabel(now - 40 * DAY_MS, now));
    await expect(page.getByRole("link", { name: "Load more conversations" })).toHaveCount(0);
    await expect(page.getByText("53 conversations in total")).toBeVisible();
    // Focus moves on to the first conversation that was added.
    if (!noJavaScript()) await expect(row(page, /Revision topic 49/)).toBeFocused();
  });

  test("on a small screen the open conversation replaces the list, with a way back @nojs", async ({
    page,
    ip,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signedInLearner(page, ip, "history-mobile");
    await converse(page, "Glasgow coma scale", { fn: "clinicalSimulation" });
    await openHistory(page);
    await expect(page.getByText("Select a conversation", { exact: true })).toBeHidden();

    await row(page, "Glasgow coma scale").click();
    const heading = pane(page).getByRole("heading", { name: "Glasgow coma scale" });
    await expect(heading).toBeVisible();
    await expect(heading).toBeInViewport();
    await expect(conversationList(page)).toBeHidden();
    if (!noJavaScript()) await expect(heading).toBeFocused();

    await pane(page).getByRole("link", { name: "All conversations" }).click();
    await expect(pane(page)).toHaveCount(0);
    await expect(row(page, "Glasgow coma scale")).toBeVisible();
    // axe runs in the page, so it needs JavaScript.
    if (!noJavaScript()) expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe("chat history dates in the browser's zone", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the server labels days in India's time, the browser in its own, without a hydration mismatch @nojs @localdb", async ({
    page,
    ip,
  }) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(message.text());
    });
    const learner = await signedInLearner(page, ip, "history-zone");
    // A moment whose calendar day differs between Kolkata and Los Angeles.
    const now = Date.now();
    let at = now;
    for (let hours = 1; hours < 48; hours += 1) {
      at = now - hours * 3_600_000;
      if (chatDateLabel(at, now, "Asia/Kolkata") !== chatDateLabel(at, now, "America/Los_Angeles"))
        break;
    }
    await seedConversations(learner.email, [
      { id: newSessionId(), title: "Night shift questions", at },
    ]);

    await openHistory(page);
    const zone = noJavaScript() ? "Asia/Kolkata" : "America/Los_Angeles";
    await expect(row(page, "Night shift questions")).toContainText(
      chatDateLabel(at, Date.now(), zone),
    );
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
  });
});
