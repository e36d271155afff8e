/**
 * The mentor chat (/chatbot) and the home page's demo chat: replies streamed
 * in as they are written, Stop, the error texts, inert Markdown, continuing
 * and choosing conversations and modes, the maximize toggle, what visitors
 * and learners without a plan see, and the form post without JavaScript.
 * Replies come from the fake Gemini server, scripted per message. Tests
 * tagged @nojs run again with JavaScript off.
 */
import type { Page } from "@playwright/test";
import { CHAT_ERROR_MESSAGES } from "../../app/lib/chat-messages";
import { FEATURE_KEYS } from "../../app/lib/features";
import { useFeature as spendFeature } from "./access-fixtures";
import { seriousViolations } from "./axe";
import {
  chatInput,
  conversation,
  directive,
  expect,
  fakeRequests,
  learnerMessages,
  mentorMessages,
  openAccountMenu,
  removeTrial,
  sendMessage,
  signedInLearner,
  startConversation,
  test,
  uniqueId,
} from "./chat-fixtures";

const noJavaScript = () => test.info().project.use.javaScriptEnabled === false;

const sessionIdOf = (page: Page) => new URL(page.url()).searchParams.get("sessionId");

/** Script errors and console errors on the page from now on. */
function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  return problems;
}

test.describe("streaming replies", () => {
  test("a reply appears in several steps, then in full; the input gets the focus back and the trial counts follow", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "chat-stream");
    await page.goto("/chatbot");
    await expect(
      page.getByRole("heading", { name: "Chat with AI Mentor", level: 1 }),
    ).toBeVisible();
    await expect(page.getByTestId("feature-allowance")).toContainText(
      "Free trial: 5 of 5 chat messages left",
    );
    await expect(page.getByTestId("chat-greeting")).toContainText(`Hello ${learner.firstName}!`);

    const answer =
      "Shock is inadequate tissue perfusion. Look for tachycardia, cold peripheries and a falling urine output.";
    await sendMessage(
      page,
      `What is shock? ${directive({ chunks: 5, delay: 500, first: 1500, text: answer })}`,
    );
    await expect(learnerMessages(page)).toHaveCount(1);
    await expect(learnerMessages(page).first()).toContainText("What is shock?");
    const reply = mentorMessages(page).last();
    await expect(reply.getByTestId("mentor-thinking")).toBeVisible();
    await expect(reply).toHaveAttribute("aria-busy", "true");

    // Sample the reply as it grows: several partial texts, each a beginning of the answer.
    const seen: string[] = [];
    await expect
      .poll(
        async () => {
          const text =
            (await reply
              .getByTestId("mentor-reply")
              .textContent()
              .catch(() => null)) ?? "";
          if (text && seen.at(-1) !== text) seen.push(text);
          return text;
        },
        { intervals: [60], timeout: 10_000 },
      )
      .toBe(answer);
    const partial = seen.filter((text) => text !== answer);
    expect(partial.length).toBeGreaterThanOrEqual(3);
    for (const text of partial) expect(answer.startsWith(text)).toBe(true);

    await expect(reply).not.toHaveAttribute("aria-busy", "true");
    await expect(reply.getByTestId("mentor-thinking")).toHaveCount(0);
    // The conversation is in the address once the reply has started, and the box has the focus again.
    expect(sessionIdOf(page)).toMatch(/^chat_\d+_[a-z0-9]+$/);
    await expect(chatInput(page)).toBeFocused();
    await expect(chatInput(page)).toHaveValue("");

    // The use is counted: on the page and in the navigation bar's trial box.
    await expect(page.getByTestId("feature-allowance")).toContainText(
      "Free trial: 4 of 5 chat messages left",
    );
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box").getByText("1 of 20 uses")).toBeVisible();

    // A reload shows the saved conversation.
    await page.reload();
    await expect(mentorMessages(page)).toHaveCount(1);
    await expect(mentorMessages(page).first()).toContainText(answer);
    await expect(page.getByRole("heading", { name: "What is shock?", level: 2 })).toBeVisible();
  });

  test("Stop ends the reply: the mentor's request is cancelled and what arrived stays, marked as stopped", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-stop");
    await page.goto("/chatbot");
    const id = uniqueId("stop");
    const answer = "Systole comes first. Then diastole, then the next beat.";
    // The fake sends the first of four pieces, then hangs.
    const firstPiece = answer.slice(0, Math.ceil(answer.length / 4));
    await sendMessage(
      page,
      `Explain the cardiac cycle. ${directive({ id, chunks: 4, hang: "after", text: answer })}`,
    );
    const reply = mentorMessages(page).last();
    await expect(reply.getByTestId("mentor-reply")).toHaveText(firstPiece);
    const stop = page.getByRole("button", { name: "Stop" });
    await expect(stop).toBeVisible();
    await stop.click();

    await expect(reply.getByTestId("reply-stopped")).toHaveText("Reply stopped");
    await expect(reply.getByTestId("mentor-reply")).toHaveText(firstPiece);
    await expect(page.getByRole("button", { name: "Send" })).toBeVisible();
    await expect(chatInput(page)).toBeFocused();
    await expect
      .poll(async () => (await fakeRequests(page, id)).map((request) => request.state), {
        timeout: 10_000,
      })
      .toEqual(["cancelled"]);

    // The server kept the part that arrived, marked as stopped.
    await page.reload();
    const saved = mentorMessages(page).last();
    await expect(saved.getByTestId("mentor-reply")).toHaveText(firstPiece);
    await expect(saved.getByTestId("reply-stopped")).toBeVisible();
  });
});

