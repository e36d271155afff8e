/**
 * Helpers for the accounts tests in the workers pool: dependencies built from
 * the real D1, KV and Throttle bindings with a controllable clock, users made
 * straight in the database, the local outbox, and requests through the real
 * worker (`exports.default.fetch`).
 */
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { desc, eq } from "drizzle-orm";
import { createDb } from "~/db/client.server";
import { outboxMessages, users } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { createOutboxMailer } from "~/integrations/mail.server";
import type { AuthDeps } from "~/models/auth-context.server";
import { hashPassword } from "~/models/password.server";
import { createThrottler } from "~/models/throttle.server";
import { createUser, type UserRow } from "~/models/user.server";

let counter = 0;
/** A fresh address for every call (tests share one database per file). */
export function uniqueEmail(label = "learner"): string {
  counter += 1;
  return `${label}.${Date.now().toString(36)}.${counter}.${crypto.randomUUID().slice(0, 6)}@example.com`;
}

/** A fresh documentation-range IP for every call, so per-IP limits never collide between tests. */
export function uniqueIp(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${bytes[0]}.${bytes[1]}`;
}

/** A clock the test moves by hand. */
export function testClock(start = Date.UTC(2026, 10, 1, 9, 0, 0)) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
    set(value: number) {
      now = value;
    },
  };
}

export function testDeps(
  now: () => number = Date.now,
  overrides: Partial<AuthDeps> = {},
): AuthDeps {
  const db = createDb(env.DB);
  const waits: Promise<unknown>[] = [];
  return {
    db,
    kv: env.KV,
    throttle: createThrottler(env.THROTTLE, now),
    mail: createOutboxMailer(db),
    env: parseEnv(env as unknown as Record<string, unknown>),
    now,
    waitUntil: (promise) => void waits.push(promise.catch(() => undefined)),
    ...overrides,
  };
}

export const STRONG_PASSWORD = "Stethoscope42";

/** A user written straight to D1 (verified unless told otherwise). */
export async function makeUser(
  options: {
    email?: string;
    password?: string | null;
    verified?: boolean;
    role?: "learner" | "admin";
  } = {},
): Promise<UserRow & { plainPassword: string }> {
  const db = createDb(env.DB);
  const password = options.password === undefined ? STRONG_PASSWORD : options.password;
  const user = await createUser(
    db,
    {
      firstName: "Priya",
      lastName: "Sharma",
      email: options.email ?? uniqueEmail(),
      medicalSchool: "Madras Medical College",
      year: "3rd Year",
      passwordHash: password === null ? null : await hashPassword(password),
      emailVerifiedAt: options.verified === false ? null : new Date(),
      role: options.role ?? "learner",
    },
    Date.now(),
  );
  if (!user) throw new Error("makeUser: address taken");
  return { ...user, plainPassword: password ?? "" };
}

export async function readUser(id: string): Promise<UserRow> {
  const [row] = await createDb(env.DB).select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/**
 * The six-digit code in the newest mail to `email`. Reset codes are mailed after
 * the answer has gone (waitUntil), so this waits a moment for the mail to land.
 */
export async function latestCode(email: string, options: { waitMs?: number } = {}) {
  const deadline = Date.now() + (options.waitMs ?? 5000);
  for (;;) {
    const [mail] = await createDb(env.DB)
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.to, email.toLowerCase()))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (code) return code;
    if (Date.now() >= deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function mailCount(email: string): Promise<number> {
  const rows = await createDb(env.DB)
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.to, email.toLowerCase()));
  return rows.length;
}

type CallOptions = {
  method?: string;
  body?: unknown;
  /** Sent as-is (for malformed-JSON tests). */
  rawBody?: string;
  /** Sent as a stream, without a length. */
  stream?: ReadableStream<Uint8Array>;
  /** Sent as multipart/form-data. */
  formData?: FormData;
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
};

/** A request through the real app worker, as a browser or API client would send it. */
export async function call(path: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.body !== undefined || options.rawBody !== undefined) {
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  }
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  headers.set("CF-Connecting-IP", options.ip ?? uniqueIp());
  return exports.default.fetch(
    new Request(`http://localhost${path}`, {
      method:
        options.method ??
        (options.body !== undefined ||
        options.rawBody !== undefined ||
        options.stream ||
        options.formData
          ? "POST"
          : "GET"),
      headers,
      body:
        options.stream ??
        options.formData ??
        options.rawBody ??
        (options.body !== undefined ? JSON.stringify(options.body) : undefined),
      redirect: "manual",
    }),
  );
}

export type ApiBody = {
  success: boolean;
  message?: string;
  data?: Record<string, unknown> & { token?: string; user?: Record<string, unknown> };
  errors?: Record<string, string[]>;
  retryAfter?: number;
};

export async function callJson(
  path: string,
  options: CallOptions = {},
): Promise<{ status: number; body: ApiBody; response: Response }> {
  const response = await call(path, options);
  const body = (await response.json()) as ApiBody;
  return { status: response.status, body, response };
}

/** Signs in through the API and returns the Bearer token. */
export async function apiLogin(email: string, password: string, ip?: string): Promise<string> {
  const { status, body } = await callJson("/api/auth/login", { body: { email, password }, ip });
  if (status !== 200 || !body.data?.token)
    throw new Error(`login failed: ${status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/** The cookies a response sets, as a Cookie header for the next request. */
export function cookiesFrom(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => [part.split("=")[0]!, part] as const),
  );
  for (const header of response.headers.getSetCookie()) {
    const pair = header.split(";")[0]!.trim();
    const name = pair.split("=")[0]!;
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(header)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

/**
 * A form POST through the real worker (what a browser without JavaScript
 * sends: the page's own Origin comes with it).
 */
export function postForm(
  path: string,
  fields: Record<string, string | string[]>,
  options: { cookie?: string; ip?: string } = {},
) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(name, item);
  }
  return call(path, {
    method: "POST",
    rawBody: form.toString(),
    ip: options.ip,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost",
      ...(options.cookie ? { Cookie: options.cookie } : {}),
    },
  });
}
