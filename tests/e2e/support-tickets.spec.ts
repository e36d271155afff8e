/**
 * Support tickets in the browser: a Pro learner's message goes to the front
 * of the admin support inbox, above an older visitor's; the admin's reply
 * reaches the learner's mailbox (the local outbox) and their ticket on
 * /support. Without JavaScript (@nojs), a learner answers on their ticket and
 * the admin replies and closes it. Each journey has its own accounts; the
 * admin works in a browser of their own.
 */
import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { expect, giveSubscription, signedInLearner, test } from "./access-fixtures";
import { signedInAdmin } from "./admin-fixtures";
import { expectFlash } from "./auth-fixtures";
import { seriousViolations } from "./axe";

const subjectFor = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

/** Another browser (the admin's, or a visitor's) from its own address, JavaScript as the project has it. */
async function otherBrowser(browser: Browser) {
  const bytes = randomUUID().replace(/-/g, "");
  return browser.newContext({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false,
    extraHTTPHeaders: {
      "CF-Connecting-IP": `2001:db8:5::${bytes.slice(0, 4)}:${bytes.slice(4, 8)}`,
    },
  });
}

/** Sends the contact form on /contact as whoever `page` is, and waits for the spec's success notice. */
async function sendMessage(
  page: Page,
  fields: { subject: string; message: string; category?: string; name?: string; email?: string },
) {
  await page.goto("/contact");
  const form = page.getByRole("region", { name: "Send us a message" });
  if (fields.name) await form.getByLabel("Your name").fill(fields.name);
  if (fields.email) await form.getByLabel("E-mail address").fill(fields.email);
  if (fields.category) await form.getByLabel("Category").selectOption({ label: fields.category });
  await form.getByLabel("Subject").fill(fields.subject);
  await form.getByLabel("Message").fill(fields.message);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByText("Message Sent Successfully! ✅")).toBeVisible();
}