/** The conversation as the server holds it: each message's type, status and text. */
async function savedMessages(page: Page, sessionId: string) {
  const response = await page.request.get(`/api/chats/session/${sessionId}`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    data: { messages: { type: string; status: string; text: string }[] };
  };
  return body.data.messages.map(({ type, status, text }) => ({ type, status, text }));
}

/** The body each POST /api/chats/stream carried, from now on. */
function streamSends(page: Page): { clientKey: string; text: string; sessionId: string }[] {
  const sends: { clientKey: string; text: string; sessionId: string }[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/chats/stream")) {
      sends.push(request.postDataJSON() as (typeof sends)[number]);
    }
  });
  return sends;
}

test.describe("errors and Retry", () => {
  test("when the AI mentor is busy (429), the answer comes from the reviewed bank, says so, and is saved", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "chat-busy");
    await page.goto("/chatbot");
    await sendMessage(page, `Define sepsis. ${directive({ fail: 429 })}`);
    const reply = mentorMessages(page).last().getByTestId("mentor-reply");
    await expect(reply).toContainText(
      "I'm answering from MedMentor's reviewed question bank because the AI mentor is unavailable right now.",
      { timeout: 15_000 },
    );
    await expect(reply).toContainText("Reference: Surviving Sepsis Campaign");
    await expect(reply).not.toContainText(/gemini|api key|configur/i);
    await expect(chatInput(page)).toBeFocused();
    // A reply that teaches is counted.
    await expect(page.getByTestId("feature-allowance")).toContainText("4 of 5 chat messages left");
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box").getByText("1 of 20 uses")).toBeVisible();
    await page.reload();
    await expect(learnerMessages(page).last()).toContainText("Define sepsis.");
    await expect(mentorMessages(page).last().getByTestId("mentor-reply")).toContainText(
      "Reference: Surviving Sepsis Campaign",
    );
  });

  test("when the AI mentor is busy and the bank has nothing on the question, it says so and the send costs nothing", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "chat-busy-nothing");
    await page.goto("/chatbot");
    await sendMessage(page, `Who won the cricket world cup? ${directive({ fail: 429 })}`);
    const reply = mentorMessages(page).last().getByTestId("mentor-reply");
    await expect(reply).toContainText("This reply does not count towards your uses.", {
      timeout: 15_000,
    });
    await expect(page.getByTestId("feature-allowance")).toContainText("5 of 5 chat messages left");
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box").getByText("0 of 20 uses")).toBeVisible();
  });

  test("a reply that fails after it began shows as failed with Retry; nothing is saved as the answer or counted, and Retry answers the same message once", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "chat-failed");
    await page.goto("/chatbot");
    const id = uniqueId("failed");
    const answer = "Sepsis is organ dysfunction caused by a dysregulated response to infection.";
    // The provider breaks off the first reply after its first piece, then answers.
    const question = `Define sepsis. ${directive({ id, midstream: "500x1", text: answer })}`;
    const sends = streamSends(page);
    await sendMessage(page, question);
    const reply = mentorMessages(page).last();
    const failure = reply.getByRole("alert");
    await expect(failure).toContainText("Reply failed", { timeout: 15_000 });
    await expect(reply.getByTestId("chat-error")).toHaveText(CHAT_ERROR_MESSAGES.failed);
    await expect(learnerMessages(page)).toHaveText([`You: ${question}`]);
    await expect(chatInput(page)).toBeFocused();
    // A failed reply is not counted.
    await expect(page.getByTestId("feature-allowance")).toContainText("5 of 5 chat messages left");

    // What the server holds: the learner's message, and no error text as the mentor's answer.
    const sessionId = sessionIdOf(page)!;
    expect(await savedMessages(page, sessionId)).toEqual([
      { type: "user", status: "complete", text: question },
    ]);

    // A reload still shows the message, its reply marked as failed, with Retry.
    await page.reload();
    await expect(learnerMessages(page)).toHaveText([`You: ${question}`]);
    await expect(mentorMessages(page)).toHaveCount(1);
    await expect(mentorMessages(page).last().getByRole("status")).toContainText(
      "No reply arrived for this message.",
    );
    await expect(conversation(page)).not.toContainText(CHAT_ERROR_MESSAGES.failed);

    await mentorMessages(page).last().getByRole("button", { name: "Retry" }).click();
    await expect(mentorMessages(page).last().getByTestId("mentor-reply")).toHaveText(answer);
    await expect(mentorMessages(page).last().getByTestId("reply-failed")).toHaveCount(0);
    await expect(learnerMessages(page)).toHaveCount(1);
    await expect(page.getByTestId("feature-allowance")).toContainText("4 of 5 chat messages left");
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box").getByText("1 of 20 uses")).toBeVisible();
    // Retry was the same send: same text, same key.
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
    expect(await savedMessages(page, sessionId)).toEqual([
      { type: "user", status: "complete", text: question },
      { type: "bot", status: "complete", text: answer },
    ]);
    expect(await fakeRequests(page, id)).toHaveLength(2);
  });

  test("a request that never reaches the server keeps the message, says so with Retry, and saves nothing until Retry", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-offline");
    await page.goto("/chatbot");
    const sends = streamSends(page);
    const saves: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/chats/message")) saves.push(request.url());
    });
    await page.route("**/api/chats/stream", (route) => route.abort("internetdisconnected"), {
      times: 1,
    });
    await sendMessage(page, "Is anyone there?");
    const reply = mentorMessages(page).last();
    await expect(reply.getByRole("alert")).toContainText("Reply failed");
    await expect(reply.getByTestId("chat-error")).toHaveText(CHAT_ERROR_MESSAGES.connection);
    await expect(learnerMessages(page)).toHaveText(["You: Is anyone there?"]);
    await expect(page.getByRole("button", { name: "Send" })).toBeEnabled();
    await expect(chatInput(page)).toBeFocused();
    // Nothing went to the server: the conversation does not exist yet.
    expect(sessionIdOf(page)).toBeNull();

    await reply.getByRole("button", { name: "Retry" }).click();
    await expect(reply.getByTestId("mentor-reply")).toHaveText(
      "Fake Gemini reply to: Is anyone there?",
    );
    await expect(learnerMessages(page)).toHaveCount(1);
    await expect(page.getByTestId("feature-allowance")).toContainText("4 of 5 chat messages left");
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
    expect(saves).toEqual([]);
    const sessionId = sessionIdOf(page)!;
    expect(sessionId).toBe(sends[0]!.sessionId);
    expect(await savedMessages(page, sessionId)).toEqual([
      { type: "user", status: "complete", text: "Is anyone there?" },
      { type: "bot", status: "complete", text: "Fake Gemini reply to: Is anyone there?" },
    ]);
  });

  test("a reply cut off mid-way keeps what arrived, marked incomplete, and Retry brings the whole reply without a second use", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-cutoff");
    await page.goto("/chatbot");
    const answer = "Preload is the stretch of the ventricle at the end of diastole.";
    const question = `What is preload? ${directive({ id: uniqueId("cut"), chunks: 4, text: answer })}`;
    const sends = streamSends(page);
    // The connection drops after the first piece of the reply: the browser gets only that.
    await page.route(
      "**/api/chats/stream",
      async (route) => {
        const response = await route.fetch();
        const body = await response.text();
        const firstDelta = body.indexOf("event: delta");
        const cut = body.indexOf("\n\n", firstDelta) + 2;
        await route.fulfill({ response, body: body.slice(0, cut) });
      },
      { times: 1 },
    );
    await sendMessage(page, question);
    const reply = mentorMessages(page).last();
    await expect(reply.getByRole("alert")).toContainText("Reply incomplete");
    const partial = (await reply.getByTestId("mentor-reply").textContent()) ?? "";
    expect(partial.length).toBeGreaterThan(0);
    expect(answer.startsWith(partial) && partial.length < answer.length).toBe(true);
    await expect(learnerMessages(page)).toHaveText([`You: ${question}`]);

    await reply.getByRole("button", { name: "Retry" }).click();
    await expect(reply.getByTestId("mentor-reply")).toHaveText(answer);
    await expect(reply.getByTestId("reply-failed")).toHaveCount(0);
    await expect(reply).toHaveAttribute("data-status", "complete");
    await expect(learnerMessages(page)).toHaveCount(1);
    // One send, one use.
    await expect(page.getByTestId("feature-allowance")).toContainText("4 of 5 chat messages left");
    expect(sends).toHaveLength(2);
    expect(sends[1]).toEqual(sends[0]);
    expect(await savedMessages(page, sessionIdOf(page)!)).toEqual([
      { type: "user", status: "complete", text: question },
      { type: "bot", status: "complete", text: answer },
    ]);
  });
});

