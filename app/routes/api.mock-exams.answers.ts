/**
 * PUT /api/mock-exams/{id}/answers (Pro): one save `{ position, choice, marked,
 * seconds }` or a batch `{ answers: [save…] }`, written in one D1 statement. `choice`
 * 0-3 or null (opened, no answer); `marked` for review; `seconds` spent on the
 * question so far (the most sent is kept). The last save of a position wins.
 *
 *   200 { success, data: { saved, refused: [], state } }
 *   409 some saves were refused (data.refused [{ position, reason, message }]: a locked
 *       section, one not open yet, or a submitted mock) — the others were kept
 *   400 malformed body, or a position past the paper's end; 401; 403 not on Pro; 404
 */
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { answersBodySchema, MOCK_MESSAGES, savesFromBody } from "~/lib/mock-exams";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";
import { mockDeps, saveAnswers } from "~/models/mock-exams.server";
import {
  apiState,
  notFoundJson,
  requireMockIdParam,
  requireMockLearner,
} from "~/routes/api.mock-exams.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  return handleApi(MOCK_MESSAGES.saveFailed, async () => {
    const { user } = await requireMockLearner(request, context);
    const id = requireMockIdParam(params);
    const saves = savesFromBody(await parseJsonBody(request, answersBodySchema));
    const result = await saveAnswers(mockDeps(context), user.id, id, saves);
    if (result.status === "not-found") return notFoundJson();
    const data = { saved: result.saved, refused: result.refused, state: apiState(result.state) };
    const first = result.refused[0];
    if (!first) return apiSuccess({ data });
    const status = result.refused.some((refusal) => refusal.reason === "range") ? 400 : 409;
    const message = result.refused.find((refusal) => refusal.reason !== "range")?.message;
    return apiError(status, status === 400 ? first.message : (message ?? first.message), { data });
  });
}

export const loader = () => methodNotAllowed("PUT");
