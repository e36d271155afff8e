/**
 * /api/feedback (Pro):
 *
 *   GET  → { success, data: [report summary…] }, newest first; this India week's
 *        report is written first if it is due (as on the page).
 *   POST → 201 { success, message, data: report }: feedback now, at most
 *        FEEDBACK_LIMITS.onDemandPerDay a day (India); 429 past it (Retry-After: seconds
 *        to midnight India), 400 with no answers yet.
 *
 *   401 signed out; 403 not on Pro
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { FEEDBACK_MESSAGES } from "~/lib/feedback";
import {
  createOnDemandReport,
  ensureWeeklyReport,
  feedbackContext,
  feedbackDeps,
  listFeedback,
} from "~/models/feedback.server";
import { apiReport, apiSummary, requireFeedbackLearner } from "~/routes/api.feedback.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(FEEDBACK_MESSAGES.loadFailed, async () => {
    const { user } = await requireFeedbackLearner(request, context);
    await ensureWeeklyReport(feedbackDeps(context), user.id);
    const list = await listFeedback(context.db, user.id);
    return apiSuccess({ data: list.map(apiSummary) });
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  return handleApi(FEEDBACK_MESSAGES.createFailed, async () => {
    const { user } = await requireFeedbackLearner(request, context);
    const deps = feedbackDeps(context);
    const result = await createOnDemandReport(deps, user.id);
    if (result.status === "rate-limited") {
      return apiError(
        429,
        FEEDBACK_MESSAGES.rateLimited,
        { retryAfter: result.retryAfter },
        { "Retry-After": String(result.retryAfter) },
      );
    }
    if (result.status === "no-answers") return apiError(400, FEEDBACK_MESSAGES.noAnswers);
    const around = await feedbackContext(context.db, user.id, result.report, deps.now());
    return apiSuccess({
      status: 201,
      message: FEEDBACK_MESSAGES.created,
      data: apiReport(result.report, around.tasks),
    });
  });
}