test.describe("support tickets", () => {
  test("a Pro learner's message comes first in the admin inbox, and the reply reaches their mailbox and ticket", async ({
    page,
    ip,
    browser,
  }) => {
    // Two people, two browsers and an accessibility scan of each side.
    test.slow();
    // An older message from a visitor, in the same category.
    const visitorContext = await otherBrowser(browser);
    const visitor = await visitorContext.newPage();
    const olderSubject = subjectFor("Partnership with our college");
    await sendMessage(visitor, {
      name: "Dr. Kavita Nair",
      email: "kavita.nair@example.com",
      category: "Partnerships",
      subject: olderSubject,
      message: "We would like MedMentor for our final-year students.",
    });
    await visitorContext.close();

    const learner = await signedInLearner(page, ip, "pro-support");
    await giveSubscription(page, "pro");
    const subject = subjectFor("Institute licence for my batch");
    await page.goto("/contact");
    await expect(
      page.getByText("Priority support: we aim to reply within 4 working hours."),
    ).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveValue(learner.email);
    await sendMessage(page, {
      category: "Partnerships",
      subject,
      message: "Can my whole batch of 40 get Pro at a group price?",
    });

    // The admin finds it above the visitor's older message.
    const adminContext = await otherBrowser(browser);
    const admin = await adminContext.newPage();
    await signedInAdmin(admin);
    await admin.goto("/admin_dashboard_2025");
    await admin.getByRole("link", { name: "Support inbox" }).click();
    await expect(admin.getByRole("heading", { name: "Support inbox", level: 1 })).toBeVisible();
    await admin.getByLabel("Category").selectOption({ label: "Partnerships" });
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await expect(admin).toHaveURL(/category=partnership/);
    const rows = admin.getByTestId("inbox-ticket");
    await expect(rows.filter({ hasText: olderSubject })).toHaveCount(1);
    const subjects = await rows.getByRole("link").allTextContents();
    expect(subjects.indexOf(subject)).toBeGreaterThanOrEqual(0);
    expect(subjects.indexOf(subject)).toBeLessThan(subjects.indexOf(olderSubject));
    await expect(rows.filter({ hasText: subject })).toContainText("Priority");
    expect(await seriousViolations(admin)).toEqual([]);

    await rows.getByRole("link", { name: subject }).click();
    const ticket = admin.getByRole("region", { name: subject });
    await expect(
      ticket.getByText("Can my whole batch of 40 get Pro at a group price?"),
    ).toBeVisible();
    const reply = "Yes: we offer group pricing for 20 or more learners. I have sent the form.";
    await ticket.getByLabel(/^Reply to /).fill(reply);
    await ticket.getByRole("button", { name: "Send reply" }).click();
    await expectFlash(admin, "Reply sent");
    await expect(ticket.getByText("E-mail delivered to the mail service")).toBeVisible();
    await expect(ticket.getByLabel(/^Reply to /)).toHaveValue("");
    await expect(ticket.getByText("Answered", { exact: true })).toBeVisible();
    await adminContext.close();

    // The reply is in the learner's mailbox, answering their subject.
    await page.goto("/dev/mailbox");
    const mail = page.getByRole("listitem").filter({ hasText: `Re: ${subject}` });
    await expect(mail).toContainText(`To ${learner.email}`);
    await mail.getByText(`Re: ${subject}`).click();
    await expect(mail.getByText(reply, { exact: false })).toBeVisible();

    // And on their ticket.
    await page.goto("/support");
    const section = page.getByRole("region", { name: "Your support tickets" });
    const card = section.getByRole("article", { name: subject });
    await expect(card.getByText("Answered", { exact: true })).toBeVisible();
    await expect(card.getByText("Priority", { exact: true })).toBeVisible();
    await expect(card.getByText("MedMentor support")).toBeVisible();
    await expect(card.getByText(reply)).toBeVisible();
    expect(await seriousViolations(page, { include: "#your-tickets" })).toEqual([]);
  });

  test("a learner answers on their ticket, and the admin replies and closes it @nojs", async ({
    page,
    ip,
    browser,
  }) => {
    await signedInLearner(page, ip, "support-nojs");
    const subject = subjectFor("Flashcards export is empty");
    await sendMessage(page, {
      category: "Bug Report",
      subject,
      message: "The CSV export downloads a file with only the header.",
    });

    await page.goto("/support");
    const card = page
      .getByRole("region", { name: "Your support tickets" })
      .getByRole("article", { name: subject });
    await expect(card.getByText("Waiting for our reply")).toBeVisible();
    await expect(card.getByText("We aim to reply within 24 hours.")).toBeVisible();
    await card.getByLabel("Your reply").fill("It happens with every category I pick.");
    await card.getByRole("button", { name: "Send reply" }).click();
    await expectFlash(page, "Reply sent");
    await expect(page).toHaveURL(/\/support\?ticket=[0-9a-f-]{36}#ticket-/);
    const ticketId = new URL(page.url()).searchParams.get("ticket")!;
    await expect(
      page
        .getByRole("article", { name: subject })
        .getByText("It happens with every category I pick."),
    ).toBeVisible();

    const adminContext = await otherBrowser(browser);
    const admin = await adminContext.newPage();
    await signedInAdmin(admin);
    await admin.goto(`/admin_dashboard_2025/support?ticket=${ticketId}`);
    const ticket = admin.getByRole("region", { name: subject });
    await expect(ticket.getByText("It happens with every category I pick.")).toBeVisible();
    await ticket
      .getByLabel(/^Reply to /)
      .fill("Found it: fixed in today's release. Please try again.");
    await ticket.getByRole("button", { name: "Send reply" }).click();
    await expectFlash(admin, "Reply sent");
    await admin
      .getByRole("region", { name: subject })
      .getByRole("button", { name: "Close ticket" })
      .click();
    await expectFlash(admin, "Ticket closed");
    await expect(
      admin.getByRole("region", { name: subject }).getByRole("button", { name: "Reopen ticket" }),
    ).toBeVisible();
    await adminContext.close();

    await page.goto(`/support?ticket=${ticketId}`);
    const closed = page.getByRole("article", { name: subject });
    await expect(closed.getByText("Closed", { exact: true })).toBeVisible();
    await expect(
      closed.getByText("Found it: fixed in today's release. Please try again."),
    ).toBeVisible();
    await expect(closed.getByLabel("Your reply")).toHaveCount(0);
    await closed.getByRole("link", { name: "Send us a new message" }).click();
    await expect(page).toHaveURL(/\/contact#send-message$/);
  });
});
