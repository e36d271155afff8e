import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { ADMIN_MESSAGES } from "~/lib/admin";
import { requireAdminApi } from "~/http/auth.server";
import { setPromoActive } from "~/models/admin-promo.server";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";

const toggleSchema = z.object({
  isActive: z.boolean({ error: "isActive must be true or false." }).optional(),
});

/**
 * PATCH /api/admin/promo-codes/{code}/toggle (Bearer admin token) →
 * { success, message, data: { code, isActive } }. Without a body it flips the
 * code; `{ "isActive": true|false }` sets it (so a retry changes nothing
 * more). 404 when there is no such live code.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed("PATCH");
  return handleApi(ADMIN_MESSAGES.toggleFailed, async () => {
    const admin = await requireAdminApi(request, context);
    const hasBody = request.headers.has("Content-Type");
    const { isActive } = hasBody ? await parseJsonBody(request, toggleSchema) : {};
    const toggled = await setPromoActive(
      { db: context.db, now: Date.now },
      admin,
      params.code ?? "",
      isActive ?? null,
    );
    if (!toggled.ok) return apiError(toggled.status, toggled.message);
    return apiSuccess({
      message: toggled.isActive ? ADMIN_MESSAGES.activated : ADMIN_MESSAGES.deactivated,
      data: { code: toggled.code, isActive: toggled.isActive },
    });
  });
}

export const loader = () => methodNotAllowed("PATCH");
