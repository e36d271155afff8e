import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { ADMIN_MESSAGES, createdMessage, createPromoSchema, indiaDate } from "~/lib/admin";
import { requireAdminApi } from "~/http/auth.server";
import { createPromoCodes } from "~/models/admin-promo.server";
import {
  apiError,
  apiSuccess,
  handleApi,
  methodNotAllowed,
  parseJsonBody,
} from "~/http/api.server";

/**
 * POST /api/admin/promo-codes (Bearer admin token)
 * { code, discountPercentage: 10|20|30|40|99.97, description?, expiryDate?: "YYYY-MM-DD"|null,
 *   count?: 1-50, namingOption?: "same"|"unique" } →
 * 201 { success, message, data: { codes, batchId, discountPercentage, maxUses } }.
 *
 * "same" makes one code usable `count` times; "unique" makes `count` single-use
 * codes, the first named as given, the others with a random suffix. All or none
 * are written. 400 names the first invalid field; 409 when the name is taken.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(ADMIN_MESSAGES.createFailed, async () => {
    const admin = await requireAdminApi(request, context);
    const now = Date.now();
    const input = await parseJsonBody(request, createPromoSchema(indiaDate(now)));
    const created = await createPromoCodes({ db: context.db, now: () => now }, admin, input);
    if (!created.ok) return apiError(created.status, created.message);
    const { ok: _ok, ...data } = created;
    return apiSuccess({ status: 201, message: createdMessage(created.codes), data });
  });
}

export const loader = () => methodNotAllowed("POST");
