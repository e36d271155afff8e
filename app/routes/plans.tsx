import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/home/section-heading";
import { CheckoutForm } from "~/components/plans/checkout-form";
import { CurrentPlan } from "~/components/plans/current-plan";
import { HostedCheckoutStepView } from "~/components/plans/hosted-checkout-step";
import { PlanNotes } from "~/components/plans/plan-notes";
import { VisitorPlans } from "~/components/plans/visitor-plans";
import {
  formatPercent,
  invalidPromoNotice,
  type UpgradeOffers,
  PLANS_NOTICES,
  plansFormSchema,
  type PlansActionData,
} from "~/components/plans/plans-form";
import { loginPathFor } from "~/lib/auth-redirect";
import { PAYMENT_MESSAGES, PAYMENT_TITLES } from "~/lib/payment-messages";
import { paymentSuccessPath } from "~/lib/payment-paths";
import { formatRupees, getPlan, isPlanId, PLANS } from "~/lib/plans";
import { PROMO_CODE_PATTERN } from "~/lib/pricing";
import { SITE } from "~/lib/site";
import { ANONYMOUS } from "~/lib/viewer";
import { getAuth } from "~/models/auth.server";
import { askToRide, leaveRide, rideResults } from "~/models/request-reads.server";
import { heldPeriodsStatement, periodsOf, upgradeQuotes } from "~/models/upgrade-credit.server";
import { checkoutConfig, hostedCheckoutFor, plansReturnPath } from "~/routes/checkout.server";
import { createOrder, paymentDeps } from "~/models/payments.server";
import { validatePromo } from "~/models/promo.server";
import { redirectWithToast } from "~/http/toast.server";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: `Plans · ${SITE.name}` },
  {
    name: "description",
    content: `${SITE.name} plans in rupees: ${PLANS.map((plan) => `${plan.name} ${formatRupees(plan.pricePaise)} for ${plan.duration}`).join(", ")}. Paid once, no automatic renewal.`,
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const plan = new URL(request.url).searchParams.get("plan");
  return {
    checkout: checkoutConfig(context.payments),
    returnTo: plansReturnPath(request),
    initialPlan: isPlanId(plan) ? plan : null,
    upgrades: await upgradeOffers(request, context),
  };
}

/**
 * For a learner with a plan running: the credit each higher plan would carry
 * now, shown in the order summary before they pay (the order is priced again
 * on the server when they subscribe). The learner's periods are read with the
 * chrome's batch when they can ride it; a visitor (no session token) costs no read.
 */
async function upgradeOffers(
  request: Request,
  context: LoaderFunctionArgs["context"],
): Promise<UpgradeOffers> {
  const now = Date.now();
  const ride = askToRide(context.reads, context.db.$client, (userId) => [
    heldPeriodsStatement(context.db, userId, now),
  ]);
  const auth = await getAuth(request, context);
  if (!auth) {
    leaveRide(ride);
    return {};
  }
  const [periods] = await rideResults(ride, auth.user.id);
  const quotes = upgradeQuotes(periodsOf(periods!), now);
  const offers: UpgradeOffers = {};
  for (const [planId, quote] of Object.entries(quotes)) {
    offers[planId as keyof UpgradeOffers] = {
      creditPaise: quote.creditPaise,
      unusedDays: quote.unusedDays,
      fromPlanName: getPlan(quote.fromPlanId).name,
    };
  }
  return offers;
}