test.describe("the trial's chat allowance", () => {
  test("once it is used up the page says so, and a refused message shows the limit banner and stores nothing", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-limit");
    for (let index = 1; index <= 5; index += 1) {
      await startConversation(page, `Question ${index}`);
    }
    await page.goto("/chatbot");
    const limitText = "Trial usage exhausted for chat messages. Please upgrade to continue.";
    await expect(page.getByTestId("limit-banner")).toContainText(limitText);
    await expect(chatInput(page)).toBeEnabled();

    // The latest conversation is open: one question, one reply.
    await expect(learnerMessages(page)).toHaveCount(1);
    await expect(mentorMessages(page)).toHaveCount(1);
    const refused = page.waitForResponse("**/api/chats/stream");
    await sendMessage(page, "One more question");
    expect((await refused).status()).toBe(403);
    // The send leaves the conversation: no message, no error reply; the banner offers the plans.
    await expect(learnerMessages(page)).toHaveCount(1);
    await expect(learnerMessages(page)).not.toContainText("One more question");
    await expect(mentorMessages(page)).toHaveCount(1);
    await expect(page.getByTestId("limit-banner")).toHaveCount(1);
    await expect(page.getByTestId("limit-banner")).toContainText(limitText);
    const history = await page.request.get("/api/chats/history?limit=50");
    const listed = (await history.json()) as { data: { messageCount: number }[] };
    expect(listed.data.map((session) => session.messageCount)).toEqual([2, 2, 2, 2, 2]);
    await page.getByTestId("limit-banner").getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL("/plans");
  });

  test("a message sent after the whole trial was spent shows 'Buy Subscription…' with Buy Now, and stores nothing", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-spent");
    await page.goto("/chatbot");
    await expect(page.getByTestId("limit-banner")).toHaveCount(0);
    // Spent elsewhere (another tab) while this page stays open.
    for (const feature of FEATURE_KEYS) await spendFeature(page, feature, 5);

    await sendMessage(page, "Is the trial over?");
    const shown = page.getByRole("alert").and(page.getByTestId("limit-banner"));
    await expect(shown).toContainText("Buy Subscription to access this feature");
    await expect(learnerMessages(page)).toHaveCount(0);
    await expect(mentorMessages(page)).toHaveCount(0);
    const history = await page.request.get("/api/chats/history?limit=50");
    expect(((await history.json()) as { data: unknown[] }).data).toHaveLength(0);
    await shown.getByRole("link", { name: "Buy Now" }).click();
    await expect(page).toHaveURL("/plans");
  });
});

