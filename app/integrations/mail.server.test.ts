import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { createMailer, createResendMailer, listOutbox, MailDeliveryError } from "./mail.server";

const message = {
  to: "learner@example.com",
  subject: "Your code",
  text: "Your code is 123456",
  html: "<p>Your code is <strong>123456</strong></p>",
};

describe("mail interface", () => {
  it("uses the local outbox when no provider key is configured, storing and listing newest first", async () => {
    const db = createDb(env.DB);
    const mailer = createMailer(
      {
        MAIL_API_BASE_URL: "https://api.resend.com",
        MAIL_FROM: "MedMentor <no-reply@medmentor.test>",
      },
      db,
    );
    expect(mailer.adapter).toBe("outbox");
    const first = await mailer.send(message);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await mailer.send({ ...message, subject: "Second" });

    const outbox = await listOutbox(db);
    expect(outbox.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(outbox[1]).toMatchObject({
      to: "learner@example.com",
      subject: "Your code",
      text: "Your code is 123456",
      html: "<p>Your code is <strong>123456</strong></p>",
    });
    expect(new Date(outbox[1]!.createdAt).toString()).not.toBe("Invalid Date");
  });

  it("sends through Resend's HTTP API when a key is configured, and stores nothing locally", async () => {
    const db = createDb(env.DB);
    const mailer = createMailer(
      {
        MAIL_API_KEY: "re_test_ok",
        MAIL_API_BASE_URL: "https://resend.fake.test",
        MAIL_FROM: "MedMentor <no-reply@medmentor.test>",
      },
      db,
    );
    expect(mailer.adapter).toBe("resend");
    const before = (await listOutbox(db)).length;
    const sent = await mailer.send({ ...message, replyTo: "reply@example.com" });
    expect(sent.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await listOutbox(db)).toHaveLength(before);
  });

  it("reports the provider's refusal with its status", async () => {
    const wrongKey = createResendMailer({
      apiKey: "re_wrong",
      baseUrl: "https://resend.fake.test",
      from: "MedMentor <no-reply@medmentor.test>",
    });
    await expect(wrongKey.send(message)).rejects.toMatchObject({
      name: "MailDeliveryError",
      status: 401,
    });

    const bounce = createResendMailer({
      apiKey: "re_test_ok",
      baseUrl: "https://resend.fake.test",
      from: "MedMentor <no-reply@medmentor.test>",
    });
    await expect(bounce.send({ ...message, to: "nobody@bounce.test" })).rejects.toBeInstanceOf(
      MailDeliveryError,
    );
  });
});
