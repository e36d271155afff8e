/**
 * GET /api/{quizzes|simulations}/attempts?limit=20&skip=0: the caller's past
 * attempts of that kind, newest first → { success, data: [summary…],
 * pagination: { total, limit, skip, hasMore } }. A summary is { id, kind,
 * topic, status, origin, parentId, requestedCount, itemCount, answeredCount,
 * score, percentage, source, shortfall, createdAt, updatedAt, completedAt }.
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import {
  apiAttemptPage,
  ATTEMPT_API_FALLBACKS,
  parseListQuery,
  requireKind,
} from "~/routes/api.assessments.server";
import { listAttempts } from "~/models/assessment-attempts.server";
import { assessmentDeps } from "~/models/assessment-store.server";
import { handleApi, methodNotAllowed } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(ATTEMPT_API_FALLBACKS.list, async () => {
    const kind = requireKind(request);
    const { user } = await requireApiAuth(request, context);
    const query = parseListQuery(new URL(request.url));
    return apiAttemptPage(await listAttempts(assessmentDeps(context), user.id, kind, query));
  });
}

export const action = () => methodNotAllowed("GET");