test.describe("a hostile reply", () => {
  test("renders inert: no script, no image, no frame, no javascript: link, no request to a tracking address", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-hostile");
    const problems = pageProblems(page);
    const tracker = `http://127.0.0.1:${process.env.E2E_GEMINI_PORT}/track.png`;
    const hostile = [
      "Here is **bold** text and a [safe link](https://example.org/guide).",
      "",
      "<script>window.__pwned = 'script'; alert('script')</script>",
      "",
      "<img src=x onerror=\"window.__pwned = 'img'; alert('img')\">",
      "",
      "[click me](javascript:window.__pwned='link';alert('link'))",
      "",
      `![tracking pixel](${tracker})`,
      "",
      `<iframe src="${tracker}"></iframe>`,
      "",
      '<a href="https://example.org" onclick="alert(1)">raw anchor</a> and <b onmouseover="alert(2)">raw bold</b>',
    ].join("\n");

    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const tracked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/track.png")) tracked.push(request.url());
    });

    const check = async () => {
      const reply = mentorMessages(page).last().getByTestId("mentor-reply");
      await expect(reply).toContainText("Here is bold text and a safe link");
      await expect(reply.locator("strong")).toHaveText("bold");
      const safe = reply.getByRole("link", { name: /safe link/ });
      await expect(safe).toHaveAttribute("href", "https://example.org/guide");
      await expect(safe).toHaveAttribute("target", "_blank");
      await expect(safe).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
      // The javascript: link is text, not a link; the image is its alt text.
      await expect(reply.getByText("click me")).toBeVisible();
      await expect(reply.getByRole("link", { name: /click me/ })).toHaveCount(0);
      await expect(reply.getByText("tracking pixel")).toBeVisible();
      await expect(reply.locator("script, img, iframe, object, embed, style")).toHaveCount(0);
      await expect(reply.locator("[onerror], [onclick], [onmouseover]")).toHaveCount(0);
      expect(await reply.locator("a").count()).toBe(1);
      await reply.getByText("raw bold").hover();
      expect(await page.evaluate(() => (window as { __pwned?: string }).__pwned)).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(tracked).toEqual([]);
    };

    await page.goto("/chatbot");
    await sendMessage(page, `Show me formatting. ${directive({ text: hostile })}`);
    await check();
    // Rendered by the server from the saved reply: just as inert.
    await page.reload();
    await check();
    // Nothing even tried to load (a blocked script or image would be reported here).
    expect(problems).toEqual([]);
  });
});

