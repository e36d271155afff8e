/**
 * GET /api/case-studies/{id} (Pro): the attempt as its learner has uncovered it
 * → { success, data: { case, score, resultsUrl } } (score and resultsUrl once finished).
 *
 *   400 malformed id; 401; 403 not on Pro; 404 not the caller's attempt
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { CASE_MESSAGES } from "~/lib/case-studies";
import { caseDeps, readCase } from "~/models/case-studies.server";
import {
  caseNotFound,
  caseResultsPath,
  requireCaseIdParam,
  requireCaseLearner,
} from "~/routes/api.case-studies.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handleApi(CASE_MESSAGES.listFailed, async () => {
    const { user } = await requireCaseLearner(request, context);
    const id = requireCaseIdParam(params);
    const read = await readCase(caseDeps(context), user.id, id);
    if (read.status === "not-found") return caseNotFound();
    const finished = read.status === "finished";
    return apiSuccess({
      data: {
        case: read.view,
        score: finished ? read.score : null,
        resultsUrl: finished ? caseResultsPath(id) : null,
      },
    });
  });
}

export const action = () => methodNotAllowed("GET");
