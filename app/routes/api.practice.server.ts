/**
 * The request side of /api/practice-tests (docs/api.md, "Practice tests"):
 * bodies, paths and the answers' shapes. Every rule lives in
 * app/models/practice-tests.server.ts, shared with the /practice pages; the
 * route modules api.practice.*.ts call both. Every call needs a plan with
 * practice tests (Plus or Pro): 401 signed out, 403 otherwise.
 *
 * A question's key, explanations and takeaway (`reveal`) are sent only when
 * they may be seen: in tutor mode once it is answered, otherwise after submit.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { ApiResponse, apiError, apiSuccess, handleApi } from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import { builderSchema, isPracticeTestId, PRACTICE_MESSAGES } from "~/lib/practice";
import type { PracticeQuestion, PracticeTestSummary } from "~/lib/practice";
import type { AppContext } from "~/load-context";
import { MISTAKE_KINDS } from "~/lib/progress";
import type { Authenticated } from "~/models/auth.server";
import {
  type LoadedTest,
  markingOf,
  type PracticeDeps,
  practiceDeps,
  practiceResults,
  questionView,
  readPracticeTest,
  testSummary,
} from "~/models/practice-tests.server";

export const PRACTICE_API_FALLBACKS = {
  list: "Failed to fetch practice tests",
  create: "Failed to start practice test",
  fetchOne: "Failed to fetch practice test",
  answer: "Failed to save answer",
  submit: "Failed to submit practice test",
  mistake: "Failed to save mistake",
} as const;

export const PRACTICE_API_MESSAGES = {
  pageInvalid: "page must be a whole number from 1.",
  limitInvalid: "limit must be a whole number from 1 (at most 100 are sent).",
} as const;

const LIST_DEFAULT_LIMIT = 20;
const LIST_MAX_LIMIT = 100;

/** The caller, when their plan includes practice tests. */
export function requirePracticeApi(request: Request, context: AppContext): Promise<Authenticated> {
  return requireApiPlanFeature(request, context, "practiceTests");
}

/** The `{id}` of a path; anything that is not one of the learner's tests answers 404. */
function requirePracticeTestIdParam(params: Params): string {
  if (!isPracticeTestId(params.id)) throw new ApiResponse(notFoundJson());
  return params.id;
}

type Params = LoaderFunctionArgs["params"];

type TestCall = { userId: string; id: string; deps: PracticeDeps };

/**
 * A call about one of the caller's tests: the plan checked (401, 403), the
 * path's id read (404), then `run`; anything unexpected answers 500 with
 * `fallback`.
 */
export function forPracticeTest(
  fallback: string,
  args: { request: Request; params: Params; context: AppContext },
  run: (call: TestCall) => Promise<Response>,
): Promise<Response> {
  return handleApi(fallback, async () => {
    const { user } = await requirePracticeApi(args.request, args.context);
    const id = requirePracticeTestIdParam(args.params);
    return run({ userId: user.id, id, deps: practiceDeps(args.context) });
  });
}

/** 200 with the whole test as it stands (404 when it is not the caller's). */
export async function testResponse({ userId, id, deps }: TestCall, message?: string) {
  const loaded = await readPracticeTest(deps, userId, id);
  if (!loaded) return notFoundJson();
  return apiSuccess({ message, data: apiTest(loaded, testSummary(loaded.test), deps.now()) });
}

export function notFoundJson(): Response {
  return apiError(404, PRACTICE_MESSAGES.notFound);
}

function wholeNumber(value: string): number | null {
  return /^\d{1,6}$/.test(value) ? Number(value) : null;
}

/** `?page=1&limit=20` of the list (at most 100 a page). */
export function parsePage(url: URL): { page: number; limit: number } {
  const rawPage = url.searchParams.get("page");
  const rawLimit = url.searchParams.get("limit");
  const page = rawPage === null || rawPage === "" ? 1 : wholeNumber(rawPage);
  if (page === null || page < 1) {
    throw new ApiResponse(apiError(400, PRACTICE_API_MESSAGES.pageInvalid));
  }
  const limit = rawLimit === null || rawLimit === "" ? LIST_DEFAULT_LIMIT : wholeNumber(rawLimit);
  if (limit === null || limit < 1) {
    throw new ApiResponse(apiError(400, PRACTICE_API_MESSAGES.limitInvalid));
  }
  return { page, limit: Math.min(limit, LIST_MAX_LIMIT) };
}

// ---------------------------------------------------------------------------
// Bodies.

export const createBodySchema = builderSchema.extend({
  idempotencyKey: z.string().optional(),
});

/** Digits sent as text count as numbers (form-like clients). */
const digits = (value: unknown) =>
  typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value;

export const answerBodySchema = z.object({
  index: z.preprocess(
    digits,
    z.number(PRACTICE_MESSAGES.index).int(PRACTICE_MESSAGES.index).min(0, PRACTICE_MESSAGES.index),
  ),
  choice: z
    .preprocess(
      digits,
      z.union([z.null(), z.number().int().min(0).max(3)], PRACTICE_MESSAGES.choice),
    )
    .optional(),
  marked: z.boolean("marked must be true or false.").optional(),
  struck: z
    .array(z.preprocess(digits, z.number().int().min(0).max(3)), PRACTICE_MESSAGES.struck)
    .max(4, PRACTICE_MESSAGES.struck)
    .optional(),
  seconds: z
    .preprocess(digits, z.number(PRACTICE_MESSAGES.seconds).min(0, PRACTICE_MESSAGES.seconds))
    .optional(),
});

export const mistakeBodySchema = z.object({
  index: answerBodySchema.shape.index,
  mistake: z.union([z.null(), z.enum(MISTAKE_KINDS)], PRACTICE_MESSAGES.mistake),
});

// ---------------------------------------------------------------------------
// Answers.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function apiSummary(summary: PracticeTestSummary, now: number) {
  return {
    ...summary,
    createdAt: iso(summary.createdAt),
    deadlineAt: iso(summary.deadlineAt),
    submittedAt: iso(summary.submittedAt),
    secondsLeft:
      summary.status === "active" && summary.deadlineAt !== null
        ? Math.max(0, Math.floor((summary.deadlineAt - now) / 1000))
        : null,
  };
}

export function apiQuestion(question: PracticeQuestion) {
  return { ...question, answered: question.choice !== null };
}

/** A whole test: every question (each key only when it may be seen) and, once submitted, the results. */
export function apiTest(loaded: LoadedTest, summary: PracticeTestSummary, now: number) {
  const { test, items } = loaded;
  const base = {
    ...apiSummary(summary, now),
    marking: markingOf(test.exam),
    current: test.current,
  };
  if (test.status === "submitted") {
    const { questions, test: _test, marking: _marking, ...results } = practiceResults(loaded);
    return { ...base, questions: questions.map(apiQuestion), results };
  }
  return {
    ...base,
    questions: items.map((item, index) => ({
      ...apiQuestion(questionView(test, item, index)),
      mistake: loaded.mistakes.get(index) ?? null,
      inFlashcards: loaded.flashcards.has(index),
    })),
    results: null,
  };
}