test.describe("conversations and modes", () => {
  test("the latest conversation opens on /chatbot; ?sessionId= continues another; an unknown one starts afresh", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-continue");
    const problems = pageProblems(page);
    const older = await startConversation(page, "Plan my anatomy revision", "studySchedule");
    const latest = await startConversation(page, "How do beta blockers work?", "studyHelp");

    await page.goto("/chatbot");
    await expect(learnerMessages(page)).toHaveText(["You: How do beta blockers work?"]);
    await expect(mentorMessages(page).first()).toContainText(
      "Fake Gemini reply to: How do beta blockers work?",
    );
    await expect(page.getByLabel("Mode")).toHaveValue("studyHelp");

    await page.goto(`/chatbot?sessionId=${older}`);
    await expect(learnerMessages(page)).toHaveText(["You: Plan my anatomy revision"]);
    await expect(page.getByLabel("Mode")).toHaveValue("studySchedule");
    await expect(page.getByRole("heading", { name: "Plan my anatomy revision" })).toBeVisible();

    // Continuing it adds to it, in its mode.
    const id = uniqueId("continue");
    await sendMessage(page, `And physiology? ${directive({ id })}`);
    await expect(mentorMessages(page)).toHaveCount(2);
    await expect(mentorMessages(page).last()).toContainText(
      "Fake Gemini reply to: And physiology?",
    );
    expect(sessionIdOf(page)).toBe(older);
    const [request] = await fakeRequests(page, id);
    expect(JSON.stringify(request?.body)).toContain("Mode: Study Schedule.");
    // The model saw the earlier turns of this conversation.
    expect(JSON.stringify(request?.body)).toContain("Plan my anatomy revision");
    await page.reload();
    await expect(learnerMessages(page)).toHaveCount(2);

    // Someone else's or an unknown conversation: a notice and a new conversation.
    await page.goto(`/chatbot?sessionId=chat_1700000000000_abcdefgh`);
    await expect(page.getByTestId("chat-notice")).toHaveText(
      "Chat session not found. A new conversation has started.",
    );
    await expect(learnerMessages(page)).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "New Conversation" })).toBeVisible();
    expect(latest).not.toBe(older);
    // Saved replies rendered by the server hydrate without a mismatch or any other error.
    expect(problems).toEqual([]);
  });

  test("the function parameter picks the mode; changing it updates the address and the next message's mode", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-mode");
    await page.goto("/chatbot?function=careerGuidance");
    const mode = page.getByLabel("Mode");
    await expect(mode).toHaveValue("careerGuidance");
    await expect(mode.locator("option")).toHaveText([
      "General",
      "Study Help",
      "Clinical Simulation",
      "Study Schedule",
      "CV/SOP Help",
      "Career Guidance",
    ]);

    await mode.selectOption({ label: "Clinical Simulation" });
    await expect(page).toHaveURL(/[?&]function=clinicalSimulation(&|$)/);
    const id = uniqueId("mode");
    await sendMessage(page, `Give me a chest pain case. ${directive({ id })}`);
    await expect(mentorMessages(page).last()).toContainText(
      "Fake Gemini reply to: Give me a chest pain case.",
    );
    const [request] = await fakeRequests(page, id);
    expect(JSON.stringify(request?.body)).toContain("Mode: Clinical Simulation.");
    await expect(page).toHaveURL(/[?&]function=clinicalSimulation(&|$)/);
    const sessionId = sessionIdOf(page);

    // A new conversation keeps the mode and starts empty; the last one stays in the history.
    await page.getByRole("link", { name: "New conversation" }).click();
    await expect(page).toHaveURL(/[?&]new=1(&|$)/);
    await expect(learnerMessages(page)).toHaveCount(0);
    await expect(mode).toHaveValue("clinicalSimulation");
    await expect(chatInput(page)).toBeFocused();
    await page.goto(`/chatbot?sessionId=${sessionId}`);
    await expect(learnerMessages(page)).toHaveCount(1);
  });

  test("Ctrl+M and the Maximize button toggle the full-window chat", async ({ page, ip }) => {
    await signedInLearner(page, ip, "chat-max");
    await page.goto("/chatbot");
    const panel = page.getByTestId("chat-panel");
    const toggle = page.getByRole("button", { name: "Maximize" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");

    await chatInput(page).focus();
    await page.keyboard.press("Control+m");
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const viewport = page.viewportSize()!;
    await expect.poll(async () => (await panel.boundingBox())?.height).toBe(viewport.height);
    // Typing goes on in the maximized chat.
    await expect(chatInput(page)).toBeFocused();

    await page.keyboard.press("Control+m");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
  });
});

