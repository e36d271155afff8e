/**
 * The JSON adapter for /api/feedback/* (docs/api.md, "Mentor feedback"): a Pro
 * learner's Bearer token (or the session cookie) in, JSON out; every rule
 * lives in app/models/feedback.server.ts. Times are ISO 8601 strings.
 */
import { ApiResponse, apiError } from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import {
  FEEDBACK_MESSAGES,
  type FeedbackReport,
  type FeedbackSummary,
  type FeedbackTaskState,
  isFeedbackId,
} from "~/lib/feedback";
import type { AppContext } from "~/load-context";
import type { Authenticated } from "~/models/auth.server";

/** 401 signed out, 403 without Pro. */
export function requireFeedbackLearner(
  request: Request,
  context: AppContext,
): Promise<Authenticated> {
  return requireApiPlanFeature(request, context, "mentorFeedback");
}

export function requireFeedbackId(params: { id?: string }): string {
  if (!isFeedbackId(params.id)) throw new ApiResponse(apiError(400, FEEDBACK_MESSAGES.invalidId));
  return params.id;
}

export const notFoundJson = () => apiError(404, FEEDBACK_MESSAGES.notFound);

export function apiSummary(item: FeedbackSummary) {
  return { ...item, createdAt: new Date(item.createdAt).toISOString() };
}

/** A report: its words, the three tasks (with where each stands in the planner) and its figures. */
export function apiReport(report: FeedbackReport, tasks: FeedbackTaskState[]) {
  const { body, figures, ...summary } = report;
  return {
    ...apiSummary(summary),
    feedback: {
      headline: body.headline,
      practised: body.practised,
      subjects: body.subjects,
      errors: body.errors,
      timing: body.timing,
    },
    tasks: body.tasks.map((task, index) => ({
      index,
      ...task,
      planner: tasks[index] ?? { added: false, day: null, done: false },
    })),
    figures,
  };
}
