/**
 * The JSON API's answers and request bodies, shared by every /api/* route:
 * `{ success, message?, data? | …fields }` out, `no-store` always, refusals as
 * `{ success: false, message, … }` with a 4xx status, and anything unexpected
 * as a 500 with the call's fallback message (docs/api.md).
 */
import type { z } from "zod";
import { AUTH_MESSAGES } from "~/lib/auth-messages";

const NO_STORE = { "Cache-Control": "no-store" };

/** What the request gate (request-gate.server.ts) and the JSON body parser refuse, and why. */
export const REQUEST_MESSAGES = {
  crossSite:
    "This request came from another site, so it was not carried out. Please use MedMentor's own pages.",
  formRequired:
    "This page accepts only its own forms (application/x-www-form-urlencoded or multipart/form-data).",
  malformedForm: "The form could not be read. Please reload the page and try again.",
  forbiddenCharacters:
    "The text sent contains characters that are not allowed (a NUL or a broken character).",
  tooLarge: (limit: number) =>
    `The request is too large: at most ${Math.floor(limit / 1024).toLocaleString("en-IN")} KB can be sent here.`,
  apiNotFound: "No API endpoint answers at this address.",
} as const;

const FORBIDDEN_CHARACTERS =
  /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether text holds a NUL or a lone surrogate (half of a character). */
export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_CHARACTERS.test(text);
}

/** Whether any string in a parsed JSON value (keys included) has forbidden characters. */
function jsonHasForbiddenCharacters(value: unknown): boolean {
  if (typeof value === "string") return hasForbiddenCharacters(value);
  if (Array.isArray(value)) return value.some(jsonHasForbiddenCharacters);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).some(
      ([key, item]) => hasForbiddenCharacters(key) || jsonHasForbiddenCharacters(item),
    );
  }
  return false;
}

/** Thrown inside an API handler to answer with a ready response. */
export class ApiResponse extends Error {
  constructor(readonly response: Response) {
    super(`API response ${response.status}`);
  }
}

export function apiJson(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(NO_STORE)) headers.set(key, value);
  return Response.json(body, { ...init, headers });
}

/** `{ success: true, message?, data? }`: the accounts, chat and flashcard answers. */
export function apiSuccess(
  options: { message?: string; data?: unknown; status?: number; headers?: HeadersInit } = {},
) {
  return apiJson(
    {
      success: true,
      ...(options.message ? { message: options.message } : {}),
      ...(options.data !== undefined ? { data: options.data } : {}),
    },
    { status: options.status ?? 200, headers: options.headers },
  );
}

/** `{ success: true, …fields }`: the payments, usage and trial answers, fields at the top level. */
export function apiOk(body: Record<string, unknown>, status = 200): Response {
  return apiJson({ success: true, ...body }, { status });
}

export function apiError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
) {
  return apiJson({ success: false, message, ...extra }, { status, headers });
}

/** Runs an API handler: thrown ApiResponses are answered as they are; anything else is a 500 with the fallback. */
export async function handleApi(
  fallback: string,
  handler: () => Promise<Response>,
): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof ApiResponse) return error.response;
    if (error instanceof Response) throw error;
    console.error(`[api] ${fallback}:`, error);
    return apiError(500, fallback);
  }
}

export function methodNotAllowed(allow: string): Response {
  return apiError(405, AUTH_MESSAGES.methodNotAllowed, {}, { Allow: allow });
}

export type BodyOptions = {
  /**
   * An empty body counts as `{}` whatever its content type, for calls whose
   * fields are all optional; otherwise a body must be sent as JSON.
   */
  emptyIsObject?: boolean;
  /** Fields added to every 400 this parse answers. */
  extra?: Record<string, unknown>;
};

/**
 * The request body as JSON. A non-JSON content type or malformed JSON answers
 * 400, never 500. Asking for JSON also keeps cross-site HTML forms out: they
 * cannot send `application/json` without a preflight.
 */
async function readJsonBody(request: Request, options: BodyOptions = {}): Promise<unknown> {
  const extra = options.extra ?? {};
  const text = await request.text();
  if (options.emptyIsObject && !text.trim()) return {};
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiResponse(apiError(400, AUTH_MESSAGES.jsonRequired, extra));
  }
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiResponse(apiError(400, AUTH_MESSAGES.malformedJson, extra));
  }
  if (jsonHasForbiddenCharacters(body)) {
    throw new ApiResponse(apiError(400, REQUEST_MESSAGES.forbiddenCharacters, extra));
  }
  return body;
}

/**
 * The JSON body checked with `schema` (the form's own schema where there is a
 * form). A body that is not an object, or fails the schema, answers 400 with
 * the first problem's message and every problem by field in `errors`.
 */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  options: BodyOptions = {},
): Promise<z.output<S>> {
  const extra = options.extra ?? {};
  const body = await readJsonBody(request, options);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiResponse(apiError(400, AUTH_MESSAGES.malformedJson, extra));
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "body";
      (errors[key] ??= []).push(issue.message);
    }
    throw new ApiResponse(
      apiError(400, result.error.issues[0]?.message ?? AUTH_MESSAGES.requiredFields, {
        ...extra,
        errors,
      }),
    );
  }
  return result.data;
}

export const IDEMPOTENCY_KEY_MESSAGE =
  "The idempotency key must be 1 to 100 letters, digits, '-', '_', '.' or ':'.";

const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/**
 * The client's idempotency key for the use a call records (the body's, else
 * the `Idempotency-Key` header), so a retried request is counted once; a
 * fresh one when neither is sent (each call is then one use). Every call that
 * records a use (usage, trial, flashcards, quizzes and simulations) reads it
 * here; a malformed key answers 400.
 */
export function idempotencyKeyFrom(request: Request, fromBody?: string | null): string {
  const key = fromBody ?? request.headers.get("Idempotency-Key");
  if (key === null || key === undefined) return crypto.randomUUID();
  if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new ApiResponse(apiError(400, IDEMPOTENCY_KEY_MESSAGE));
  }
  return `client:${key}`;
}
