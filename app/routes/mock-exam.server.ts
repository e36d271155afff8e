/**
 * The /mock-exams/{id} page's server side: the exam screen while the sitting
 * runs, its results once it is submitted (a read after the time is up
 * submits it), and the form posts that take the exam with JavaScript off,
 * one question per page, the clock always the server's:
 *
 *   answer   — saves the question as the learner left it and moves on: `go` is
 *              next (Save & Next: the review mark comes off), mark (Save & Mark for
 *              Review), clear (Clear Response), prev, or a question number
 *              (the palette). Seconds on the question count from `shownAt`,
 *              the server's time when the page was drawn.
 *   advance  — ends the open section early (after ?confirm=advance).
 *   submit   — submits (after ?confirm=submit).
 *   report / flashcard — on the results, answered in place.
 *
 * With JavaScript the screen saves through PUT /api/mock-exams/{id}/answers
 * and posts advance and submit here; the rules are the models' either way.
 */
import { data, redirect } from "@remix-run/cloudflare";
import { redirectWithToast } from "~/http/toast.server";
import { PRIVATE_PAGE_HEADERS } from "~/http/page-headers.server";
import {
  MOCK_MESSAGES,
  type MockSitting,
  isMockAttemptId,
  mockExamPath,
  questionFromSearch,
  sectionLockedMessage,
} from "~/lib/mock-exams";
import { parseReviewFilter } from "~/lib/mock-results";
import { PLAN_FEATURES } from "~/lib/plan-features";
import type { AppContext } from "~/load-context";
import { flashcardDeps } from "~/models/flashcards.server";
import {
  advanceSection,
  mockDeps,
  mockStatements,
  readMock,
  saveAnswers,
  sectionMs,
  submitMock,
} from "~/models/mock-exams.server";
import { addMockFlashcard, mockPreview, mockResults } from "~/models/mock-results.server";
import { requirePlanFeaturePage } from "~/models/plan-access.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { reportQuestionAction } from "~/routes/question-report.server";

/** The question to show: `?q` when it is in the open section, else the section's first unanswered. */
function shownPosition(sitting: MockSitting, requested: number | null): number {
  const section = sitting.sections[sitting.sectionIndex]!;
  const last = section.first + section.questions - 1;
  if (requested !== null && requested >= section.first && requested <= last) return requested;
  const open = sitting.questions.find((question) => question.choice === null);
  return open?.position ?? section.first;
}

function sectionParam(value: string | null): number | "all" {
  if (value === "all") return "all";
  return value && /^\d$/.test(value) ? Number(value) : 0;
}

