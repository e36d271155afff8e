/**
 * The JSON adapter for /api/quizzes/* and /api/simulations/* (docs/api.md,
 * "Quizzes and simulations"): Bearer token (or the session cookie) in, JSON or
 * server-sent events out. Every rule lives in the attempt models
 * (app/models/assessment-*.server.ts); this file reads requests and shapes the
 * answers.
 *
 * Someone else's attempt (or one of the other kind) answers exactly like one
 * that does not exist: 404 'Attempt not found'. Times are ISO 8601 strings.
 * Nothing that gives an answer away (the correct option, the explanations,
 * the takeaway, the reference) is sent before the attempt is finished.
 */
import { z } from "zod";
import {
  ASSESSMENT_PATH,
  ATTEMPT_LIST_DEFAULT_LIMIT,
  ATTEMPT_LIST_MAX_LIMIT,
  ATTEMPT_MESSAGES,
  failedMessage,
  isAttemptId,
  kindFromPath,
} from "~/lib/assessment-attempts";
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  type AssessmentKind,
  assessmentRequestSchema,
  generatedMessage,
  itemView,
} from "~/lib/assessments";
import { ApiResponse, apiError, apiJson } from "~/http/api.server";
import { serverSentEvents } from "~/http/sse.server";
import type { AccessRefusal, UsageCounts } from "~/models/assessment-access.server";
import type { AttemptPage } from "~/models/assessment-attempts.server";
import type { AttemptStreamEvent } from "~/models/assessment-generation-stream.server";
import { attemptResults } from "~/models/assessment-scoring.server";
import type { Attempt, AttemptConflict, AttemptSummary } from "~/models/assessment-store.server";

/** The 500 answers: the spec's failure text for a generation, plain words for the rest. */
export const ATTEMPT_API_FALLBACKS = {
  list: "Failed to load your past attempts. Please try again.",
  read: "Failed to load this attempt. Please try again.",
  answer: "Failed to save your answer. Please try again.",
  finish: "Failed to finish this attempt. Please try again.",
  retake: "Failed to start the retake. Please try again.",
  retest: "Failed to start the retest. Please try again.",
} as const;

export const ATTEMPT_API_MESSAGES = {
  limitInvalid: `limit must be a whole number from 1 (at most ${ATTEMPT_LIST_MAX_LIMIT} are sent).`,
  skipInvalid: "skip must be a whole number from 0.",
  unknownKind: "Not found",
} as const;

// ---------------------------------------------------------------------------
// Requests.

/** The kind a request addresses, from its path: /api/quizzes/… or /api/simulations/…. */
export function kindOf(request: Request): AssessmentKind | null {
  return kindFromPath(new URL(request.url).pathname.split("/")[2]);
}

export function requireKind(request: Request): AssessmentKind {
  const kind = kindOf(request);
  if (!kind) throw new ApiResponse(apiError(404, ATTEMPT_API_MESSAGES.unknownKind));
  return kind;
}

export function requireAttemptIdParam(params: { attemptId?: string }): string {
  const attemptId = params.attemptId;
  if (!isAttemptId(attemptId)) {
    throw new ApiResponse(apiError(400, ATTEMPT_MESSAGES.invalidAttemptId));
  }
  return attemptId;
}

/**
 * POST /api/{kinds}/generate: the screens' request (topic; count, default 5)
 * and an optional idempotency key (the `Idempotency-Key` header works too).
 */
export function generateBodySchema(kind: AssessmentKind) {
  return z.preprocess(
    (body) =>
      typeof body === "object" && body !== null && !("count" in body)
        ? { ...body, count: ASSESSMENT_LIMITS[kind].default }
        : body,
    assessmentRequestSchema(kind).extend({
      idempotencyKey: z.string({ error: "The idempotency key must be text." }).optional(),
    }),
  );
}

