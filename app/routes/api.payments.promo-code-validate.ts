import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { apiOk, apiError, handleApi, methodNotAllowed, parseJsonBody } from "~/http/api.server";
import { requireApiAuth } from "~/http/auth.server";
import {
  PAYMENTS_API_FALLBACKS,
  pricingJson,
  promoAppliedMessage,
  promoValidateSchema,
} from "~/routes/api.payments.server";
import { validatePromo } from "~/models/promo.server";
import { paymentDeps } from "~/models/payments.server";

/**
 * POST /api/payments/promo-code/validate { promoCode, planId } →
 * { success, valid, promoCode: { code, discountPercentage }, pricing, message }.
 * Pricing is in rupees (originalAmount, discountedAmount, savings) and paise
 * (…Paise). Signed in only: a code this learner already used does not apply
 * again. A code that does not apply answers 400 with valid: false and why.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  return handleApi(PAYMENTS_API_FALLBACKS.validatePromo, async () => {
    const { user } = await requireApiAuth(request, context);
    const input = await parseJsonBody(request, promoValidateSchema, {
      emptyIsObject: true,
      extra: { valid: false },
    });
    const applied = await validatePromo(paymentDeps(context), {
      code: input.promoCode,
      planId: input.planId,
      userId: user.id,
    });
    if (!applied.ok)
      return apiError(applied.tooMany ? 429 : 400, applied.message, { valid: false });
    return apiOk({
      valid: true,
      message: promoAppliedMessage(applied.discountPercentage, applied.pricing),
      promoCode: {
        code: applied.code,
        discountPercentage: applied.discountPercentage,
        description: applied.description,
      },
      planId: input.planId,
      pricing: pricingJson(applied.pricing),
    });
  });
}

export const loader = () => methodNotAllowed("POST");
