import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { REQUEST_MESSAGES } from "~/http/api.server";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { contactMessages, outboxMessages } from "~/db/schema";
import { createOutboxMailer, createResendMailer } from "~/integrations/mail.server";
import { CONTACT_LIMITS, CONTACT_MESSAGES } from "~/lib/contact";
import { hashClientIp, submitContactMessage } from "./contact.server";

const db = createDb(env.DB);
let counter = 0;
let ipCounter = 0;

/** A fresh client address per use, so the hourly limit of one test never touches another. */
function uniqueIp() {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

/** A unique subject per message, so tests never see each other's rows. */
function uniqueSubject(label: string) {
  counter += 1;
  return `${label} ${crypto.randomUUID().slice(0, 8)}-${counter}`;
}

function contactForm(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
}

function validFields(overrides: Record<string, string> = {}) {
  return {
    name: "Asha Rao",
    email: "asha@example.com",
    category: "bug",
    subject: uniqueSubject("Quiz timer"),
    message: "The quiz timer keeps running after I submit.",
    ...overrides,
  };
}

/** POSTs the form to the real app worker, as a browser without JavaScript would. */
async function postContact(fields: Record<string, string>, ip: string) {
  const response = await exports.default.fetch(
    new Request("http://localhost/contact", {
      method: "POST",
      body: contactForm(fields),
      headers: { "CF-Connecting-IP": ip },
    }),
  );
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The text of the first element matching `selector` in an HTML page, entities decoded, blocks separated by a space. */
async function textOf(html: string, selector: string): Promise<string | null> {
  let text: string | null = null;
  let inside = false;
  await new HTMLRewriter()
    .on(selector, {
      element(element) {
        if (text !== null) return;
        text = "";
        inside = true;
        element.onEndTag(() => {
          inside = false;
        });
      },
      text(chunk) {
        if (inside) text += chunk.text;
      },
    })
    .on(`${selector} *`, {
      element() {
        if (inside) text += " ";
      },
    })
    .transform(new Response(html))
    .text();
  return text === null ? null : decodeEntities(text).replace(/\s+/g, " ").trim();
}

function decodeEntities(text: string) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The value="" an input was rendered with, or null. */
async function valueOf(html: string, id: string): Promise<string | null> {
  let value: string | null = null;
  await new HTMLRewriter()
    .on(`#${id}`, {
      element(element) {
        value = element.getAttribute("value");
      },
    })
    .transform(new Response(html))
    .text();
  return value === null ? null : decodeEntities(value);
}

function rowsWithSubject(subject: string) {
  return db.select().from(contactMessages).where(eq(contactMessages.subject, subject));
}

function outboxWithSubject(subject: string) {
  return db.select().from(outboxMessages).where(eq(outboxMessages.subject, subject));
}

describe("the contact form, posted to /contact", () => {
  it("stores a valid message and mails it to support, replying to the sender, with the user's text escaped", async () => {
    const fields = validFields({
      name: "  Dr. <b>Tom</b> & Jerry  ",
      email: "  tom@example.com ",
      subject: uniqueSubject("  <img src=x onerror=alert(1)> Login   loop"),
      message: 'I see <script>alert("hi")</script> when I log in.\r\nSecond line & more.',
    });
    const { status, html } = await postContact(fields, "203.0.113.10");

    expect(status).toBe(200);
    expect(await textOf(html, "[role=status]")).toBe(
      `${CONTACT_MESSAGES.successTitle} ${CONTACT_MESSAGES.successDescription}`,
    );
    // The form comes back empty.
    expect(await valueOf(html, "contact-form-name")).toBeNull();
    expect(await textOf(html, "#contact-form-message")).toBe("");

    const subject = fields.subject.trim().replace(/\s+/g, " ");
    const [row] = await rowsWithSubject(subject);
    expect(row).toMatchObject({
      name: "Dr. <b>Tom</b> & Jerry",
      email: "tom@example.com",
      category: "bug",
      message: 'I see <script>alert("hi")</script> when I log in.\nSecond line & more.',
      deliveryStatus: "sent",
      ipHash: await hashClientIp("203.0.113.10", env.SESSION_SECRET),
    });
    expect(row!.ipHash).toMatch(/^[0-9a-f]{64}$/);

    const [mail] = await outboxWithSubject(`[Contact: Bug Report] ${subject}`);
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(env.SUPPORT_EMAIL);
    expect(mail!.replyTo).toBe("tom@example.com");
    expect(mail!.text).toContain(
      'I see <script>alert("hi")</script> when I log in.\nSecond line & more.',
    );
    expect(mail!.text).toContain("Name: Dr. <b>Tom</b> & Jerry");
    expect(mail!.html).toContain(
      "I see &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; when I log in.\nSecond line &amp; more.",
    );
    expect(mail!.html).toContain("Dr. &lt;b&gt;Tom&lt;/b&gt; &amp; Jerry");
    expect(mail!.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(mail!.html).not.toMatch(/<script|<img|<b>/);
  });

  it("counts a 2000-character message with browser line breaks (CRLF) as 2000 characters", async () => {
    const message = `${"a".repeat(999)}\r\n${"b".repeat(1000)}`;
    const fields = validFields({ message });
    const { status } = await postContact(fields, "203.0.113.11");
    expect(status).toBe(200);
    const [row] = await rowsWithSubject(fields.subject);
    expect(row?.message).toHaveLength(CONTACT_LIMITS.messageMax);
  });

  const invalidCases: Array<{
    field: string;
    overrides: Record<string, string>;
    message: string;
    summary: string;
  }> = [
    {
      field: "name",
      overrides: { name: "   " },
      message: CONTACT_MESSAGES.nameRequired,
      summary: CONTACT_MESSAGES.requiredFields,
    },
    {
      field: "email",
      overrides: { email: "" },
      message: CONTACT_MESSAGES.emailRequired,
      summary: CONTACT_MESSAGES.requiredFields,
    },
    {
      field: "message",
      overrides: { message: " \r\n " },
      message: CONTACT_MESSAGES.messageRequired,
      summary: CONTACT_MESSAGES.requiredFields,
    },
    {
      field: "email",
      overrides: { email: "asha.example.com" },
      message: CONTACT_MESSAGES.emailInvalid,
      summary: CONTACT_MESSAGES.checkFields,
    },
    {
      field: "subject",
      overrides: { subject: "  " },
      message: CONTACT_MESSAGES.subjectRequired,
      summary: CONTACT_MESSAGES.checkFields,
    },
    {
      field: "message",
      overrides: { message: "x".repeat(2001) },
      message: CONTACT_MESSAGES.messageTooLong,
      summary: CONTACT_MESSAGES.checkFields,
    },
    {
      field: "category",
      overrides: { category: "sales" },
      message: CONTACT_MESSAGES.categoryInvalid,
      summary: CONTACT_MESSAGES.checkFields,
    },
    {
      field: "name",
      overrides: { name: "n".repeat(101) },
      message: CONTACT_MESSAGES.nameTooLong,
      summary: CONTACT_MESSAGES.checkFields,
    },
  ];

  it.each(invalidCases)(
    "refuses an invalid $field ($message), keeps the input and stores nothing",
    async ({ field, overrides, message, summary }) => {
      const fields = validFields({ subject: uniqueSubject("Invalid"), ...overrides });
      const ip = uniqueIp();
      const { status, html } = await postContact(fields, ip);

      expect(status).toBe(400);
      expect(await textOf(html, `#contact-form-${field}-error`)).toBe(message);
      expect(await textOf(html, "[role=alert]")).toBe(
        `${CONTACT_MESSAGES.validationTitle} ${summary}`,
      );
      // The field points at its error for assistive technology.
      expect(html).toMatch(
        new RegExp(`id="contact-form-${field}"[^>]*aria-describedby="contact-form-${field}-error`),
      );
      // What the user typed comes back.
      if (field !== "name") expect(await valueOf(html, "contact-form-name")).toBe("Asha Rao");

      const ipHash = await hashClientIp(ip, env.SESSION_SECRET);
      expect(
        await db.select().from(contactMessages).where(eq(contactMessages.ipHash, ipHash)),
      ).toEqual([]);
    },
  );

  it("answers a filled honeypot exactly like a success, but stores and sends nothing", async () => {
    const real = await postContact(validFields(), "192.0.2.50");
    const fields = validFields({ website: "https://cheap-pills.example" });
    const bot = await postContact(fields, "192.0.2.51");

    expect(bot.status).toBe(real.status);
    expect(await textOf(bot.html, "[role=status]")).toBe(await textOf(real.html, "[role=status]"));
    expect(await rowsWithSubject(fields.subject)).toEqual([]);
    expect(await outboxWithSubject(`[Contact: Bug Report] ${fields.subject}`)).toEqual([]);
  });

  it("refuses the sixth message in an hour from one address with 429, while another address is fine", async () => {
    for (let i = 0; i < CONTACT_LIMITS.messagesPerWindow; i++) {
      expect((await postContact(validFields(), "192.0.2.77")).status).toBe(200);
    }
    const sixth = validFields();
    const refused = await postContact(sixth, "192.0.2.77");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3500);
    expect(await textOf(refused.html, "[role=alert]")).toBe(
      `${CONTACT_MESSAGES.rateLimitedTitle} ${CONTACT_MESSAGES.rateLimitedDescription(env.SUPPORT_EMAIL)}`,
    );
    expect(await valueOf(refused.html, "contact-form-subject")).toBe(sixth.subject);
    expect(await rowsWithSubject(sixth.subject)).toEqual([]);

    expect((await postContact(validFields(), "192.0.2.78")).status).toBe(200);
  });

  it("answers a request that is not a form with 415 and says why, not 500", async () => {
    const response = await exports.default.fetch(
      new Request("http://localhost/contact", {
        method: "POST",
        body: JSON.stringify({ name: "x" }),
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": "192.0.2.90" },
      }),
    );
    // The request gate refuses a body that is not a web form before the page's action.
    expect(response.status).toBe(415);
    expect(await response.text()).toContain(REQUEST_MESSAGES.formRequired);
  });

  it("renders the page with the support address, phone, hours and every category", async () => {
    const response = await exports.default.fetch(new Request("http://localhost/contact"));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`mailto:${env.SUPPORT_EMAIL}`);
    expect(await textOf(html, "#business-hours-heading")).toBe("Business hours");
    for (const label of [
      "General Inquiry",
      "Technical Support",
      "Bug Report",
      "Feature Request",
      "Partnerships",
    ]) {
      expect(html).toContain(label);
    }
    expect(html).toMatch(/<textarea[^>]*maxLength="2000"|<textarea[^>]*maxlength="2000"/);
  });
});

describe("submitContactMessage", () => {
  const supportEmail = "help@medmentor.test";
  const deps = (mail = createOutboxMailer(db), now?: () => number) => ({
    db,
    mail,
    env: { SUPPORT_EMAIL: supportEmail, SESSION_SECRET: "unit-test-secret-of-at-least-32-chars" },
    now,
  });

  it("marks the message failed and keeps the input when the mail provider refuses it", async () => {
    const failingMail = createResendMailer({
      apiKey: "re_revoked_key",
      baseUrl: "https://resend.fake.test",
      from: "MedMentor <no-reply@medmentor.test>",
    });
    const fields = validFields();
    const outcome = await submitContactMessage(
      deps(failingMail),
      contactForm(fields),
      "192.0.2.120",
    );

    expect(outcome.status).toBe(502);
    expect(outcome.data.notice).toMatchObject({
      type: "error",
      title: "Failed to Send Message ❌",
      description: `Sorry, there was an error sending your message. Please try again or contact us directly at ${supportEmail}`,
    });
    expect(outcome.data.result.initialValue).toMatchObject({
      name: "Asha Rao",
      subject: fields.subject,
    });
    const [row] = await rowsWithSubject(fields.subject);
    expect(row?.deliveryStatus).toBe("failed");
  });

  it("reports success with the spec's words and resets the form", async () => {
    const outcome = await submitContactMessage(deps(), contactForm(validFields()), "192.0.2.121");
    expect(outcome.status).toBe(200);
    expect(outcome.data.notice).toMatchObject({
      type: "success",
      title: "Message Sent Successfully! ✅",
      description: "Thank you for contacting us. We'll get back to you within 24 hours.",
    });
    expect(outcome.data.result.initialValue).toBeNull();
  });

  it("lets an address send again once its oldest message is more than an hour old", async () => {
    const start = Date.UTC(2026, 0, 15, 10, 0, 0);
    let now = start;
    const clock = () => now;
    for (let i = 0; i < CONTACT_LIMITS.messagesPerWindow; i++) {
      now = start + i * 60_000;
      expect(
        (
          await submitContactMessage(
            deps(undefined, clock),
            contactForm(validFields()),
            "192.0.2.122",
          )
        ).status,
      ).toBe(200);
    }
    now = start + 30 * 60_000;
    const limited = await submitContactMessage(
      deps(undefined, clock),
      contactForm(validFields()),
      "192.0.2.122",
    );
    expect(limited.status).toBe(429);
    expect(limited.headers?.["Retry-After"]).toBe(String(30 * 60));

    now = start + CONTACT_LIMITS.windowMs + 1;
    expect(
      (
        await submitContactMessage(
          deps(undefined, clock),
          contactForm(validFields()),
          "192.0.2.122",
        )
      ).status,
    ).toBe(200);
  });

  it("does not store the IP itself, and hashes it with the secret", async () => {
    const a = await hashClientIp("192.0.2.1", "secret-one-secret-one-secret-one");
    const b = await hashClientIp("192.0.2.1", "secret-two-secret-two-secret-two");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});
