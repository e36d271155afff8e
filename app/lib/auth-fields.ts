/**
 * The accounts forms' fields: limits, choices and the rule for each text field.
 * The zod schemas the server checks with (app/lib/auth-schemas.ts) are built
 * from these, and the sign-in, registration, code and password-reset pages run
 * the quick checks below in the browser, so both say the same thing at the
 * same moments. Rules and messages follow the spec's validation rules
 * (app/lib/auth-messages.ts).
 */
import { AUTH_MESSAGES as M } from "./auth-messages";
import type {
  emailOnlySchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from "./auth-schemas";
import { checkForm, textProblem, type TextRule } from "./field-rules";

export const YEAR_OPTIONS = [
  "1st Year",
  "2nd Year",
  "3rd Year",
  "4th Year",
  "5th Year",
  "6th Year",
  "Intern",
  "Resident",
  "Other",
] as const;
export type StudyYear = (typeof YEAR_OPTIONS)[number];

export const PASSWORD_MIN_LENGTH = 6;
/** Long passphrases are welcome; the hash takes any length without truncation. */
export const PASSWORD_MAX_LENGTH = 128;

/** "A simple e-mail pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
export const CODE_PATTERN = /^\d{6}$/;

/** Upper case, lower case and a digit, in any script. */
function isStrongPassword(password: string): boolean {
  return /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password);
}

/** A password being chosen: 6 to 128 characters, upper + lower + digit, never trimmed. */
function newPassword(required: string): TextRule {
  return {
    required,
    asTyped: true,
    min: [PASSWORD_MIN_LENGTH, M.passwordTooShort],
    max: [PASSWORD_MAX_LENGTH, M.passwordTooLong],
    valid: [isStrongPassword, M.passwordTooWeak],
  };
}

export const AUTH_FIELDS = {
  /** An e-mail someone types to identify an account. */
  email: {
    required: M.emailRequired,
    max: [EMAIL_MAX_LENGTH, M.emailInvalid],
    valid: [EMAIL_PATTERN, M.emailInvalid],
  },
  /** Signing in checks presence only, and has one message for everything. */
  loginEmail: { required: M.requiredFields, max: [EMAIL_MAX_LENGTH, M.requiredFields] },
  loginPassword: { required: M.requiredFields, asTyped: true, max: [1024, M.requiredFields] },
  firstName: { required: M.firstNameRequired, max: [60, M.nameTooLong] },
  lastName: { required: M.lastNameRequired, max: [60, M.nameTooLong] },
  medicalSchool: { required: M.medicalSchoolRequired, max: [120, M.medicalSchoolTooLong] },
  password: newPassword(M.requiredFields),
  newPassword: newPassword(M.newPasswordRequired),
} satisfies Record<string, TextRule>;

/** The six single-digit boxes arrive as a list; one string is taken as it is. */
export function joinCodeDigits(value: unknown): unknown {
  return Array.isArray(value) ? value.map((digit: unknown) => digit ?? "").join("") : value;
}

// The browser's quick checks: each field's first problem, as the schema of the
// same name would report it. Checkboxes and selects can only send their own values.

function codeProblem(value: unknown, message: string) {
  const code = joinCodeDigits(value);
  return typeof code === "string" && CODE_PATTERN.test(code.trim()) ? undefined : message;
}

/** A confirmation is required; it must match once both passwords are filled in. */
function confirmProblem(password: unknown, confirm: unknown, mismatch: string) {
  if (typeof confirm !== "string" || confirm === "") return M.requiredFields;
  return typeof password === "string" && password !== "" && password !== confirm
    ? mismatch
    : undefined;
}

export const checkLoginForm = (formData: FormData) =>
  checkForm<typeof loginSchema>(formData, (values) => ({
    email: textProblem(values.email, AUTH_FIELDS.loginEmail),
    password: textProblem(values.password, AUTH_FIELDS.loginPassword),
  }));

export const checkRegisterForm = (formData: FormData) =>
  checkForm<typeof registerSchema>(formData, (values) => ({
    firstName: textProblem(values.firstName, AUTH_FIELDS.firstName),
    lastName: textProblem(values.lastName, AUTH_FIELDS.lastName),
    medicalSchool: textProblem(values.medicalSchool, AUTH_FIELDS.medicalSchool),
    year: YEAR_OPTIONS.includes(values.year as StudyYear) ? undefined : M.yearRequired,
    email: textProblem(values.email, AUTH_FIELDS.email),
    password: textProblem(values.password, AUTH_FIELDS.password),
    confirmPassword: confirmProblem(values.password, values.confirmPassword, M.passwordsDoNotMatch),
    acceptTerms: values.acceptTerms === "on" ? undefined : M.termsRequired,
  }));

export const checkVerifyEmailForm = (formData: FormData) =>
  checkForm<typeof verifyEmailSchema>(formData, (values) => ({
    code: codeProblem(values.code, M.codeIncomplete),
  }));

export const checkEmailOnlyForm = (formData: FormData) =>
  checkForm<typeof emailOnlySchema>(formData, (values) => ({
    email: textProblem(values.email, AUTH_FIELDS.email),
  }));

/** "Resend code" shares the reset form for its e-mail: only the address is checked then. */
export const checkResetPasswordForm = (formData: FormData) =>
  checkForm<typeof resetPasswordSchema>(formData, (values) =>
    values.intent === "resend"
      ? { email: textProblem(values.email, AUTH_FIELDS.email) }
      : {
          email: textProblem(values.email, AUTH_FIELDS.email),
          code: codeProblem(values.code, M.resetCodeIncomplete),
          newPassword: textProblem(values.newPassword, AUTH_FIELDS.newPassword),
          confirmPassword: confirmProblem(
            values.newPassword,
            values.confirmPassword,
            M.resetPasswordsDoNotMatch,
          ),
        },
  );
