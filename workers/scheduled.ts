/**
 * The cron trigger's work (wrangler.toml [triggers], every five minutes):
 *
 * - reconcile payments: orders unpaid for over ten minutes are checked with
 *   the provider and any captured payment whose webhook never came is granted
 *   (reconcileOrders, the same granting path as the webhook), an order claimed
 *   for a payment whose grant was interrupted is finished, and a payment for an
 *   order that could not take it is refunded;
 * - retry refunds the provider did not accept the first time;
 * - tidy promo reservations whose hold lapsed (they already stopped counting).
 */
import type { AppContext } from "../app/load-context";
import { paymentDeps, reconcileOrders, retryPendingRefunds } from "../app/models/payments.server";
import { releaseLapsedPromos } from "../app/models/promo.server";

export type ScheduledReport = {
  reconciled: { checked: number; granted: number; errors: number };
  refunded: number;
  releasedPromos: number;
};

export async function runScheduledJobs(
  context: AppContext,
  now: () => number = Date.now,
): Promise<ScheduledReport> {
  // Paid orders first, so their reservations are committed rather than tidied away.
  const deps = paymentDeps(context, now);
  const reconciled = await reconcileOrders(deps);
  const refunded = await retryPendingRefunds(deps);
  const releasedPromos = await releaseLapsedPromos(context.db, now());
  if (reconciled.granted > 0 || reconciled.errors > 0) {
    console.log(
      `payments reconciler: ${reconciled.checked} checked, ${reconciled.granted} granted, ${reconciled.errors} errors`,
    );
  }
  return { reconciled, refunded, releasedPromos };
}
