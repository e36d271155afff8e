/**
 * One schema per accounts form: the real check, run by the server (page actions
 * and /api/auth routes). Limits, rules and messages come from the accounts
 * fields' table (app/lib/auth-fields.ts), which the public pages also check in
 * the browser for instant feedback; only /account runs these schemas there.
 */
import { z } from "zod";
import { AUTH_FIELDS, CODE_PATTERN, joinCodeDigits, YEAR_OPTIONS } from "./auth-fields";
import { AUTH_MESSAGES as M } from "./auth-messages";
import { textSchema } from "./field-schema";

/** An e-mail someone types to identify an account: required, trimmed, simple pattern. */
const emailField = textSchema(AUTH_FIELDS.email);

/** Six digits. Accepts the six single-digit boxes (a repeated field) or one string. */
function sixDigitCode(message: string) {
  return z.preprocess(
    joinCodeDigits,
    z.string({ error: message }).trim().regex(CODE_PATTERN, message),
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
  firstName: textSchema(AUTH_FIELDS.firstName),
  lastName: textSchema(AUTH_FIELDS.lastName),
};

const profileFields = {
  ...nameFields,
  medicalSchool: textSchema(AUTH_FIELDS.medicalSchool),
  year: z.enum(YEAR_OPTIONS, { error: M.yearRequired }),
};

/** What every registration carries, from the page or the API. */
const registrationFields = z.object({
  ...profileFields,
  email: emailField,
  password: textSchema(AUTH_FIELDS.password),
});

/** The Terms of Service and Privacy Policy must be accepted, on the page and through the API. */
const acceptTerms = z
  .boolean({ error: M.termsRequired })
  .refine((accepted) => accepted, M.termsRequired);

/** /register. */
export const registerSchema = passwordsMatch(
  registrationFields.extend({
    confirmPassword: z.string({ error: M.requiredFields }),
    acceptTerms,
  }),
  "password",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

/** POST /api/auth/register: the same fields and `acceptTerms: true`; a confirmation, if sent, must match. */
export const apiRegisterSchema = passwordsMatch(
  registrationFields.extend({ confirmPassword: z.string().optional(), acceptTerms }),
  "password",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

export type RegistrationInput = z.output<typeof registrationFields>;

/** /login and POST /api/auth/login. Only presence is checked; the e-mail is trimmed. */
export const loginSchema = z.object({
  email: textSchema(AUTH_FIELDS.loginEmail),
  password: textSchema(AUTH_FIELDS.loginPassword),
  rememberMe: z.boolean().optional().default(false),
  redirectTo: z.string().optional(),
});

/** /verify-email (the e-mail travels in a signed cookie, not in the form). */
export const verifyEmailSchema = z.object({ code: sixDigitCode(M.codeIncomplete) });

/** POST /api/auth/verify-email: the API names the fields e-mail and otp (docs/api.md). */
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
    newPassword: textSchema(AUTH_FIELDS.newPassword),
    confirmPassword: z.string({ error: M.requiredFields }),
  }),
  "newPassword",
  "confirmPassword",
  M.resetPasswordsDoNotMatch,
);

/**
 * POST /api/auth/reset-password: the API names the fields e-mail, token and
 * newPassword (docs/api.md).
 */
export const apiResetPasswordSchema = passwordsMatch(
  z.object({
    email: emailField,
    token: sixDigitCode(M.resetCodeIncomplete),
    newPassword: textSchema(AUTH_FIELDS.newPassword),
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
    newPassword: textSchema(AUTH_FIELDS.newPassword),
    confirmPassword: z.string({ error: M.requiredFields }),
  }),
  "newPassword",
  "confirmPassword",
  M.passwordsDoNotMatch,
);

export const apiChangePasswordSchema = passwordsMatch(
  z.object({
    currentPassword: z.string().max(1024).optional(),
    newPassword: textSchema(AUTH_FIELDS.newPassword),
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