function wholeNumber(raw: string): number | null {
  const value = raw.trim();
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** `?limit&skip` of the list: 20 and 0 by default; a larger limit is cut to 100; malformed → 400. */
export function parseListQuery(url: URL): { limit: number; skip: number } {
  const rawLimit = url.searchParams.get("limit");
  const rawSkip = url.searchParams.get("skip");
  const limit =
    rawLimit === null || rawLimit === "" ? ATTEMPT_LIST_DEFAULT_LIMIT : wholeNumber(rawLimit);
  if (limit === null || limit < 1) {
    throw new ApiResponse(apiError(400, ATTEMPT_API_MESSAGES.limitInvalid));
  }
  const skip = rawSkip === null || rawSkip === "" ? 0 : wholeNumber(rawSkip);
  if (skip === null) throw new ApiResponse(apiError(400, ATTEMPT_API_MESSAGES.skipInvalid));
  return { limit: Math.min(limit, ATTEMPT_LIST_MAX_LIMIT), skip };
}

// ---------------------------------------------------------------------------
// Answers.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A past attempt in the list. */
export function apiAttemptSummary(attempt: AttemptSummary) {
  return {
    id: attempt.id,
    kind: attempt.kind,
    topic: attempt.topic,
    status: attempt.status,
    origin: attempt.origin,
    parentId: attempt.parentId,
    requestedCount: attempt.requestedCount,
    itemCount: attempt.itemCount,
    answeredCount: attempt.answeredCount,
    score: attempt.score,
    percentage:
      attempt.score === null || attempt.itemCount === 0
        ? null
        : Math.round((attempt.score / attempt.itemCount) * 100),
    source: attempt.source,
    shortfall: attempt.shortfall,
    createdAt: iso(attempt.createdAt),
    updatedAt: iso(attempt.updatedAt),
    completedAt: iso(attempt.completedAt),
  };
}

/**
 * One attempt. Before it is finished each item is what the learner sees (the
 * question, four options, a simulation's patient case) and their choice; once
 * finished each also carries the correct option, whether the choice was right,
 * why each option is right or wrong, the takeaway and the reference.
 */
export function apiAttempt(attempt: Attempt) {
  const results = attemptResults(attempt);
  return {
    ...apiAttemptSummary(attempt),
    ...(results ? { score: results.score, percentage: results.percentage } : {}),
    message: attempt.status === "failed" ? failedMessage(attempt.kind) : null,
    items: results
      ? results.items
      : attempt.items.map((item, index) => ({
          index,
          ...itemView(item),
          choice: attempt.answers[index] ?? null,
        })),
  };
}

/** GET /api/{kinds}/attempts: `data` is the list, `pagination` says where it sits. */
export function apiAttemptPage(page: AttemptPage): Response {
  return apiJson({
    success: true,
    data: page.attempts.map(apiAttemptSummary),
    pagination: { total: page.total, limit: page.limit, skip: page.skip, hasMore: page.hasMore },
  });
}

/**
 * 403 before any generation: `reason` 'none' (no plan or trial: 'Buy
 * Subscription to access this feature', shown as 'Access Denied') or 'limit'
 * (the trial's or the week's uses are spent: that message, shown as 'Limit Reached').
 */
export function refusalJson(refusal: AccessRefusal): Response {
  const denial = refusal.denial;
  return apiError(403, refusal.message, {
    hasAccess: false,
    reason: refusal.reason,
    title: refusal.title,
    accessType: denial?.accessType ?? "none",
    needsSubscription: denial?.needsSubscription ?? true,
    usage: denial ? { used: denial.used, limit: denial.limit, remaining: denial.remaining } : null,
  });
}

export function notFoundJson(): Response {
  return apiError(404, ASSESSMENT_MESSAGES.attemptNotFound);
}

/** 409: the attempt's state does not allow the step (finished, not generated yet, nothing missed…). */
export function conflictJson(conflict: AttemptConflict): Response {
  return apiError(409, conflict.message, { data: apiAttempt(conflict.attempt) });
}

// ---------------------------------------------------------------------------
// The generation stream.

function usageJson(usage: UsageCounts | null) {
  return usage && { ...usage };
}

/** One stream event as `event: <name>` and its JSON data. */
function sseData(event: AttemptStreamEvent): { name: string; data: unknown } {
  switch (event.type) {
    case "attempt":
      return {
        name: "attempt",
        data: {
          id: event.attempt.id,
          kind: event.attempt.kind,
          topic: event.attempt.topic,
          requestedCount: event.attempt.requestedCount,
          itemCount: event.attempt.itemCount,
          status: event.attempt.status,
          origin: event.attempt.origin,
          createdAt: iso(event.attempt.createdAt),
          usage: usageJson(event.usage),
        },
      };
    case "item":
      return { name: "item", data: { index: event.index, item: itemView(event.item) } };
    case "progress":
      return { name: "progress", data: { generated: event.generated, requested: event.requested } };
    case "done": {
      const { attempt } = event;
      return {
        name: "done",
        data: {
          attemptId: attempt.id,
          status: attempt.status,
          generated: attempt.itemCount,
          requested: attempt.requestedCount,
          shortfall: attempt.shortfall,
          source: attempt.source,
          title: ASSESSMENT_MESSAGES[attempt.kind].generatedTitle,
          message: generatedMessage(attempt.kind, attempt.itemCount, attempt.topic),
        },
      };
    }
    case "error":
      return {
        name: "error",
        data: {
          attemptId: event.attempt?.id ?? null,
          title: ASSESSMENT_MESSAGES.errorTitle,
          message: event.message,
        },
      };
  }
}

/**
 * The generation as server-sent events. When the learner goes away (the
 * connection closes) `controller` aborts: generation stops and what was
 * stored stays; `waitUntil` keeps the worker alive to let go of the lease.
 */
export function attemptEventStream(
  kind: AssessmentKind,
  events: AsyncGenerator<AttemptStreamEvent>,
  controller: AbortController,
  waitUntil: (promise: Promise<unknown>) => void,
): Response {
  return serverSentEvents({
    events,
    controller,
    waitUntil,
    comment: `${ASSESSMENT_PATH[kind]} generation`,
    toEvent: sseData,
    onError: (error) => {
      console.error("[assessment] generation stream failed:", error);
      return {
        name: "error",
        data: {
          attemptId: null,
          title: ASSESSMENT_MESSAGES.errorTitle,
          message: failedMessage(kind),
        },
      };
    },
  });
}
