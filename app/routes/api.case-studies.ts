/**
 * /api/case-studies (Pro):
 *
 *   GET  → { success, data: [case…] }: the 42 cases (no answers) with the caller's best
 *        score, finished count and running attempt (activeAttemptId).
 *   POST { caseId } → 201 { success, message, data: { attemptId, resumed: false, case } }
 *        a new attempt, or 200 with resumed: true and the caller's running attempt at it.
 *
 *   400 malformed body or an unknown case; 401 signed out; 403 not on Pro
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { CASE_MESSAGES, startCaseSchema } from "~/lib/case-studies";
import { caseDeps, caseHome, startCase } from "~/models/case-studies.server";
import { requireCaseLearner } from "~/routes/api.case-studies.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(CASE_MESSAGES.listFailed, async () => {
    const { user } = await requireCaseLearner(request, context);
    return apiSuccess({ data: await caseHome(context.db, user.id) });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleApi(CASE_MESSAGES.startFailed, async () => {
    const { user } = await requireCaseLearner(request, context);
    const { caseId } = await parseJsonBody(request, startCaseSchema);
    const result = await startCase(caseDeps(context), user.id, caseId);
    if (result.status === "not-found") return apiError(400, CASE_MESSAGES.caseNotFound);
    const resumed = result.status === "resumed";
    return apiSuccess({
      status: resumed ? 200 : 201,
      message: resumed ? "Case resumed." : "Case started.",
      data: { attemptId: result.attemptId, resumed, case: result.view },
    });
  });
}