export async function loadMockExam(request: Request, context: AppContext, id: string | undefined) {
  // The sitting's reads go with the chrome's batch when they can: no D1 round trip of their own.
  const ride = isMockAttemptId(id)
    ? askToRide(context.reads, context.db.$client, (userId) =>
        mockStatements(context.db, userId, id),
      )
    : null;
  const { auth, access } = await requirePlanFeaturePage(request, context, "mockExams");
  const userId = auth.user.id;
  if (!access.allowed) {
    if (ride) leaveRide(ride);
    const preview = await mockPreview(context.db, userId);
    return data({ kind: "upgrade" as const, preview }, { headers: PRIVATE_PAGE_HEADERS });
  }
  const notFound = () =>
    redirectWithToast("/mock-exams", { type: "error", title: MOCK_MESSAGES.notFound }, context.env);
  if (!ride || !isMockAttemptId(id)) throw await notFound();
  const deps = mockDeps(context);
  const search = new URL(request.url).searchParams;
  const read = await readMock(deps, userId, id, () => rideResults(ride, userId));
  if (read.status === "not-found") throw await notFound();

  if (read.status === "submitted") {
    const section = sectionParam(search.get("section"));
    const filter = parseReviewFilter(search.get("filter"));
    const page = Number(/^\d{1,3}$/.test(search.get("page") ?? "") ? search.get("page") : 1);
    const outcome = await mockResults(deps, userId, id, { section, filter, page }, read.timedOut);
    if (outcome.status !== "results") throw await notFound();
    return data(
      {
        kind: "results" as const,
        results: outcome.results,
        view: { section, filter, page: outcome.results.review.page },
        timedOut: outcome.timedOut,
      },
      { headers: PRIVATE_PAGE_HEADERS },
    );
  }

  const { sitting } = read;
  const requested = questionFromSearch(search);
  const open = sitting.sections[sitting.sectionIndex]!;
  // A question of a section that has locked since the page was drawn: say why it is gone.
  const notice =
    requested !== null && requested < open.first
      ? sectionLockedMessage(sitting.sections.find((s) => requested < s.first + s.questions)!.title)
      : null;
  const step = search.get("confirm");
  const confirm: "submit" | "advance" | null =
    step === "submit" || step === "advance" ? step : null;
  return data(
    {
      kind: "sitting" as const,
      sitting,
      position: shownPosition(sitting, requested),
      confirm,
      notice,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

// ---------------------------------------------------------------------------
// Form posts.

function field(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}

function wholeNumber(text: string): number | null {
  return /^\d{1,13}$/.test(text) ? Number(text) : null;
}

/** Where `go` leads from `position` in the open section (next and previous wrap round). */
function destination(sitting: MockSitting, position: number, go: string): number {
  const section = sitting.sections[sitting.sectionIndex]!;
  const first = section.first;
  const last = first + section.questions - 1;
  if (go === "next" || go === "mark") return position >= last ? first : position + 1;
  if (go === "prev") return position <= first ? last : position - 1;
  const number = wholeNumber(go);
  if (number !== null && number - 1 >= first && number - 1 <= last) return number - 1;
  return position;
}

export async function mockExamAction(
  request: Request,
  context: AppContext,
  id: string | undefined,
) {
  const { auth, access } = await requirePlanFeaturePage(request, context, "mockExams");
  const userId = auth.user.id;
  const back = (to: string, title: string, type: "error" | "success" = "error") =>
    redirectWithToast(to, { type, title }, context.env);
  if (!access.allowed) return back("/mock-exams", PLAN_FEATURES.mockExams.refusal);
  if (!isMockAttemptId(id)) return back("/mock-exams", MOCK_MESSAGES.notFound);
  const formData = await request.formData();
  const intent = field(formData, "intent");
  const deps = mockDeps(context);
  const here = mockExamPath(id);

  if (intent === "report") return reportQuestionAction(context, userId, formData);

  if (intent === "flashcard") {
    const position = wholeNumber(field(formData, "position"));
    if (position === null) return back(here, MOCK_MESSAGES.notFound);
    const outcome = await addMockFlashcard(flashcardDeps(context), userId, id, position);
    if (outcome.status === "not-found") return back(here, MOCK_MESSAGES.notFound);
    if (outcome.status === "in-progress") return back(here, MOCK_MESSAGES.notSubmitted);
    const ok = outcome.status !== "refused";
    return data(
      { intent: "flashcard" as const, position, ok, message: outcome.message },
      { status: ok ? 200 : 403 },
    );
  }

  if (intent === "submit") {
    const result = await submitMock(deps, userId, id);
    if (result.status === "not-found") return back("/mock-exams", MOCK_MESSAGES.notFound);
    return back(
      here,
      result.status === "done" && result.timedOut ? MOCK_MESSAGES.timeUp : "Mock exam submitted.",
      "success",
    );
  }

  if (intent === "advance") {
    const from = wholeNumber(field(formData, "section")) ?? -1;
    const result = await advanceSection(deps, userId, id, from);
    if (result.status === "not-found") return back("/mock-exams", MOCK_MESSAGES.notFound);
    if (result.status === "conflict") return back(here, result.message);
    if (result.attempt.status === "submitted") return back(here, MOCK_MESSAGES.timeUp);
    const section = result.attempt.paper.sections[result.attempt.sectionIndex]!;
    return back(here, `${section.title} is open.`, "success");
  }

  // intent "answer": the question as the learner left it, then where they asked to go.
  const read = await readMock(deps, userId, id);
  if (read.status === "not-found") return back("/mock-exams", MOCK_MESSAGES.notFound);
  if (read.status === "submitted") {
    return back(here, read.timedOut ? MOCK_MESSAGES.timeUp : MOCK_MESSAGES.submitted);
  }
  const { sitting } = read;
  const position = wholeNumber(field(formData, "position"));
  const question = sitting.questions.find((entry) => entry.position === position);
  if (position === null || !question) {
    // The section locked under the learner: tell them, and show where the clock is now.
    const title =
      position === null
        ? null
        : sitting.sections.find((s) => position >= s.first && position < s.first + s.questions)
            ?.title;
    return back(here, title ? sectionLockedMessage(title) : MOCK_MESSAGES.notFound);
  }
  const go = field(formData, "go") || "next";
  const choiceText = field(formData, "choice");
  const chosen = /^[0-3]$/.test(choiceText) ? Number(choiceText) : null;
  const shownAt = wholeNumber(field(formData, "shownAt")) ?? sitting.serverNow;
  const section = sitting.sections[sitting.sectionIndex]!;
  const spent = Math.min(Math.max(0, sitting.serverNow - shownAt), sectionMs(section));
  const choice = go === "clear" ? null : chosen;
  const marked = go === "mark" ? true : go === "next" ? false : question.marked;
  const saved = await saveAnswers(deps, userId, id, [
    {
      position: question.position,
      choice,
      marked,
      seconds: question.seconds + Math.round(spent / 1000),
    },
  ]);
  if (saved.status === "not-found") return back("/mock-exams", MOCK_MESSAGES.notFound);
  const refusal = saved.refused[0];
  if (refusal) return back(here, refusal.message);
  return redirect(mockExamPath(id, { q: destination(sitting, question.position, go) }));
}
