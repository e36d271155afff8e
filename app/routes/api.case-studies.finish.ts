/**
 * POST /api/case-studies/{id}/finish (Pro): scores the case and saves the score and
 * its breakdown → 200 { success, message, data: { score, debrief } }. Finishing a
 * finished case answers the same debrief.
 *
 *   400 malformed id; 401; 403 not on Pro; 404; 409 no final diagnosis or disposition yet
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { CASE_MESSAGES } from "~/lib/case-studies";
import { caseDeps, finishCase } from "~/models/case-studies.server";
import {
  caseNotFound,
  requireCaseIdParam,
  requireCaseLearner,
} from "~/routes/api.case-studies.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CASE_MESSAGES.finishFailed, async () => {
    const { user } = await requireCaseLearner(request, context);
    const id = requireCaseIdParam(params);
    const result = await finishCase(caseDeps(context), user.id, id);
    if (result.status === "not-found") return caseNotFound();
    if (result.status !== "finished") return apiError(409, result.message);
    return apiSuccess({
      message: "Case finished.",
      data: { score: result.score, debrief: result.debrief },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
