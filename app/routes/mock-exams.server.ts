/**
 * The /mock-exams page's server side: for a Pro learner the start form
 * (pre-filled from `?pattern=&length=`, where the planner's mock exam tasks
 * point), their sittings (a running one first) and their trend; for anyone else the
 * upgrade view with a preview from their own answers. Its one form post
 * starts a sitting and goes to it (JavaScript on or off).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/http/toast.server";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import {
  mockExamPath,
  mockStartFromSearch,
  paperChoiceFromForm,
  startMockFormSchema,
} from "~/lib/mock-exams";
import { MOCK_LENGTHS, MOCK_PATTERN_IDS } from "~/lib/mock-patterns";
import type { AppContext } from "~/load-context";
import {
  listMocks,
  mockDeps,
  mockListStatement,
  nextPaperNumber,
  startMock,
} from "~/models/mock-exams.server";
import { mockPreview, mockTrendPoints, mockTrendStatement } from "~/models/mock-results.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import { unkeepPage } from "~/models/page-copy.server";

/** The page's data: the upgrade view (with a preview) without Pro, otherwise the learner's mocks. */
export async function loadMockHome(request: Request, context: AppContext) {
  const { db } = context;
  const statements = (userId: string) => [
    mockListStatement(db, userId),
    mockTrendStatement(db, userId),
  ];
  // The sittings and the trend go with the chrome's batch when they can: one D1 round trip.
  const ride = askToRide(context.reads, db.$client, statements);
  const { auth, access } = await requirePlanFeaturePage(request, context, "mockExams");
  const userId = auth.user.id;
  if (!access.allowed) {
    leaveRide(ride);
    const preview = await mockPreview(context.db, userId);
    return data(
      { allowed: false as const, preview, home: null },
      { headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const deps = mockDeps(context);
  const [listed, trendRows] = await rideResults(ride, userId);
  const mocks = await listMocks(deps, userId, listed);
  const trend = mockTrendPoints(trendRows!.results);
  // Each series' next paper for this learner: the smallest number they have not sat.
  const next: Record<string, number> = {};
  for (const pattern of MOCK_PATTERN_IDS) {
    for (const length of MOCK_LENGTHS) {
      const taken = mocks.flatMap((mock) =>
        mock.pattern === pattern && mock.length === length && mock.number !== null
          ? [mock.number]
          : [],
      );
      next[`${pattern}:${length}`] = nextPaperNumber(taken);
    }
  }
  const now = deps.now();
  const active = mocks.find((mock) => mock.status === "active" && mock.endsAt > now) ?? null;
  // A running sitting's clock is drawn from this moment: its page is never served again.
  if (active) unkeepPage(context.pageCopy);
  const prefill = mockStartFromSearch(new URL(request.url).searchParams);
  return data(
    { allowed: true as const, preview: null, home: { mocks, trend, next, active, now, prefill } },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/**
 * Start: the chosen pattern, length and paper. A learner with a sitting
 * running is taken to it instead; without Pro, back here with the refusal.
 */
export async function mockHomeAction(request: Request, context: AppContext) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "mockExams");
  const back = (to: string, title: string) =>
    redirectWithToast(to, { type: "error", title }, context.env);
  if (!access.allowed) return back("/mock-exams", PLAN_FEATURES.mockExams.refusal);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: startMockFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const result = await startMock(mockDeps(context), auth.user.id, {
    pattern: submission.value.pattern,
    length: submission.value.length,
    paper: paperChoiceFromForm(submission.value),
  });
  if (result.status === "active-exists")
    return back(mockExamPath(result.attemptId), result.message);
  if (result.status === "pool-too-small") return back("/mock-exams", result.message);
  return redirect(mockExamPath(result.attempt.id));
}
