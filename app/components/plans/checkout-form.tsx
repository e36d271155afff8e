import { Form, useFetcher } from "@remix-run/react";
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { showToastMessage } from "~/components/ui/toaster";
import { getPlan, PLANS, type PlanId } from "~/lib/plans";
import type { ViewerSubscription } from "~/lib/viewer";
import { OrderSummary } from "./order-summary";
import { PaymentOverlay } from "./payment-overlay";
import { PlanOption } from "./plan-option";
import {
  PLANS_NOTICES,
  type AppliedPromo,
  type Notice,
  type PlansActionData,
  type PlansIntent,
  type UpgradeOffers,
} from "./plans-form";
import { PromoBox } from "./promo-box";
import { useCheckout } from "./use-checkout";

// Radix stays out of the page's first download; the dialog is needed only when checkout is blocked.
const GatewayBlockedDialog = lazy(() => import("./gateway-blocked-dialog"));

type CheckoutConfig = { ready: boolean; testMode: boolean; scriptUrl?: string };

function toast(notice: Notice) {
  showToastMessage({
    type: notice.tone === "error" ? "error" : notice.tone === "success" ? "success" : "info",
    title: notice.title,
    description: notice.message,
  });
}

/**
 * Choose a plan, apply a promo code, subscribe. One form that works as plain
 * posts without JavaScript (the server answers each button); with JavaScript
 * the same checks run first in the page, the server is asked through fetchers
 * and Checkout opens in place.
 */
