/**
 * One schema per accounts form, used twice: by conform in the browser for
 * instant feedback and by the server (page actions and /api/auth routes) as the
 * real check. Rules and messages come from 000 §5 (app/lib/auth-messages.ts).
 */
import { z } from "zod";
import { AUTH_MESSAGES as M } from "./auth-messages";

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
export const CODE_LENGTH = 6;

/** 000 §5: "a simple e-mail pattern". */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;

function requiredText(requiredMessage: string, max: number, tooLongMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage);
}

/** An e-mail someone types to identify an account: required, trimmed, simple pattern. */
export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(EMAIL_MAX_LENGTH, M.emailInvalid)
  .regex(EMAIL_PATTERN, M.emailInvalid);

/** A password being chosen: at least 6, at most 128, upper + lower + digit. Never trimmed. */
export function newPasswordField(requiredMessage: string = M.requiredFields) {
  return z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
    .refine(isStrongPassword, M.passwordTooWeak);
}

export function isStrongPassword(password: string): boolean {
  return /\p{Lu}/u.test(password) && /\p{Ll}/u.test(password) && /\p{Nd}/u.test(password);
}

/** Six digits. Accepts the six single-digit boxes (a repeated field) or one string. */
function sixDigitCode(message: string) {
  return z.preprocess(
    (value) => (Array.isArray(value) ? value.map((digit) => digit ?? "").join("") : value),
    z
      .string({ error: message })
      .trim()
      .regex(/^\d{6}$/, message),
  );
}

/** Runs a "passwords match" check whenever both values are strings, even if other fields fail. */
function passwordsMatch<S extends z.ZodObject>(
  schema: S,
  password: keyof z.output<S> & string,
  confirm: keyof z.output<S> & string,
  message: string,
): S {
  return schema.refine(
    (value: Record<string, unknown>) =>
      value[confirm] === undefined || value[password] === value[confirm],
    {
      path: [confirm],
      message,
      when: (payload) => {
        const value = payload.value as Record<string, unknown> | undefined;
        return typeof value?.[password] === "string" && typeof value?.[confirm] === "string";
      },
    },
  );
}

const nameFields = {
  firstName: requiredText(M.firstNameRequired, 60, M.nameTooLong),
  lastName: requiredText(M.lastNameRequired, 60, M.nameTooLong),
};

const profileFields = {
  ...nameFields,
  medicalSchool: requiredText(M.medicalSchoolRequired, 120, M.medicalSchoolTooLong),
  year: z.enum(YEAR_OPTIONS, { error: M.yearRequired }),
};

/** What every registration carries, from the page or the API. */
const registrationFields = z.object({
  ...profileFields,
  email: emailField,
  password: newPasswordField(),
});

/** /register. */
export const registerSchema = passwordsMatch(
  registrationFields.extend({
    confirmPassword: z.string({ error: M.requiredFields }),
    acceptTerms: z
      .boolean({ error: M.termsRequired })
      .refine((accepted) => accepted, M.termsRequired),
  }),
  "password",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

/** POST /api/auth/register: the same fields; a confirmation, if sent, must match. */
export const apiRegisterSchema = passwordsMatch(
  registrationFields.extend({ confirmPassword: z.string().optional() }),
  "password",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

export type RegistrationInput = z.output<typeof registrationFields>;

/** /login and POST /api/auth/login. Only presence is checked (000 §5); the e-mail is trimmed. */
export const loginSchema = z.object({
  email: z
    .string({ error: M.requiredFields })
    .trim()
    .min(1, M.requiredFields)
    .max(EMAIL_MAX_LENGTH),
  password: z.string({ error: M.requiredFields }).min(1, M.requiredFields).max(1024),
  rememberMe: z.boolean().optional().default(false),
  redirectTo: z.string().optional(),
});

/** /verify-email (the e-mail travels in a signed cookie, not in the form). */
export const verifyEmailSchema = z.object({ code: sixDigitCode(M.codeIncomplete) });

/** POST /api/auth/verify-email: 000 §7 names the fields e-mail and otp. */
export const apiVerifyEmailSchema = z.object({
  email: emailField,
  otp: sixDigitCode(M.codeIncomplete),
});

/** /forgot-password, the resend buttons, and the resend/forgot API calls. */
export const emailOnlySchema = z.object({ email: emailField });

/** /reset-password. */
export const resetPasswordSchema = passwordsMatch(
  z.object({
    email: emailField,
    code: sixDigitCode(M.resetCodeIncomplete),
    newPassword: newPasswordField(M.newPasswordRequired),
    confirmPassword: z.string({ error: M.requiredFields }),
  }),
  "newPassword",
  "confirmPassword",
  M.resetPasswordsDoNotMatch,
);

/** POST /api/auth/reset-password: 000 §7 names the fields e-mail, token and newPassword. */
export const apiResetPasswordSchema = passwordsMatch(
  z.object({
    email: emailField,
    token: sixDigitCode(M.resetCodeIncomplete),
    newPassword: newPasswordField(M.newPasswordRequired),
    confirmPassword: z.string().optional(),
  }),
  "newPassword",
  "confirmPassword",
  M.resetPasswordsDoNotMatch,
);

/**
 * /account and PUT /api/auth/profile. Only these four fields exist: role, e-mail,
 * verification and ids are dropped by the parse (zod strips unknown keys).
 */
export const profileSchema = z.object(profileFields);
export type ProfileInput = z.output<typeof profileSchema>;

/** /account and PUT /api/auth/change-password. A Google-only account has no current password. */
export const changePasswordSchema = passwordsMatch(
  z.object({
    currentPassword: z.string().max(1024).optional(),
    newPassword: newPasswordField(M.newPasswordRequired),
    confirmPassword: z.string({ error: M.requiredFields }),
  }),
  "newPassword",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

export const apiChangePasswordSchema = passwordsMatch(
  z.object({
    currentPassword: z.string().max(1024).optional(),
    newPassword: newPasswordField(M.newPasswordRequired),
    confirmPassword: z.string().optional(),
  }),
  "newPassword",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

/** POST /api/auth/google-auth: a Google ID token, as Google Identity Services hands it over. */
export const googleCredentialSchema = z.object({
  credential: z.string({ error: M.requiredFields }).trim().min(1, M.requiredFields).max(8192),
});
