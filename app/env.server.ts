import { z } from "zod";
import { DEFAULT_GEMINI_MODEL } from "./integrations/ai/types";

/**
 * Every variable and secret the workers read, checked once per request.
 * Bindings (DB, KV, USER_METER, ASSETS) are typed by `wrangler types`
 * (worker-configuration.d.ts); this schema covers the string settings.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const DEV_SESSION_SECRET = "local-development-session-secret-change-me";

/**
 * Session secrets printed in this repository (.dev.vars.example, the built-in
 * local default). Anyone can sign with them, so production refuses them and
 * nothing that must stay secret is derived from them.
 */
const PUBLISHED_SESSION_SECRETS: readonly string[] = [DEV_SESSION_SECRET];

export function isPublishedSessionSecret(secret: string): boolean {
  return PUBLISHED_SESSION_SECRETS.includes(secret.trim());
}

export const envSchema = z
  .object({
    APP_ENV: z.enum(["local", "production"]).default("production"),
    SESSION_SECRET: optionalString,
    SUPPORT_EMAIL: z.email().default("support@medmentor.in"),
    MAIL_FROM: z.string().trim().min(3).default("MedMentor <no-reply@medmentor.in>"),
    MAIL_API_KEY: optionalString,
    MAIL_API_BASE_URL: z.url().default("https://api.resend.com"),
    // Accounts (docs/decisions/010-014). Google sign-in is offered only when a client is set.
    GOOGLE_CLIENT_ID: optionalString,
    GOOGLE_CLIENT_SECRET: optionalString,
    GOOGLE_AUTHORIZATION_URL: z.url().default("https://accounts.google.com/o/oauth2/v2/auth"),
    GOOGLE_TOKEN_URL: z.url().default("https://oauth2.googleapis.com/token"),
    GOOGLE_JWKS_URL: z.url().default("https://www.googleapis.com/oauth2/v3/certs"),
    /** Accepted `iss` values of Google ID tokens, comma-separated. */
    GOOGLE_ISSUER: z
      .string()
      .trim()
      .min(1)
      .default("https://accounts.google.com,accounts.google.com"),
    // Payments (docs/decisions/018-payments.md). Without keys, local mode uses the offline test checkout.
    RAZORPAY_KEY_ID: z
      .string()
      .trim()
      .regex(
        /^(rzp_(test|live)_[A-Za-z0-9]+)?$/,
        "RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…",
      )
      .transform((value) => (value === "" ? undefined : value))
      .optional(),
    RAZORPAY_KEY_SECRET: optionalString,
    RAZORPAY_WEBHOOK_SECRET: optionalString,
    // The AI mentor (docs/decisions/020-ai-generation.md). Without a key, the offline mentor answers.
    GEMINI_API_KEY: optionalString,
    GEMINI_MODEL: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._-]*$/, "GEMINI_MODEL must be a model id such as gemini-2.5-flash")
      .transform((value) => (value === "" ? DEFAULT_GEMINI_MODEL : value))
      .default(DEFAULT_GEMINI_MODEL),
    /** A gateway (or a local fake) speaking Gemini's REST API; unset means Google's own. */
    GEMINI_BASE_URL: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.url({ protocol: /^https?$/ }).optional())
      .optional(),
    /** Optional secret mixed into every new password hash (HMAC) before PBKDF2. */
    PASSWORD_PEPPER: optionalString,
    /** How long an admin session lasts, in milliseconds (docs/decisions/026-admin-dashboard.md). */
    ADMIN_SESSION_TTL_MS: z.preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      z.coerce
        .number()
        .int()
        .min(60_000, "ADMIN_SESSION_TTL_MS must be at least 60000 (one minute)")
        .max(7 * 86_400_000, "ADMIN_SESSION_TTL_MS must be at most 604800000 (seven days)")
        .default(8 * 3_600_000),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV === "production" && (!env.SESSION_SECRET || env.SESSION_SECRET.length < 32)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "SESSION_SECRET must be set to at least 32 characters in production",
      });
    } else if (env.APP_ENV === "production" && isPublishedSessionSecret(env.SESSION_SECRET!)) {
      ctx.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message:
          "SESSION_SECRET is the published example value from .dev.vars.example; set a random one of at least 32 characters (openssl rand -base64 48 | wrangler secret put SESSION_SECRET)",
      });
    }
    if (env.GOOGLE_CLIENT_ID && !env.GOOGLE_CLIENT_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["GOOGLE_CLIENT_SECRET"],
        message: "GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set",
      });
    }
    if (env.RAZORPAY_KEY_ID && !env.RAZORPAY_KEY_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["RAZORPAY_KEY_SECRET"],
        message: "RAZORPAY_KEY_SECRET is required when RAZORPAY_KEY_ID is set",
      });
    }
    if (env.PASSWORD_PEPPER && env.PASSWORD_PEPPER.length < 32) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_PEPPER"],
        message: "PASSWORD_PEPPER must be at least 32 characters when set",
      });
    }
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? DEV_SESSION_SECRET,
    isLocal: env.APP_ENV === "local",
  }));

export type AppEnv = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment: ${issues.join("; ")}`);
    this.name = "EnvError";
  }
}

/**
 * Parses the worker's variables; throws an EnvError naming every bad one.
 * Checked bindings by bindings object. Workers hand every request of an
 * isolate the same `env`, whose values cannot change while it lives, so the
 * check runs once per isolate instead of twice per request (about 0.7 ms of
 * CPU each, docs/edge-cost.md); a new object is checked afresh.
 */
const checkedEnvs = new WeakMap<object, AppEnv>();

export function parseEnv(raw: Record<string, unknown>): AppEnv {
  const checked = checkedEnvs.get(raw);
  if (checked) return checked;
  const result = envSchema.safeParse(raw);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  checkedEnvs.set(raw, result.data);
  return result.data;
}
