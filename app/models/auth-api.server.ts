/**
 * The JSON adapter for /api/auth/* (000 §7): JSON in, `{ success, message, data }`
 * out, the session as `Authorization: Bearer <token>`. Routes parse with the
 * forms' schemas and call the same model functions as the pages.
 *
 * Errors answer `{ success: false, message }` with 400 / 401 / 403 / 409 / 429;
 * anything unexpected answers 500 with the call's 000 §8 fallback message.
 */
import type { z } from "zod";
import { AUTH_MESSAGES } from "~/lib/auth-messages";
import type { AppContext } from "~/load-context";
import type { AuthFailure, SignedIn } from "./auth-context.server";
import { authDeps } from "./auth-context.server";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { acceptSessionUser, type Authenticated, authenticateSession } from "./auth.server";
import { readSession, readSessionToken } from "./session.server";
import { sessionUserQuery, toPublicUser } from "./user.server";

const NO_STORE = { "Cache-Control": "no-store" };

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

export function apiError(
  status: number,
  message: string,
  extra: Record<string, unknown> = {},
  headers?: HeadersInit,
) {
  return apiJson({ success: false, message, ...extra }, { status, headers });
}

export function apiFailure(failure: AuthFailure): Response {
  const headers = new Headers();
  if (failure.retryAfterSeconds) headers.set("Retry-After", String(failure.retryAfterSeconds));
  const extra: Record<string, unknown> = {};
  if (failure.retryAfterSeconds) extra.retryAfter = failure.retryAfterSeconds;
  if (failure.verificationRequired) {
    extra.data = {
      verificationRequired: true,
      requiresVerification: true,
      email: failure.verificationRequired.email,
    };
  }
  return apiError(failure.status, failure.message, extra, headers);
}

/** The session in the shape of 000 §7's login answer: data.token and data.user. */
export function sessionData(signedIn: SignedIn) {
  return {
    token: signedIn.session.token,
    tokenType: "Bearer",
    expiresAt: new Date(signedIn.session.record.expiresAt).toISOString(),
    user: toPublicUser(signedIn.user),
  };
}

/** The request body as JSON. Malformed or non-JSON bodies answer 400, never 500. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/(.+\+)?json\b/i.test(type)) {
    throw new ApiResponse(apiError(400, AUTH_MESSAGES.jsonRequired));
  }
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiResponse(apiError(400, AUTH_MESSAGES.malformedJson));
  }
}

/** Parses the body with a form's schema; the first problem's message answers 400. */
export async function parseJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  const body = await readJsonBody(request);
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    throw new ApiResponse(apiError(400, AUTH_MESSAGES.malformedJson));
  }
  const result = schema.safeParse(body);
  if (!result.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of result.error.issues) {
      const key = issue.path.join(".") || "body";
      (errors[key] ??= []).push(issue.message);
    }
    throw new ApiResponse(
      apiError(400, result.error.issues[0]?.message ?? AUTH_MESSAGES.requiredFields, { errors }),
    );
  }
  return result.data;
}

/** The Bearer token's (or cookie's) signed-in user; 401 means the session is gone. */
export async function requireApiAuth(
  request: Request,
  context: AppContext,
): Promise<Authenticated> {
  const token = await readSessionToken(request, context.env);
  const deps = authDeps(context);
  const session = await readSession(deps, token);
  const auth = session ? await authenticateSession(deps, session) : null;
  if (!auth) throw notAuthenticated(token);
  return auth;
}

/**
 * requireApiAuth, with the caller's own D1 reads for the session's user sent
 * in the same batch as the user check: one D1 round trip for both on a hot
 * path. `reads` gets the user id from the session (KV) and returns its
 * queries, or null for none; their rows are dropped when the session turns
 * out not to be valid.
 */
export async function requireApiAuthWithReads<T extends readonly BatchItem<"sqlite">[]>(
  request: Request,
  context: AppContext,
  reads: (userId: string) => Promise<T | null>,
): Promise<{ auth: Authenticated; rows: BatchResponse<T> | null }> {
  const token = await readSessionToken(request, context.env);
  const deps = authDeps(context);
  const session = await readSession(deps, token);
  if (!session) throw notAuthenticated(token);
  const { userId } = session.record;
  const queries = await reads(userId);
  const batch = [sessionUserQuery(deps.db, userId, session.id), ...(queries ?? [])] as const;
  const [userRows, ...rows] = await deps.db.batch(batch);
  const auth = acceptSessionUser(deps, session, userRows[0] ?? null);
  if (!auth) throw notAuthenticated(token);
  return { auth, rows: queries ? (rows as unknown as BatchResponse<T>) : null };
}

function notAuthenticated(token: string | null | undefined): ApiResponse {
  return new ApiResponse(
    apiError(
      401,
      token ? AUTH_MESSAGES.sessionEnded : AUTH_MESSAGES.authenticationFailed,
      {},
      {
        "WWW-Authenticate": 'Bearer realm="medmentor"',
      },
    ),
  );
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
