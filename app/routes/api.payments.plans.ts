import { methodNotAllowed } from "~/http/api.server";
import { plansJson } from "~/routes/api.payments.server";

/**
 * GET /api/payments/plans → { success, plans } (public): the catalogue of
 * app/lib/plans.ts, prices in rupees (`price`) and paise (`pricePaise`),
 * durations and feature keys. The same for everyone, so shared caches may keep it.
 */
export function loader() {
  return Response.json(
    { success: true, plans: plansJson() },
    { headers: { "Cache-Control": "public, max-age=300" } },
  );
}

export const action = () => methodNotAllowed("GET");
