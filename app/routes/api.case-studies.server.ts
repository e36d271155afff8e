/**
 * The JSON adapter for /api/case-studies/* (docs/api.md, "Case studies"): a
 * Pro learner's Bearer token (or the session cookie) in, JSON out. The rules
 * live in app/models/case-studies.server.ts and the case engine; nothing that
 * gives an answer away is sent before the case is finished.
 */
import { ApiResponse, apiError } from "~/http/api.server";
import { requireApiPlanFeature } from "~/http/plan-access.server";
import { CASE_MESSAGES, isCaseAttemptId } from "~/lib/case-studies";
import type { AppContext } from "~/load-context";
import type { Authenticated } from "~/models/auth.server";

/** 401 signed out, 403 without Pro ('Case studies are part of the Pro plan…'). */
export function requireCaseLearner(request: Request, context: AppContext): Promise<Authenticated> {
  return requireApiPlanFeature(request, context, "caseStudies");
}

export function requireCaseIdParam(params: { id?: string }): string {
  if (!isCaseAttemptId(params.id)) throw new ApiResponse(apiError(400, CASE_MESSAGES.invalidId));
  return params.id;
}

export const caseNotFound = () => apiError(404, CASE_MESSAGES.notFound);

export const caseResultsPath = (id: string) => `/api/case-studies/${id}/results`;
