/**
 * POST /api/case-studies/{id}/actions (Pro): one step of a running case, e.g.
 * { type: 'history', id }, { type: 'ask', question }, { type: 'order', id },
 * { type: 'wait', until }, { type: 'differential', ids }, … (docs/api.md).
 * Repeating a step changes nothing (no second time or cost).
 *
 *   200 { success, data: { changed, message, case } }  (message: the patient's answer,
 *       'Not available here.', or null)
 *   400 malformed body or an item the case does not have; 401; 403 not on Pro; 404;
 *   409 the case is finished, the free-text questions are used up, or a write conflict
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { CASE_MESSAGES, caseActionSchema } from "~/lib/case-studies";
import { actOnCase, caseDeps } from "~/models/case-studies.server";
import {
  caseNotFound,
  requireCaseIdParam,
  requireCaseLearner,
} from "~/routes/api.case-studies.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(CASE_MESSAGES.actionFailed, async () => {
    const { user } = await requireCaseLearner(request, context);
    const id = requireCaseIdParam(params);
    const input = await parseJsonBody(request, caseActionSchema);
    const result = await actOnCase(caseDeps(context), user.id, id, input);
    if (result.status === "not-found") return caseNotFound();
    if (result.status === "finished") return apiError(409, CASE_MESSAGES.finished);
    if (result.status !== "ok") {
      return apiError(result.status === "invalid" ? 400 : 409, result.message);
    }
    return apiSuccess({
      data: { changed: result.changed, message: result.message, case: result.view },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
