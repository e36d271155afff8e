/** The e-mails the accounts flows send: the verification code and the password reset code. */
import type { MailMessage } from "~/integrations/mail.server";
import { SITE } from "~/lib/site";
import type { CodePurpose } from "./one-time-code.server";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!,
  );

export function codeMail(input: {
  to: string;
  firstName: string;
  code: string;
  purpose: CodePurpose;
  validMinutes: number;
}): MailMessage {
  const verify = input.purpose === "verify_email";
  const subject = verify
    ? `Verify your email for ${SITE.name}`
    : `Reset your ${SITE.name} password`;
  const intro = verify
    ? `Welcome to ${SITE.name}! Enter this code to verify your email address:`
    : `We received a request to reset your ${SITE.name} password. Enter this code to choose a new one:`;
  const outro = verify
    ? "If you did not create an account, you can ignore this email."
    : "If you did not ask to reset your password, you can ignore this email: your password stays the same.";
  const validity = `The code expires in ${input.validMinutes} minutes and works once.`;
  const greeting = `Hello ${input.firstName},`;
  return {
    to: input.to,
    subject,
    text: [
      greeting,
      "",
      intro,
      "",
      `    ${input.code}`,
      "",
      validity,
      outro,
      "",
      `— ${SITE.name}`,
    ].join("\n"),
    html: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<p style="font-size:28px;font-weight:700;letter-spacing:6px;font-family:monospace">${input.code}</p>`,
      `<p>${escapeHtml(validity)}</p>`,
      `<p>${escapeHtml(outro)}</p>`,
      `<p>— ${escapeHtml(SITE.name)}</p>`,
    ].join(""),
  };
}
