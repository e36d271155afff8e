/**
 * The cron trigger's work (wrangler.toml [triggers], every five minutes):
 *
 * - reconcile payments: orders unpaid for over ten minutes are checked with
 *   the provider and any captured payment whose webhook never came is granted
 *   (reconcileOrders, the same granting path as the webhook);
 * - tidy promo reservations whose hold lapsed (they already stopped counting).
 */
import type { AppContext } from "../app/load-context";
import { paymentDeps, reconcileOrders } from "../app/models/payments.server";
import { releaseLapsedPromos } from "../app/models/promo.server";

export type ScheduledReport = {
  reconciled: { checked: number; granted: number; errors: number };
  releasedPromos: number;
};

export async function runScheduledJobs(
  context: AppContext,
  now: () => number = Date.now,
): Promise<ScheduledReport> {
  // Paid orders first, so their reservations are committed rather than tidied away.
  const reconciled = await reconcileOrders(paymentDeps(context, now));
  const releasedPromos = await releaseLapsedPromos(context.db, now());
  if (reconciled.granted > 0 || reconciled.errors > 0) {
    console.log(
      `payments reconciler: ${reconciled.checked} checked, ${reconciled.granted} granted, ${reconciled.errors} errors`,
    );
  }
  return { reconciled, releasedPromos };
}
