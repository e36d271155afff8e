import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  checkEmailOnlyForm,
  checkLoginForm,
  checkRegisterForm,
  checkResetPasswordForm,
  checkVerifyEmailForm,
} from "./auth-fields";
import {
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "./auth-schemas";
import { checkContactForm } from "./contact";
import { contactSchema } from "./contact-schema";

type Fields = Record<string, string | string[] | undefined>;
type Checked = { status?: "success" | "error"; error?: Record<string, string[] | null> | null };

function formData(fields: Fields): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of value === undefined ? [] : [value].flat()) data.append(name, item);
  }
  return data;
}

/** What a form shows: each field with a problem and its first message. */
function shown(submission: Checked): Record<string, string> {
  return Object.fromEntries(
    Object.entries(submission.error ?? {}).flatMap(([name, messages]) =>
      messages?.[0] ? [[name, messages[0]]] : [],
    ),
  );
}

/**
 * The browser's check must show exactly what the server's schema would: the
 * same fields, the same first message, for every case.
 */
function expectSameAsSchema(
  check: (data: FormData) => Checked,
  schema: (fields: Fields) => z.ZodType,
  valid: Fields,
  variations: Fields[],
) {
  for (const variation of [{}, ...variations]) {
    const fields = { ...valid, ...variation };
    const expected = shown(parseWithZod(formData(fields), { schema: schema(fields) }));
    expect(shown(check(formData(fields))), JSON.stringify(variation)).toEqual(expected);
  }
}

const long = (length: number) => "a".repeat(length);
const blanks = [undefined, "", "   "];
const each = (name: string, values: Array<string | string[] | undefined>) =>
  values.map((value) => ({ [name]: value }));
const email = each("email", [
  ...blanks,
  "learner",
  "a@b",
  "a @b.co",
  " asha@example.com ",
  `${long(250)}@b.co`,
  `${long(240)}@b.co`,
]);

describe("the browser's form checks show what the server's schemas would", () => {
  it("login", () => {
    expectSameAsSchema(checkLoginForm, () => loginSchema, { email: "a@b.co", password: "x" }, [
      ...each("email", [...blanks, "not-an-address", long(255), ` ${long(254)} `]),
      ...each("password", [...blanks, " ", long(1024), long(1025)]),
      { rememberMe: "on", redirectTo: "/plans" },
      { email: undefined, password: undefined },
    ]);
  });

  it("registration", () => {
    const valid = {
      firstName: "Asha",
      lastName: "Rao",
      medicalSchool: "AIIMS Delhi",
      year: "Intern",
      email: "asha@example.com",
      password: "Secret1",
      confirmPassword: "Secret1",
      acceptTerms: "on",
    };
    expectSameAsSchema(checkRegisterForm, () => registerSchema, valid, [
      ...each("firstName", [...blanks, long(60), long(61), ` ${long(60)} `]),
      ...each("lastName", [...blanks, long(61)]),
      ...each("medicalSchool", [...blanks, long(120), long(121)]),
      ...each("year", [undefined, "", "7th Year", "1st Year"]),
      ...email,
      ...["", "abc", "abcdef", "ABCDEF1", "Ab1", " Ab1 ", `Ab1${long(125)}`, `Ab1${long(126)}`].map(
        (password) => ({ password, confirmPassword: password }),
      ),
      ...each("password", [undefined, "", "abc", "Secret2", " Secret1"]),
      ...each("confirmPassword", [...blanks, "Secret2", "secret1"]),
      { password: "abc", confirmPassword: "abd" },
      { password: "", confirmPassword: "Secret1" },
      ...each("acceptTerms", [undefined, "", "yes"]),
      Object.fromEntries(Object.keys(valid).map((name) => [name, undefined])),
      Object.fromEntries(Object.keys(valid).map((name) => [name, ""])),
    ]);
  });

  it("the e-mail code", () => {
    const digits = (code: string) => [...code];
    expectSameAsSchema(checkVerifyEmailForm, () => verifyEmailSchema, { code: digits("123456") }, [
      ...each("code", [
        undefined,
        "",
        "123456",
        " 123456 ",
        "12345",
        "1234567",
        "12345a",
        digits("12345"),
        ["1", "2", "", "4", "5", "6"],
        ["", "", "", "", "", ""],
      ]),
    ]);
  });

  it("an e-mail alone (forgot password, resend)", () => {
    expectSameAsSchema(checkEmailOnlyForm, () => emailOnlySchema, { email: "a@b.co" }, email);
  });

  it("password reset, and its resend button", () => {
    const valid = {
      email: "asha@example.com",
      code: [..."123456"],
      newPassword: "Secret1",
      confirmPassword: "Secret1",
    };
    expectSameAsSchema(
      checkResetPasswordForm,
      (fields) => (fields.intent === "resend" ? emailOnlySchema : resetPasswordSchema),
      valid,
      [
        ...email,
        ...each("code", [undefined, ["1", "2", "3", "", "", ""], "123456"]),
        ...each("newPassword", [undefined, "abc", "abcdefg", `Ab1${long(126)}`]),
        ...each("confirmPassword", [...blanks, "Secret2"]),
        { newPassword: "abc", confirmPassword: "abd" },
        { intent: "resend", code: undefined, newPassword: "", confirmPassword: "" },
        { intent: "resend", email: "", code: undefined },
        { intent: "reset", code: ["1"], confirmPassword: "x" },
      ],
    );
  });

  it("contact", () => {
    const valid = {
      name: "Asha Rao",
      email: "asha@example.com",
      category: "billing",
      subject: "Invoice",
      message: "Please send the invoice.",
      website: "",
    };
    expectSameAsSchema(checkContactForm, () => contactSchema, valid, [
      ...each("name", [...blanks, long(100), long(101), ` ${long(100)} `]),
      ...each("email", [
        ...blanks,
        "learner",
        "a@b",
        "first.last+tag@example.co.in",
        ".first@example.com",
        "first..last@example.com",
        "asha@example.c",
        `${long(243)}@example.com`,
        `${long(244)}@example.com`,
      ]),
      ...each("category", [undefined, "", "general", "billing", "refunds"]),
      ...each("subject", [...blanks, long(150), long(151), `a${" ".repeat(200)}b`, "a\n\nb"]),
      ...each("message", [
        ...blanks,
        long(2000),
        long(2001),
        "ab\r\n".repeat(600),
        "ab\r\n".repeat(700),
      ]),
      { website: "https://spam.example" },
      Object.fromEntries(Object.keys(valid).map((name) => [name, undefined])),
    ]);
  });
});
