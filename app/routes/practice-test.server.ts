/**
 * The /practice/{id} page's server side: one question at a time while the
 * test is open (`?q=` its index; `?view=submit` the summary before
 * submitting), the results once it is submitted (`?show=` filters the
 * questions). Every step is a form post answered with a redirect, so the
 * whole test works with JavaScript off; with JavaScript the same forms post
 * in place and the page adds the countdown and keyboard shortcuts.
 *
 * The question form carries the choice, the mark and the struck options of
 * the question shown, when the page was read (`shownAt`, so the time spent is
 * counted on the server) and where to go next (`go`): next, prev, a question
 * number, check (tutor), clear (timed), review, stay (a change saved in
 * place) or submit (the countdown reached zero).
 */
import { data, redirect } from "@remix-run/cloudflare";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import { redirectWithToast } from "~/http/toast.server";
import { PLAN_FEATURES } from "~/lib/plan-features";
import {
  isPracticeTestId,
  PRACTICE_MESSAGES,
  practiceTestHref,
  RESULT_FILTERS,
  type ResultFilter,
} from "~/lib/practice";
import type { ToastInput } from "~/lib/toast";
import type { AppContext } from "~/load-context";
import { flashcardDeps } from "~/models/flashcards.server";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import { poolPreview } from "~/models/practice-builder.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import {
  addPracticeFlashcard,
  type AnswerChange,
  isMistakeKind,
  markingOf,
  navigatorOf,
  practiceDeps,
  practiceResults,
  practiceTestStatements,
  readPracticeTest,
  saveAnswer,
  submitPracticeTest,
  tagPracticeMistake,
  takingView,
  testSummary,
} from "~/models/practice-tests.server";
import { reportQuestionAction } from "~/routes/question-report.server";

function resultFilter(value: string | null): ResultFilter {
  return (RESULT_FILTERS as readonly string[]).includes(value ?? "")
    ? (value as ResultFilter)
    : "all";
}

/** The page's data: the upgrade view, a question, the summary before submitting, or the results. */
export async function loadPracticeTestPage(request: Request, context: AppContext, id: string) {
  const known = isPracticeTestId(id);
  // The test's reads go with the chrome's batch when they can: no D1 round trip of the page's own.
  const ride = known
    ? askToRide(context.reads, context.db.$client, (userId) =>
        practiceTestStatements(context.db, userId, id),
      )
    : null;
  const { auth, access } = await requirePlanFeaturePage(request, context, "practiceTests");
  const userId = auth.user.id;
  const headers = PRIVATE_PAGE_HEADERS;
  if (!access.allowed) {
    if (ride) leaveRide(ride);
    const preview = await poolPreview(context.db, userId);
    return data({ screen: "upgrade" as const, preview }, { headers });
  }
  const deps = practiceDeps(context);
  const loaded = ride
    ? await readPracticeTest(deps, userId, id, () => rideResults(ride, userId))
    : null;
  if (!loaded) return data({ screen: "missing" as const }, { status: 404, headers });
  const { test, items } = loaded;
  const params = new URL(request.url).searchParams;
  if (test.status === "submitted") {
    const show = resultFilter(params.get("show"));
    const results = practiceResults(loaded);
    const counts = {
      all: results.questions.length,
      wrong: results.questions.filter((q) => q.choice !== null && !q.reveal.correct).length,
      unattempted: results.unattempted,
      marked: results.questions.filter((q) => q.marked).length,
    };
    const shown = results.questions.filter(
      (q) =>
        show === "all" ||
        (show === "wrong" && q.choice !== null && !q.reveal.correct) ||
        (show === "unattempted" && q.choice === null) ||
        (show === "marked" && q.marked),
    );
    return data(
      {
        screen: "results" as const,
        results: { ...results, questions: shown },
        show,
        counts,
        ranOut:
          test.mode === "timed" && test.deadlineAt !== null && test.submittedAt === test.deadlineAt,
      },
      { headers },
    );
  }
  if (params.get("view") === "submit") {
    return data(
      {
        screen: "submit" as const,
        test: testSummary(test),
        marking: markingOf(test.exam),
        navigator: navigatorOf(test, items),
        now: deps.now(),
      },
      { headers },
    );
  }
  const asked = Number(params.get("q"));
  const index = params.has("q") && Number.isInteger(asked) ? asked : test.current;
  const now = deps.now();
  return data(
    { screen: "question" as const, view: takingView(loaded, index, now), shownAt: now },
    { headers },
  );
}

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function wholeNumber(value: string): number | null {
  if (!/^\d{1,4}$/.test(value)) return null;
  return Number(value);
}

