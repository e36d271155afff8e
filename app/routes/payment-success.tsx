import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaymentResult, type PaymentOutcome } from "~/components/plans/payment-result";
import { formatDate } from "~/components/plans/format";
import { showToastMessage } from "~/components/ui/toaster";
import { PAYMENT_MESSAGES, PAYMENT_TITLES } from "~/lib/payment-messages";
import { paymentSuccessPath } from "~/lib/payment-paths";
import { getPlan } from "~/lib/plans";
import { SITE } from "~/lib/site";
import { requireUser } from "~/models/auth.server";
import {
  confirmPaymentById,
  paymentDeps,
  refusalForPayment,
  refusalMessage,
  subscriptionForPayment,
  verifyCheckoutResult,
} from "~/models/payments.server";
import { loadAccessRecord } from "~/models/subscription.server";
import { upgradeDetails } from "~/models/upgrade-credit.server";
import type { Database } from "~/db/client.server";
import { redirectWithToast } from "~/http/toast.server";
import { readCheckoutCallback, readPaymentParams } from "~/routes/checkout.server";

/** A period bought while another runs starts when that one ends: its start, else null (it runs now). */
function startsLater(startsAt: Date): string | null {
  return startsAt.getTime() > Date.now() ? startsAt.toISOString() : null;
}

/** For an upgrade order: the plan it replaced and the credit, as the success page shows them. */
async function upgradeFor(db: Database, orderId: string) {
  const details = await upgradeDetails(db, orderId);
  return details
    ? { fromPlanName: getPlan(details.fromPlanId).name, creditPaise: details.creditPaise }
    : null;
}

export const meta: MetaFunction = () => [
  { title: `Payment successful · ${SITE.name}` },
  { name: "description", content: "Your MedMentor payment and the plan it activated." },
  { name: "robots", content: "noindex" },
];