test.describe("who may chat", () => {
  test("a visitor sees the chat with the input disabled and prompts to log in @nojs", async ({
    page,
  }) => {
    await page.goto("/chatbot?function=studyHelp");
    await expect(page).toHaveURL("/chatbot?function=studyHelp");
    await expect(
      page.getByRole("heading", { name: "Chat with AI Mentor", level: 1 }),
    ).toBeVisible();
    await expect(chatInput(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "Send" })).toBeDisabled();
    await expect(page.getByTestId("chat-greeting")).toContainText(
      "Log in to ask me about a topic, a clinical case or your study plan.",
    );
    const prompt = page.getByTestId("chat-login-prompt");
    await expect(prompt.getByRole("link", { name: "Log in" })).toHaveAttribute(
      "href",
      `/login?${new URLSearchParams({ redirectTo: "/chatbot?function=studyHelp" })}`,
    );
    await expect(prompt.getByRole("link", { name: "Create account" })).toHaveAttribute(
      "href",
      "/register",
    );
    await expect(page.getByRole("link", { name: "New conversation" })).toHaveCount(0);
    // A form post anyway goes to log in.
    const response = await page.request.post("/chatbot", {
      form: { text: "Hello", function: "general", sessionId: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/login?redirectTo=%2Fchatbot");
  });

  test("signed in without a plan or trial: the chat shows, and sending leads to the plans @nojs @localdb", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "chat-noplan");
    await removeTrial(learner.email);
    await page.goto("/chatbot");
    await expect(page.getByRole("heading", { name: "Choose Your Plan" })).toBeVisible();
    await expect(page.getByTestId("chat-greeting")).toContainText("choose a plan first");
    await expect(chatInput(page)).toBeEnabled();

    // An empty message is ignored: no request, nothing shown.
    let posted = 0;
    page.on("request", (request) => {
      if (request.method() === "POST") posted += 1;
    });
    if (!noJavaScript()) {
      await chatInput(page).fill("   ");
      await chatInput(page).press("Enter");
      await page.getByRole("button", { name: "Send" }).click();
      await expect(learnerMessages(page)).toHaveCount(0);
      expect(posted).toBe(0);
    }

    await chatInput(page).fill("Can I ask something?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(page).toHaveURL("/plans");
  });
});

test.describe("the home page's demo chat", () => {
  test("a trial learner asks on the home page; the reply is counted and saved to the history", async ({
    page,
    ip,
  }) => {
    const learner = await signedInLearner(page, ip, "chat-demo");
    await page.goto("/");
    const demo = page.getByRole("region", { name: "Ask Dr. Mentor" });
    await expect(demo.getByText("Example conversation")).toHaveCount(0);
    await expect(demo.getByTestId("demo-chat-allowance")).toContainText(
      "Your free trial has 5 of 5 chat uses left.",
    );
    await expect(demo.getByRole("link", { name: "Open the full chat" })).toHaveAttribute(
      "href",
      "/chatbot",
    );

    await sendMessage(page, "What causes clubbing?");
    await expect(mentorMessages(page).last()).toContainText(
      "Fake Gemini reply to: What causes clubbing?",
    );
    await expect(demo.getByTestId("demo-chat-allowance")).toContainText(
      "Your free trial has 4 of 5 chat uses left.",
    );
    const menu = await openAccountMenu(page, learner.firstName);
    await expect(menu.getByTestId("trial-box").getByText("1 of 20 uses")).toBeVisible();
    // The home page's address does not change.
    expect(new URL(page.url()).pathname).toBe("/");

    // Saved as a conversation: the chat page opens it as the latest.
    await page.goto("/chatbot");
    await expect(learnerMessages(page)).toHaveText(["You: What causes clubbing?"]);
    await expect(page.getByLabel("Mode")).toHaveValue("general");
  });
});

test.describe("without JavaScript", () => {
  test("a failed reply keeps the message, says what failed, and Retry answers it @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-form-fail");
    await page.goto("/chatbot");
    const id = uniqueId("form-fail");
    const answer = "A thrill is a palpable murmur.";
    // The provider breaks off the first reply after it began (a failure before any text falls back to the bank).
    const question = `What is a thrill? ${directive({ id, midstream: "500x1", text: answer })}`;
    await chatInput(page).fill(question);
    await page.getByRole("button", { name: "Send" }).click();
    await expect(mentorMessages(page).last().getByTestId("reply-failed")).toContainText(
      noJavaScript() ? "No reply arrived for this message." : CHAT_ERROR_MESSAGES.failed,
      { timeout: 15_000 },
    );
    await expect(learnerMessages(page)).toHaveText([`You: ${question}`]);
    if (noJavaScript()) {
      // The page says what failed, and the message is still in the box.
      await expect(page.getByRole("alert")).toContainText(CHAT_ERROR_MESSAGES.failed);
      await expect(chatInput(page)).toHaveValue(question);
    }

    await mentorMessages(page).last().getByRole("button", { name: "Retry" }).click();
    await expect(mentorMessages(page).last().getByTestId("mentor-reply")).toHaveText(answer);
    await expect(learnerMessages(page)).toHaveCount(1);
    await expect(mentorMessages(page)).toHaveCount(1);
    await expect(page.getByTestId("feature-allowance")).toContainText("4 of 5 chat messages left");
    expect(await fakeRequests(page, id)).toHaveLength(2);
  });

  test("sending posts the form and the page comes back with the whole reply @nojs", async ({
    page,
    ip,
  }) => {
    await signedInLearner(page, ip, "chat-form");
    await page.goto("/chatbot?function=studyHelp");
    await chatInput(page).fill("Explain the Frank-Starling law.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(mentorMessages(page).last()).toContainText(
      "Fake Gemini reply to: Explain the Frank-Starling law.",
    );
    await expect(page).toHaveURL(/\/chatbot\?sessionId=chat_\d+_[a-z0-9]+&function=studyHelp/);
    await expect(learnerMessages(page)).toHaveText(["You: Explain the Frank-Starling law."]);

    // A second message continues the same conversation.
    const sessionId = sessionIdOf(page);
    await chatInput(page).fill("And in heart failure?");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(mentorMessages(page).last()).toContainText(
      "Fake Gemini reply to: And in heart failure?",
    );
    await expect(learnerMessages(page)).toHaveCount(2);
    expect(sessionIdOf(page)).toBe(sessionId);
  });
});

test.describe("accessibility and layout", () => {
  for (const width of [1280, 390]) {
    test(`the chat with a conversation, maximized, and for visitors at ${width}px`, async ({
      page,
      ip,
    }) => {
      await page.setViewportSize({ width, height: 860 });
      await signedInLearner(page, ip, `chat-a11y-${width}`);
      await startConversation(
        page,
        `Summarise heart failure. ${directive({ text: "## Heart failure\n\n- **Left**: orthopnoea\n- Right: oedema\n\n| Sign | Side |\n|---|---|\n| Crackles | Left |\n\nSee [NICE](https://www.nice.org.uk)." })}`,
      );
      await page.goto("/chatbot");
      await expect(mentorMessages(page).first()).toContainText("Heart failure");
      expect(await seriousViolations(page)).toEqual([]);
      // Nothing scrolls sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );

      await page.getByRole("button", { name: "Maximize" }).click();
      await expect(page.getByRole("button", { name: "Maximize" })).toHaveAttribute(
        "aria-pressed",
        "true",
      );
      await expect(conversation(page)).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.context().clearCookies();
      await page.goto("/chatbot");
      await expect(chatInput(page)).toBeDisabled();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
