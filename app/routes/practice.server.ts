/**
 * The /practice page's server side: the builder (its choices live in the
 * address, so the planner and analytics can link to it pre-filled, and the
 * count of matching questions is shown before anything starts), the
 * ready-made sets (the weak topics as /progress ranks them, for the exam in
 * the address, else the study plan's, as /progress chooses), the learner's
 * past tests, and the one form post that starts a test (`intent=start`, with
 * the builder's fields or a `set`).
 * Learners whose plan does not include practice tests get the upgrade view
 * with a preview from their own answers.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { EXAMS } from "~/lib/exams";
import { PLAN_FEATURES } from "~/lib/plan-features";
import {
  choicesInput,
  HIGH_YIELD,
  PRACTICE_LABELS,
  PRACTICE_MESSAGES,
  practiceTestHref,
  readChoices,
  type ReadySets,
  unknownNamesMessage,
} from "~/lib/practice";
import { parseExamParam } from "~/lib/progress";
import type { AppContext } from "~/load-context";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import {
  catalogueFromResult,
  catalogueStatement,
  highYieldQuotas,
  matchCountFromCatalogue,
  matchCountStatement,
  poolPreview,
  poolWeakTopics,
  yesterdayMistakesStatement,
} from "~/models/practice-builder.server";
import {
  builderCriteria,
  listStatement,
  type PracticeTestListRow,
  practiceDeps,
  startPracticeTest,
  summariesOf,
  testCountStatement,
} from "~/models/practice-tests.server";
import { weakTopicsFromResults, weakTopicsStatements } from "~/models/progress-analytics.server";
import { freshForEachLoad, keepPageUntil } from "~/models/page-copy.server";

/** How many past tests the page lists (the API pages through all of them). */
const PAST_TESTS_SHOWN = 20;

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,100}$/;

/** The page's data: the upgrade view, or the builder, the sets and the past tests. */
/** The page's reads for a learner as of `now`, in the order loadPracticePage takes them. */
function pageStatements(db: AppContext["db"], userId: string, now: number) {
  return [
    catalogueStatement(db),
    yesterdayMistakesStatement(db, userId, now),
    listStatement(db, userId, { offset: 0, limit: PAST_TESTS_SHOWN }),
    testCountStatement(db, userId),
    ...weakTopicsStatements(db, userId),
  ];
}

export async function loadPracticePage(request: Request, context: AppContext) {
  const db = context.db;
  const deps = practiceDeps(context);
  const now = deps.now();
  // The page's reads go with the chrome's batch when they can: one D1 round trip for the page.
  const ride = askToRide(context.reads, db.$client, (userId) => pageStatements(db, userId, now));
  const { auth, access } = await requirePlanFeaturePage(request, context, "practiceTests");
  const userId = auth.user.id;
  if (!access.allowed) {
    leaveRide(ride);
    const preview = await poolPreview(db, userId);
    return data({ allowed: false as const, preview }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const params = new URL(request.url).searchParams;
  const { choices, errors } = readChoices(choicesInput(params));
  const asked = parseExamParam(params.get("exam"));
  const [catalogueRows, yesterdayRows, listRows, totalRows, ...weakRows] = await rideResults(
    ride,
    userId,
  );
  const catalogue = catalogueFromResult(catalogueRows);
  const { criteria, unknown } = builderCriteria(catalogue, choices);
  // The catalogue answers the count for subjects and topics alone; the pool for anything finer.
  const fromCatalogue = matchCountFromCatalogue(catalogue, criteria);
  const [counted, tests] = await Promise.all([
    fromCatalogue === null
      ? matchCountStatement(db, userId, criteria).first<{ n: number }>()
      : { n: fromCatalogue },
    summariesOf(deps, userId, (listRows?.results ?? []) as PracticeTestListRow[]),
  ]);
  // An open timed test submits itself at its deadline, on the next load: none is served past it.
  for (const test of tests) {
    if (test.status === "active" && test.deadlineAt !== null) {
      keepPageUntil(context.pageCopy, test.deadlineAt);
    }
  }
  const sets: ReadySets = {
    highYield: {
      subjects: highYieldQuotas(),
      minutes: Math.round((HIGH_YIELD.questions * EXAMS[HIGH_YIELD.exam].secondsPerQuestion) / 60),
    },
    weakTopics: poolWeakTopics(
      weakTopicsFromResults(weakRows, asked.ok ? asked.exam : null, Number.POSITIVE_INFINITY),
      catalogue,
    ),
    yesterdayMistakes: yesterdayRows?.results.length ?? 0,
    subjects: catalogue.map(({ subject, count }) => ({ subject, count })),
  };
  return data(
    {
      allowed: true as const,
      catalogue,
      choices,
      errors: unknown.length > 0 ? { ...errors, subject: unknownNamesMessage(unknown) } : errors,
      matched: unknown.length > 0 ? 0 : (counted?.n ?? 0),
      sets,
      past: {
        tests,
        total: (totalRows?.results[0] as { n: number } | undefined)?.n ?? tests.length,
      },
      /** Names this page's starts, so a form posted twice makes one test. */
      startKey: freshForEachLoad(context.pageCopy),
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

/** The builder's address with the fields as they were sent (so the page shows what was wrong). */
function sentBuilderHref(formData: FormData): string {
  const params = new URLSearchParams();
  for (const name of ["subject", "topic", "difficulty", "status", "count", "mode", "exam"]) {
    for (const value of formData.getAll(name)) {
      if (typeof value === "string" && value !== "") params.append(name, value);
    }
  }
  const query = params.toString();
  return query ? `/practice?${query}` : "/practice";
}

/** Starts a test from the builder or a ready-made set, and opens it. */
export async function practicePageAction(request: Request, context: AppContext) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "practiceTests");
  const back = (to: string, toast: Parameters<typeof redirectWithToast>[1]) =>
    redirectWithToast(to, toast, context.env);
  if (!access.allowed) {
    return back("/practice", { type: "error", title: PLAN_FEATURES.practiceTests.refusal });
  }
  const formData = await request.formData();
  if (formData.get("intent") !== "start") return redirect("/practice");
  const { choices, errors } = readChoices(choicesInput(formData));
  const builderHref = choices.set ? "/practice" : sentBuilderHref(formData);
  const problem = Object.values(errors)[0];
  if (problem) {
    return back(builderHref, { type: "error", title: "No test started", description: problem });
  }
  const key = formData.get("key");
  const result = await startPracticeTest(practiceDeps(context), auth.user.id, {
    ...choices,
    key: typeof key === "string" && KEY_PATTERN.test(key) ? key : null,
  });
  if (!result.ok) {
    return back(builderHref, {
      type: "error",
      title: "No test started",
      description: result.message,
    });
  }
  const { test } = result;
  const n = test.itemIds.length;
  const what = `${n} ${n === 1 ? "question" : "questions"}, ${PRACTICE_LABELS.mode[test.mode].toLowerCase()} mode, ${EXAMS[test.exam].name} marking.`;
  return back(practiceTestHref(test.id), {
    type: result.shortfall ? "info" : "success",
    title: PRACTICE_MESSAGES.started,
    description: result.shortfall ? `${result.shortfall} ${what}` : what,
  });
}
