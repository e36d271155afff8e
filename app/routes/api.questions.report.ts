/**
 * POST /api/questions/report { bankId, reason, note? }: the caller reports a
 * pool item from one of their own quizzes or simulations (reason:
 * wrong-key, unclear, outdated, typo) → 201 { success, message, data: { held } }
 * (200 when they had reported it already). After three independent reports
 * the item leaves rotation until an admin reviews it.
 *
 *   400 malformed body or reason; 401 signed out; 403 not from the caller's attempts
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import { reportItem, reportSchema } from "~/models/question-reports.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi("Could not send the report. Please try again.", async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, reportSchema);
    const outcome = await reportItem(context.db, user.id, input, Date.now());
    if (!outcome.ok) return apiError(outcome.status, outcome.message);
    return apiSuccess({
      status: outcome.status,
      message: outcome.message,
      data: { held: outcome.held },
    });
  });
}

export const loader = () => methodNotAllowed("POST");
