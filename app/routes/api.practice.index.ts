/**
 * /api/practice-tests, only ever the caller's own tests (Plus and Pro):
 *
 *   GET  ?page=1&limit=20 → { success, data: { tests: [summary…], pagination: { page, limit,
 *        total, totalPages, hasMore } } }, newest first (a timed test whose time ran out is
 *        submitted on the way)
 *   POST { subject?, topic?, difficulty?, status?, count?, mode?, exam?, set?, idempotencyKey? }
 *        → 201 { success, message, data: { test, shortfall } }: builds the test and starts it
 *        (200 with the same test when the idempotency key was used before)
 *
 *   400 a malformed field, or a subject or topic the pool does not hold; 401 signed out;
 *   403 the plan does not include practice tests; 409 no question matches (nothing is made)
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  idempotencyKeyFrom,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { PRACTICE_MESSAGES } from "~/lib/practice";
import {
  listPracticeTests,
  practiceDeps,
  readPracticeTest,
  startPracticeTest,
  testSummary,
} from "~/models/practice-tests.server";
import {
  apiSummary,
  apiTest,
  createBodySchema,
  parsePage,
  PRACTICE_API_FALLBACKS,
  requirePracticeApi,
} from "~/routes/api.practice.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(PRACTICE_API_FALLBACKS.list, async () => {
    const { user } = await requirePracticeApi(request, context);
    const { page, limit } = parsePage(new URL(request.url));
    const deps = practiceDeps(context);
    const list = await listPracticeTests(deps, user.id, { offset: (page - 1) * limit, limit });
    const now = deps.now();
    const totalPages = Math.max(1, Math.ceil(list.total / limit));
    return apiSuccess({
      data: {
        tests: list.tests.map((summary) => apiSummary(summary, now)),
        pagination: { page, limit, total: list.total, totalPages, hasMore: page < totalPages },
      },
    });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleApi(PRACTICE_API_FALLBACKS.create, async () => {
    const { user } = await requirePracticeApi(request, context);
    const { idempotencyKey, ...choices } = await parseJsonBody(request, createBodySchema, {
      emptyIsObject: true,
    });
    const key = idempotencyKeyFrom(request, idempotencyKey);
    const deps = practiceDeps(context);
    const started = await startPracticeTest(deps, user.id, { ...choices, key });
    if (!started.ok) return apiError(started.status, started.message);
    const loaded = await readPracticeTest(deps, user.id, started.test.id);
    if (!loaded) throw new Error(`practice test ${started.test.id} vanished`);
    return apiSuccess({
      status: started.created ? 201 : 200,
      message: PRACTICE_MESSAGES.started,
      data: {
        test: apiTest(loaded, testSummary(loaded.test), deps.now()),
        shortfall: started.shortfall,
      },
    });
  });
}
