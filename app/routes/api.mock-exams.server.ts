/**
 * The JSON adapter for /api/mock-exams/* (docs/api.md, "Mock exams"): a Pro
 * learner's Bearer token (or the session cookie) in, JSON out. Every rule
 * lives in the mock models (app/models/mock-*.server.ts); this file reads
 * requests and shapes the answers. Times are ISO 8601 strings; `serverNow`
 * is the server's clock, which the timers run from. Nothing that gives an
 * answer away is sent before the mock is submitted.
 */
import { z } from "zod";
import {
  MOCK_MESSAGES,
  type MockSitting,
  type MockSummary,
  isMockAttemptId,
} from "~/lib/mock-exams";
import type { MockResults } from "~/lib/mock-results";
import { ApiResponse, apiError } from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import type { AppContext } from "~/load-context";
import type { Authenticated } from "~/models/auth.server";
import {
  attemptTitle,
  type MockAttempt,
  type SittingState,
  sectionStarts,
} from "~/models/mock-exams.server";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** 401 signed out, 403 without Pro ('Mock exams are part of the Pro plan…'). */
export function requireMockLearner(request: Request, context: AppContext): Promise<Authenticated> {
  return requireApiPlanFeature(request, context, "mockExams");
}

export function requireMockIdParam(params: { id?: string }): string {
  if (!isMockAttemptId(params.id)) throw new ApiResponse(apiError(400, MOCK_MESSAGES.invalidId));
  return params.id;
}

export function notFoundJson(): Response {
  return apiError(404, MOCK_MESSAGES.notFound);
}

export const resultsPath = (id: string) => `/api/mock-exams/${id}/results`;

/** A sitting in the list. */
export function apiSummary(mock: MockSummary) {
  return {
    id: mock.id,
    title: mock.title,
    pattern: mock.pattern,
    length: mock.length,
    paper: mock.number ?? "random",
    status: mock.status,
    questionCount: mock.questionCount,
    startedAt: iso(mock.startedAt),
    endsAt: iso(mock.endsAt),
    submittedAt: iso(mock.submittedAt),
    correct: mock.correct,
    wrong: mock.wrong,
    unattempted: mock.unattempted,
    score: mock.score,
  };
}

/** A started sitting: its sections and the pool ids of their questions (no keys). */
export function apiStarted(attempt: MockAttempt) {
  const { paper } = attempt;
  const starts = sectionStarts(paper.sections);
  return {
    id: attempt.id,
    title: attemptTitle(attempt),
    pattern: paper.pattern,
    length: paper.length,
    paper: paper.number ?? "random",
    status: attempt.status,
    questionIds: paper.itemIds,
    sections: paper.sections.map((section, index) => ({
      index,
      title: section.title,
      questions: section.questions,
      minutes: section.minutes,
      firstPosition: starts[index],
      questionIds: paper.itemIds.slice(starts[index], starts[index]! + section.questions),
    })),
    sectionIndex: attempt.sectionIndex,
    sectionEndsAt: iso(attempt.sectionEndsAt),
    endsAt: iso(attempt.endsAt),
    startedAt: iso(attempt.startedAt),
  };
}

/** A running sitting: the clock, the palette and the open section's questions. */
export function apiSitting(sitting: MockSitting) {
  return {
    id: sitting.id,
    title: sitting.title,
    pattern: sitting.pattern,
    length: sitting.length,
    paper: sitting.number ?? "random",
    status: "active" as const,
    exam: sitting.examName,
    marking: sitting.markingLabel,
    questionCount: sitting.questionCount,
    sections: sitting.sections.map((section) => ({
      index: section.index,
      title: section.title,
      questions: section.questions,
      minutes: section.minutes,
      firstPosition: section.first,
      state: section.state,
    })),
    sectionIndex: sitting.sectionIndex,
    sectionEndsAt: iso(sitting.sectionEndsAt),
    endsAt: iso(sitting.endsAt),
    startedAt: iso(sitting.startedAt),
    serverNow: iso(sitting.serverNow),
    palette: sitting.palette,
    questions: sitting.questions,
  };
}

/** A submitted sitting, where its results are. */
export function apiSubmitted(attempt: MockAttempt, timedOut: boolean) {
  return {
    id: attempt.id,
    title: attemptTitle(attempt),
    status: "submitted" as const,
    timedOut,
    submittedAt: iso(attempt.submittedAt),
    correct: attempt.correct,
    wrong: attempt.wrong,
    unattempted: attempt.unattempted,
    score: attempt.score,
    resultsUrl: resultsPath(attempt.id),
  };
}

export function apiState(state: SittingState) {
  return {
    status: state.status,
    sectionIndex: state.sectionIndex,
    sectionEndsAt: iso(state.sectionEndsAt),
    endsAt: iso(state.endsAt),
    serverNow: iso(state.serverNow),
  };
}

export function apiResults(results: MockResults) {
  return {
    ...results,
    startedAt: iso(results.startedAt),
    submittedAt: iso(results.submittedAt),
  };
}

/** GET /api/mock-exams/{id}/results?section=&filter=: which questions to send in full. */
export const resultsQuerySchema = z.object({
  section: z
    .union([z.literal("all"), z.coerce.number().int().min(0).max(9)], {
      error: "section must be 'all' or a section's index from 0.",
    })
    .default("all"),
  filter: z
    .enum(["all", "wrong", "unattempted", "marked", "correct"], {
      error: "filter must be all, wrong, unattempted, marked or correct.",
    })
    .default("all"),
});