/** The question form's change: what it says, read the way the test's mode reads it. */
function changeFrom(formData: FormData, index: number, go: string, now: number): AnswerChange {
  const tutor = field(formData, "mode") === "tutor";
  const choice = wholeNumber(field(formData, "choice"));
  const shownAt = Number(field(formData, "shownAt"));
  const change: AnswerChange = {
    index,
    marked: formData.has("marked"),
    seconds: Number.isFinite(shownAt) && shownAt <= now ? (now - shownAt) / 1000 : 0,
  };
  if (formData.has("strikes")) {
    change.struck = formData.getAll("struck").flatMap((value) => {
      const option = typeof value === "string" ? wholeNumber(value) : null;
      return option === null ? [] : [option];
    });
  }
  // Tutor mode records an answer only when it is checked; timed mode saves it with every step.
  if (go === "clear" && !tutor) change.choice = null;
  else if (choice !== null && (!tutor || go === "check")) change.choice = choice;
  return change;
}

/** Where a step goes: a question's index, the submit summary, or submitting. */
function target(go: string, index: number, count: number): number | "review" | "submit" {
  if (go === "next") return index + 1 < count ? index + 1 : "review";
  if (go === "prev") return Math.max(0, index - 1);
  if (go === "review" || go === "submit") return go;
  const number = wholeNumber(go);
  if (number !== null && number < count) return number;
  return index;
}

type MissedReply = { intent: "flashcard" | "mistake"; index: number; ok: boolean; message: string };

/** The test's form posts. */
export async function practiceTestAction(request: Request, context: AppContext, id: string) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "practiceTests");
  const userId = auth.user.id;
  const back = (to: string, toast: ToastInput) => redirectWithToast(to, toast, context.env);
  if (!access.allowed) {
    return back("/practice", { type: "error", title: PLAN_FEATURES.practiceTests.refusal });
  }
  if (!isPracticeTestId(id)) {
    return back("/practice", { type: "error", title: PRACTICE_MESSAGES.notFound });
  }
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const deps = practiceDeps(context);
  const results = practiceTestHref(id);

  if (intent === "report") return reportQuestionAction(context, userId, formData);

  if (intent === "flashcard" || intent === "mistake") {
    const index = wholeNumber(field(formData, "index")) ?? -1;
    let outcome;
    if (intent === "flashcard") {
      outcome = await addPracticeFlashcard(flashcardDeps(context), userId, id, index);
    } else {
      const value = field(formData, "mistake");
      const mistake = value === "none" ? null : isMistakeKind(value) ? value : undefined;
      outcome =
        mistake === undefined
          ? { ok: false as const, status: 400 as const, message: PRACTICE_MESSAGES.mistake }
          : await tagPracticeMistake(deps, userId, id, index, mistake);
    }
    const reply: MissedReply = { intent, index, ok: outcome.ok, message: outcome.message };
    return data(reply, { status: outcome.ok ? 200 : outcome.status });
  }

  if (intent === "submit") {
    const submitted = await submitPracticeTest(deps, userId, id);
    if (submitted.status === "not-found") {
      return back("/practice", { type: "error", title: PRACTICE_MESSAGES.notFound });
    }
    return back(results, {
      type: submitted.timeUp ? "info" : "success",
      title: submitted.timeUp ? PRACTICE_MESSAGES.timeUp : "Test submitted",
    });
  }

  // intent=save: the question form.
  const index = wholeNumber(field(formData, "index"));
  const go = field(formData, "go") || "next";
  if (index === null) return back(results, { type: "error", title: PRACTICE_MESSAGES.index });
  const here = practiceTestHref(id, { q: index });
  const now = deps.now();
  const change = changeFrom(formData, index, go, now);
  if (go === "check" && change.choice === undefined) {
    return data({ intent: "save" as const, error: PRACTICE_MESSAGES.chooseFirst }, { status: 400 });
  }
  const to = target(go, index, Number.MAX_SAFE_INTEGER);
  if (typeof to === "number") change.current = to;
  const saved = await saveAnswer(deps, userId, id, change);
  switch (saved.status) {
    case "not-found":
      return back("/practice", { type: "error", title: PRACTICE_MESSAGES.notFound });
    case "invalid":
    case "final":
      return back(here, { type: "error", title: saved.message });
    case "submitted":
      return back(results, {
        type: "info",
        title: saved.timeUp ? PRACTICE_MESSAGES.timeUp : PRACTICE_MESSAGES.submitted,
      });
  }
  const count = saved.test.itemIds.length;
  const next = target(go, index, count);
  if (next === "submit") {
    const submitted = await submitPracticeTest(deps, userId, id);
    return back(results, {
      type: submitted.status === "submitted" && submitted.timeUp ? "info" : "success",
      title:
        submitted.status === "submitted" && submitted.timeUp
          ? PRACTICE_MESSAGES.timeUp
          : "Test submitted",
    });
  }
  if (next === "review") return redirect(practiceTestHref(id, { view: "submit" }));
  return redirect(practiceTestHref(id, { q: next }));
}
