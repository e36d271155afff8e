/**
 * GET /api/admin/support/tickets?status=&priority=&category=&page= (Bearer
 * admin token) → { success, data: { tickets, total, page, pageSize, counts } }:
 * the support inbox, open tickets first, priority first, then the
 * longest-waiting. `status` open (default), answered, closed or all;
 * `priority` all (default), priority or standard; `category` all or a
 * contact category; `counts` per state under the other filters.
 *
 *   400 an unknown filter value; 401 / 403 as every admin call
 */
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { apiError, apiSuccess, handleApi, methodNotAllowed } from "~/http/api.server";
import { requireAdminApi } from "~/http/auth.server";
import { SUPPORT_MESSAGES } from "~/lib/support";
import { INBOX_PAGE_SIZE, parseInboxFilters } from "~/lib/support-inbox";
import { loadInbox } from "~/models/support-tickets.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  return handleApi(SUPPORT_MESSAGES.listFailed, async () => {
    await requireAdminApi(request, context);
    const { filters, problem } = parseInboxFilters(new URL(request.url).searchParams);
    if (problem) return apiError(400, problem);
    const inbox = await loadInbox(context.db, filters, Date.now());
    return apiSuccess({
      data: { ...inbox, page: filters.page, pageSize: INBOX_PAGE_SIZE },
    });
  });
}

export const action = () => methodNotAllowed("GET");