/**
 * One form, three buttons: Apply (validates the code for the chosen plan),
 * Remove, and Subscribe (prices on the server, reserves the code, creates the
 * provider's order and answers with Checkout's options and the hosted-checkout
 * form). Works as a plain form post; the page uses it through fetchers with
 * JavaScript on.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await getAuth(request, context);
  if (!auth) throw redirect(loginPathFor("/plans"), 303);
  const form = await request.formData().catch(() => null);
  const { intent, planId, promoCode } = plansFormSchema.parse({
    intent: form?.get("intent"),
    planId: form?.get("planId"),
    promoCode: form?.get("promoCode"),
  });
  const base: PlansActionData = {
    intent,
    planId,
    promoCode,
    promo: null,
    notice: null,
    checkout: null,
  };
  const reply = (answer: Partial<PlansActionData>, status = 200) =>
    data<PlansActionData>({ ...base, ...answer }, { status });
  const deps = paymentDeps(context);

  if (intent === "remove-promo") {
    return reply({ promoCode: "", notice: PLANS_NOTICES.removed });
  }

  if (intent === "apply-promo") {
    if (!promoCode) return reply({ notice: PLANS_NOTICES.enterCode }, 400);
    if (!planId) return reply({ notice: PLANS_NOTICES.selectPlanForPromo }, 400);
    if (!PROMO_CODE_PATTERN.test(promoCode)) return reply({ notice: invalidPromoNotice() }, 400);
    const applied = await validatePromo(deps, { code: promoCode, planId, userId: auth.user.id });
    if (!applied.ok) return reply({ notice: invalidPromoNotice(applied.message) }, 400);
    return reply({
      promoCode: applied.code,
      promo: {
        code: applied.code,
        planId,
        discountPercentage: applied.discountPercentage,
        pricing: applied.pricing,
      },
      notice: {
        tone: "success",
        title: "Promo Code Applied",
        message: `${formatPercent(applied.discountPercentage)} off: you save ${formatRupees(applied.pricing.savingsPaise)}.`,
      },
    });
  }

  // Subscribe.
  if (!planId) return reply({ notice: PLANS_NOTICES.selectPlan }, 400);
  const config = checkoutConfig(context.payments);
  if (!config.ready) return reply({ notice: PLANS_NOTICES.configError }, 503);
  if (promoCode && !PROMO_CODE_PATTERN.test(promoCode)) {
    return reply({ notice: invalidPromoNotice() }, 400);
  }
  const created = await createOrder(deps, auth.user, { planId, promoCode: promoCode || null });
  if (!created.ok) {
    const promoProblem =
      promoCode &&
      (created.status === 400 ||
        (created.status === 409 && created.message !== PAYMENT_MESSAGES.initFailed));
    const notice = promoProblem
      ? invalidPromoNotice(created.message)
      : created.status === 503
        ? PLANS_NOTICES.configError
        : PLANS_NOTICES.setupFailed;
    return reply({ notice }, created.status === 503 ? 503 : created.status === 502 ? 502 : 400);
  }
  const appliedCode = created.promo?.code ?? null;
  if (created.kind === "free") {
    return redirectWithToast(
      paymentSuccessPath({ planId, promoCode: appliedCode, status: "success" }),
      {
        type: "success",
        title: PAYMENT_TITLES.activated,
        description: `Your promo code covered the full price of the ${getPlan(planId).name} plan.`,
      },
      context.env,
      { status: 303 },
    );
  }
  const origin = new URL(request.url).origin;
  return reply({
    promoCode: appliedCode ?? "",
    checkout: {
      planId,
      button: created.button,
      pricing: created.pricing,
      promo: created.promo,
      hosted: hostedCheckoutFor(context.payments!, created.button, origin, {
        planId,
        promoCode: appliedCode,
      }),
    },
  });
}

export default function Plans() {
  const { checkout, returnTo, initialPlan, upgrades } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? ANONYMOUS;
  const subscription =
    viewer.status === "authenticated" && viewer.access.type === "subscription"
      ? viewer.access.subscription
      : null;

  // Without JavaScript, Subscribe answers with the hosted-checkout step: one more click to pay.
  if (actionData?.checkout) {
    return (
      <>
        <PageHeader eyebrow="Plans" title="Choose your plan" />
        <HostedCheckoutStepView step={actionData.checkout} testMode={checkout.testMode} />
      </>
    );
  }

  return (
    <>
      <PageHeader eyebrow="Plans" title="Choose your plan">
        <p>
          Every plan includes unlimited AI mentor chat, clinical quizzes and flashcards. Pick the
          period that fits your exams; you pay once and nothing renews automatically.
        </p>
      </PageHeader>
      {subscription ? <CurrentPlan subscription={subscription} returnTo={returnTo} /> : null}
      {viewer.status === "anonymous" ? (
        <VisitorPlans />
      ) : (
        <CheckoutForm
          config={checkout}
          actionData={actionData ?? null}
          initialPlan={initialPlan}
          renewal={subscription}
          upgrades={upgrades}
        />
      )}
      <PlanNotes />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
