/**
 * GET /api/case-studies/{id}/results (Pro): a finished case's debrief →
 * { success, data: { score, debrief, case } }.
 *
 *   400 malformed id; 401; 403 not on Pro; 404; 409 the case is still running
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { CASE_MESSAGES } from "~/lib/case-studies";
import { caseDeps, readCase } from "~/models/case-studies.server";
import {
  caseNotFound,
  requireCaseIdParam,
  requireCaseLearner,
} from "~/routes/api.case-studies.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(CASE_MESSAGES.listFailed, async () => {
    const { user } = await requireCaseLearner(request, context);
    const id = requireCaseIdParam(params);
    const read = await readCase(caseDeps(context), user.id, id);
    if (read.status === "not-found") return caseNotFound();
    if (read.status !== "finished") return apiError(409, CASE_MESSAGES.notFinished);
    return apiSuccess({ data: { score: read.score, debrief: read.debrief, case: read.view } });
  });
}

export const action = () => methodNotAllowed("GET");