export function CheckoutForm({
  config,
  actionData,
  initialPlan,
  renewal,
  upgrades,
}: {
  config: CheckoutConfig;
  actionData: PlansActionData | null;
  initialPlan: PlanId | null;
  renewal: ViewerSubscription | null;
  upgrades: UpgradeOffers;
}) {
  const hydrated = useHydrated();
  const [planId, setPlanId] = useState<PlanId | null>(actionData?.planId ?? initialPlan);
  const [code, setCode] = useState(actionData?.promoCode ?? "");
  const [applied, setApplied] = useState<AppliedPromo | null>(actionData?.promo ?? null);
  const fromServer = (intents: PlansIntent[]) =>
    actionData && intents.includes(actionData.intent) ? actionData.notice : null;
  // Messages that arrive with a server-rendered page (no JavaScript) are announced inline as
  // alerts; every later one is a new object, shown inline and announced as a toast.
  const [initialPromoNotice] = useState(() => fromServer(["apply-promo", "remove-promo"]));
  const [initialCheckoutNotice] = useState(
    () => fromServer(["subscribe"]) ?? (config.ready ? null : PLANS_NOTICES.configError),
  );
  const [promoNotice, setPromoNotice] = useState<Notice | null>(initialPromoNotice);
  const [checkoutNotice, setCheckoutNotice] = useState<Notice | null>(initialCheckoutNotice);

  const formRef = useRef<HTMLFormElement>(null);
  const promoRef = useRef<HTMLInputElement>(null);
  const subscribeRef = useRef<HTMLButtonElement>(null);

  const promoFetcher = useFetcher<PlansActionData>({ key: "plans-promo" });
  const applying = promoFetcher.state !== "idle";
  const [promoRequest, setPromoRequest] = useState<PlanId | null>(null);
  const [seenPromoAnswer, setSeenPromoAnswer] = useState<PlansActionData | undefined>(undefined);

  const checkout = useCheckout({
    scriptUrl: config.ready ? (config.scriptUrl ?? null) : null,
    notify: setCheckoutNotice,
  });

  // The server's answer to Apply, unless the plan changed while the code was being checked.
  const promoAnswer = promoFetcher.state === "idle" ? promoFetcher.data : undefined;
  if (promoAnswer && promoAnswer !== seenPromoAnswer) {
    setSeenPromoAnswer(promoAnswer);
    if (promoRequest && promoAnswer.planId === promoRequest && promoRequest === planId) {
      setApplied(promoAnswer.promo);
      if (promoAnswer.promo) setCode(promoAnswer.promo.code);
      if (promoAnswer.notice) setPromoNotice({ ...promoAnswer.notice });
    }
    setPromoRequest(null);
  }

  useEffect(() => {
    if (promoNotice && promoNotice !== initialPromoNotice) toast(promoNotice);
  }, [promoNotice, initialPromoNotice]);
  useEffect(() => {
    if (checkoutNotice && checkoutNotice !== initialCheckoutNotice) toast(checkoutNotice);
  }, [checkoutNotice, initialCheckoutNotice]);
  // The configuration check at load also shows as a toast once the page runs.
  useEffect(() => {
    if (!config.ready) toast(PLANS_NOTICES.configError);
  }, [config.ready]);

  function selectPlan(next: PlanId) {
    if (next === planId) return;
    setPlanId(next);
    setPromoRequest(null);
    if (applied || code) {
      // Choosing another plan clears the promo code.
      setApplied(null);
      setCode("");
      setPromoNotice({
        tone: "info",
        title: "Promo code cleared",
        message: "Choosing another plan clears the promo code. Apply it again for this plan.",
      });
    }
    setCheckoutNotice((notice) => (notice?.title === "Select a Plan" ? null : notice));
  }

  function applyPromo() {
    if (applying) return;
    const trimmed = code.trim();
    if (!trimmed) {
      setPromoNotice({ ...PLANS_NOTICES.enterCode });
      promoRef.current?.focus();
      return;
    }
    if (!planId) {
      setPromoNotice({ ...PLANS_NOTICES.selectPlanForPromo });
      focusPlans();
      return;
    }
    setPromoRequest(planId);
    promoFetcher.submit(
      { intent: "apply-promo", planId, promoCode: trimmed },
      { method: "post", action: "/plans" },
    );
  }

  function removePromo() {
    setApplied(null);
    setCode("");
    setPromoRequest(null);
    setPromoNotice({ ...PLANS_NOTICES.removed });
    promoRef.current?.focus();
  }

  function subscribe() {
    if (!config.ready) {
      setCheckoutNotice({ ...PLANS_NOTICES.configError });
      return;
    }
    if (!planId) {
      setCheckoutNotice({ ...PLANS_NOTICES.selectPlan });
      focusPlans();
      return;
    }
    setCheckoutNotice(null);
    checkout.start(planId, code.trim());
  }

  function focusPlans() {
    formRef.current?.querySelector<HTMLInputElement>('input[name="planId"]')?.focus();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const intent = submitter instanceof HTMLButtonElement ? submitter.value : "apply-promo";
    if (intent === "subscribe") subscribe();
    else if (intent === "remove-promo") removePromo();
    else applyPromo();
  }

  const plan = planId ? getPlan(planId) : null;
  const busy = checkout.phase !== "idle";

  return (
    <Form
      ref={formRef}
      method="post"
      action="/plans"
      onSubmit={onSubmit}
      aria-label="Choose a plan and pay"
      className="py-12 sm:py-16"
    >
      <fieldset className="mx-auto max-w-6xl px-4 sm:px-6">
        <legend className="mb-10 text-lg font-semibold text-slate-900">
          {renewal ? "Add time or upgrade" : "Choose a plan"}
        </legend>
        <ul className="grid gap-6 md:grid-cols-3 md:gap-8">
          {PLANS.map((option) => (
            <PlanOption
              key={option.id}
              plan={option}
              checked={planId === option.id}
              onSelect={selectPlan}
            />
          ))}
        </ul>
      </fieldset>
      <div className="mx-auto mt-10 grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2 md:gap-8">
        <PromoBox
          code={code}
          onCodeChange={setCode}
          applied={applied && applied.planId === planId ? applied : null}
          notice={promoNotice}
          applying={applying}
          announce={promoNotice !== null && promoNotice === initialPromoNotice}
          inputRef={promoRef}
        />
        <OrderSummary
          plan={plan}
          applied={applied}
          notice={checkoutNotice}
          announce={checkoutNotice !== null && checkoutNotice === initialCheckoutNotice}
          ready={config.ready}
          busy={busy}
          testMode={config.testMode}
          renewal={renewal}
          upgrade={planId ? (upgrades[planId] ?? null) : null}
          subscribeRef={subscribeRef}
        />
      </div>
      {hydrated ? <PaymentOverlay phase={checkout.phase} /> : null}
      {checkout.blockedMessage ? (
        <Suspense fallback={null}>
          <GatewayBlockedDialog
            message={checkout.blockedMessage}
            onRetry={checkout.retry}
            onClose={checkout.closeBlocked}
          />
        </Suspense>
      ) : null}
    </Form>
  );
}