/**
 * GET /payment-success?payment_id=…&plan_id=…&status=… (or Razorpay's
 * razorpay_payment_id): shows the plan a payment bought. A payment id this
 * account has not been granted for yet is confirmed with the provider first;
 * with no payment data the page says whether a plan is active.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireUser(request, context);
  const params = readPaymentParams(new URL(request.url).searchParams);
  const deps = paymentDeps(context);
  const userId = auth.user.id;
  const testMode = context.payments?.testMode ?? false;
  const answer = (outcome: PaymentOutcome) => ({ outcome, testMode });

  if (params.paymentId) {
    const paid = await subscriptionForPayment(context.db, userId, params.paymentId);
    if (paid) {
      return answer({
        kind: "success",
        planName: getPlan(paid.planId).name,
        endDate: paid.endsAt.toISOString(),
        startsLater: startsLater(paid.startsAt),
        upgrade: await upgradeFor(context.db, paid.orderId),
        paymentId: params.paymentId,
        justActivated: false,
      });
    }
    const refused = await refusalForPayment(context.db, userId, params.paymentId);
    if (refused) {
      return answer({
        kind: "refused",
        paymentId: params.paymentId,
        message: refusalMessage(refused),
        refunded: refused.outcome !== "not-captured",
      });
    }
    const confirmed = await confirmPaymentById(deps, userId, {
      planId: params.planId,
      paymentId: params.paymentId,
    });
    if (confirmed.ok) {
      return answer({
        kind: "success",
        planName: getPlan(confirmed.subscription.planId).name,
        endDate: confirmed.subscription.endsAt.toISOString(),
        startsLater: startsLater(confirmed.subscription.startsAt),
        upgrade: await upgradeFor(context.db, confirmed.order.id),
        paymentId: params.paymentId,
        justActivated: !confirmed.alreadyGranted,
      });
    }
    if (confirmed.refusal) {
      return answer({
        kind: "refused",
        paymentId: params.paymentId,
        message: confirmed.message,
        refunded: confirmed.refusal.outcome !== "not-captured",
      });
    }
    if (confirmed.status === 402 || confirmed.status === 502) {
      return answer({
        kind: "processing",
        planName: getPlan(params.planId).name,
        paymentId: params.paymentId,
        message: confirmed.message,
      });
    }
    return answer({ kind: "failed", paymentId: params.paymentId, message: confirmed.message });
  }

  const { subscription } = await loadAccessRecord(context.db, userId, Date.now());
  if (!subscription) return answer({ kind: "none" });
  if (params.status === "success") {
    // A plan given free by a 100 % promo code arrives here without a payment.
    return answer({
      kind: "success",
      planName: subscription.planName,
      endDate: subscription.endsAt.toISOString(),
      startsLater: null,
      upgrade: null,
      paymentId: null,
      justActivated: false,
    });
  }
  return answer({
    kind: "welcome-back",
    planName: subscription.planName,
    endDate: subscription.endsAt.toISOString(),
  });
}

/**
 * POST /payment-success: Checkout's signed result, from the hosted checkout
 * (a cross-site form post, so without the session cookie) or from the plans
 * page's Checkout handler. Verified on the server, then a redirect to the GET.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData().catch(() => null);
  const callback = form ? readCheckoutCallback(form) : { kind: "malformed" as const };
  const failed = (description: string) =>
    redirectWithToast(
      "/plans",
      { type: "error", title: PAYMENT_TITLES.failed, description },
      context.env,
      { status: 303 },
    );
  if (callback.kind === "error") return failed(PAYMENT_MESSAGES.notProcessed);
  if (callback.kind === "malformed") return failed(PAYMENT_MESSAGES.verificationFailed);

  const result = await verifyCheckoutResult(paymentDeps(context), callback);
  if (result.ok) {
    const plan = getPlan(result.order.planId);
    return redirectWithToast(
      paymentSuccessPath({
        planId: plan.id,
        promoCode: result.order.promoCode,
        paymentId: callback.paymentId,
        status: "success",
      }),
      {
        type: "success",
        title: PAYMENT_TITLES.successful,
        description: startsLater(result.subscription.startsAt)
          ? `Your ${plan.name} plan starts on ${formatDate(result.subscription.startsAt)}, when your current plan ends.`
          : result.order.creditFrom
            ? `Your ${plan.name} plan replaces your previous plan and is active until ${formatDate(result.subscription.endsAt)}.`
            : `Your ${plan.name} plan is active until ${formatDate(result.subscription.endsAt)}.`,
      },
      context.env,
      { status: 303 },
    );
  }
  if (result.refusal) {
    // The order could not take this payment: the page says whether it was taken and refunded.
    const planId = readPaymentParams(new URL(request.url).searchParams).planId;
    return redirect(
      paymentSuccessPath({ planId, paymentId: callback.paymentId, status: "failed" }),
      303,
    );
  }
  if (result.status === 402 || result.status === 502) {
    const planId = readPaymentParams(new URL(request.url).searchParams).planId;
    return redirect(
      paymentSuccessPath({ planId, paymentId: callback.paymentId, status: "processing" }),
      303,
    );
  }
  return failed(result.message);
}

const RECHECK_EVERY_MS = 3_000;
const RECHECKS = 20;

export default function PaymentSuccess() {
  const { outcome, testMode } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [rechecks, setRechecks] = useState(0);
  const announced = useRef(false);

  // Granted while this page loaded: the navigation bar's data was read before, so refresh it once.
  useEffect(() => {
    if (outcome.kind !== "success" || !outcome.justActivated || announced.current) return;
    announced.current = true;
    showToastMessage({
      type: "success",
      title: PAYMENT_TITLES.activated,
      description: outcome.startsLater
        ? `Your ${outcome.planName} plan starts on ${formatDate(outcome.startsLater)}, when your current plan ends.`
        : `Your ${outcome.planName} plan is active until ${formatDate(outcome.endDate)}.`,
    });
    revalidator.revalidate();
  }, [outcome, revalidator]);

  // A payment the bank has not confirmed yet: look again every few seconds for a minute.
  useEffect(() => {
    if (outcome.kind !== "processing" || rechecks >= RECHECKS) return;
    const timer = window.setTimeout(() => {
      setRechecks((count) => count + 1);
      revalidator.revalidate();
    }, RECHECK_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [outcome.kind, rechecks, revalidator]);

  return (
    <PaymentResult
      outcome={outcome}
      testMode={testMode}
      stillChecking={outcome.kind === "processing" && rechecks < RECHECKS}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
