import { useFetcher, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { paymentSuccessPath } from "~/lib/payment-paths";
import type { PlanId } from "~/lib/plans";
import { CheckoutScriptError, loadCheckoutScript } from "./checkout-script";
import {
  PLANS_NOTICES,
  type HostedCheckoutStep,
  type Notice,
  type PlansActionData,
} from "./plans-form";

/**
 * idle → ordering (the server creates the order; the script loads alongside)
 * → loading (the script, if still on its way) → open (Checkout's window)
 * → confirming (the signed result is being verified) → the success page.
 */
export type CheckoutPhase = "idle" | "ordering" | "loading" | "open" | "confirming";

const THEME_COLOR = "#0f766e";

/**
 * Closing Checkout closes the order on the server too, so its promo use is
 * free for others at once (a lost request only means the hold lapses later).
 */
function releaseOrder(orderId: string) {
  fetch("/api/payments/order/cancel", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ orderId }),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * Subscribe with JavaScript on: the server creates the order
 * while the checkout script loads; Checkout opens for that order; its signed
 * result is posted to /payment-success, which verifies it on the server and
 * shows the plan. Failure, dismissal and a blocked script each end in a
 * message (through `notify`, a state setter of the page), and the page is
 * usable again.
 */
export function useCheckout({
  scriptUrl,
  notify,
}: {
  scriptUrl: string | null;
  notify: (notice: Notice) => void;
}) {
  const fetcher = useFetcher<PlansActionData>({ key: "plans-subscribe" });
  const submit = useSubmit();
  const navigation = useNavigation();
  const [phase, setPhase] = useState<CheckoutPhase>("idle");
  const [step, setStep] = useState<HostedCheckoutStep | null>(null);
  const [blockedMessage, setBlockedMessage] = useState<string | null>(null);
  const [seenAnswer, setSeenAnswer] = useState<PlansActionData | undefined>(undefined);
  const [navigated, setNavigated] = useState(false);
  const notifyRef = useRef(notify);
  useEffect(() => {
    notifyRef.current = notify;
  });

  // The server's answer to Subscribe: an order to pay, or why not.
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  if (phase === "ordering" && answer && answer !== seenAnswer) {
    setSeenAnswer(answer);
    if (answer.checkout) {
      setStep(answer.checkout);
      setPhase("loading");
    } else {
      setPhase("idle");
      notify({ ...(answer.notice ?? PLANS_NOTICES.setupFailed) });
    }
  }

  // Confirming ends with a navigation; if it lands back on this page (a refused payment), stop waiting.
  if (phase === "confirming") {
    if (navigation.state !== "idle" && !navigated) setNavigated(true);
    if (navigation.state === "idle" && navigated) {
      setNavigated(false);
      setPhase("idle");
    }
  }

  // Open Checkout for the order once its script is here.
  useEffect(() => {
    if (phase !== "loading" || !step || !scriptUrl) return;
    let current = true;
    loadCheckoutScript(scriptUrl).then(
      (Razorpay) => {
        if (!current) return;
        let finished = false;
        try {
          const checkout = new Razorpay({
            key: step.button.key,
            amount: step.button.amount,
            currency: step.button.currency,
            name: step.button.name,
            description: step.button.description,
            order_id: step.button.id,
            prefill: step.button.prefill,
            notes: step.button.notes,
            theme: { color: THEME_COLOR },
            handler: (response) => {
              finished = true;
              setPhase("confirming");
              submit(
                {
                  razorpay_payment_id: response.razorpay_payment_id,
                  razorpay_order_id: response.razorpay_order_id,
                  razorpay_signature: response.razorpay_signature,
                },
                {
                  method: "post",
                  action: paymentSuccessPath({ planId: step.planId, promoCode: step.promo?.code }),
                  replace: true,
                },
              );
            },
            modal: {
              ondismiss: () => {
                if (finished) return;
                finished = true;
                setPhase("idle");
                releaseOrder(step.button.id);
                notifyRef.current({ ...PLANS_NOTICES.cancelled });
              },
            },
          });
          // Checkout keeps its window open after a failed attempt so the learner can pay again there.
          checkout.on("payment.failed", () => notifyRef.current({ ...PLANS_NOTICES.failed }));
          checkout.open();
          setPhase("open");
        } catch (error) {
          console.error("checkout: could not open", error);
          setPhase("idle");
          notifyRef.current({
            tone: "error",
            title: PLANS_NOTICES.failed.title,
            message: PAYMENT_MESSAGES.initFailed,
          });
        }
      },
      (error: unknown) => {
        if (!current) return;
        const message =
          error instanceof CheckoutScriptError && error.problem === "timeout"
            ? PAYMENT_MESSAGES.gatewayLoadFailed
            : PAYMENT_MESSAGES.adBlocked;
        setPhase("idle");
        setBlockedMessage(message);
        notifyRef.current({ tone: "error", title: "Payment Gateway Issue", message });
      },
    );
    return () => {
      current = false;
    };
  }, [phase, step, scriptUrl, submit]);

  function start(planId: PlanId, promoCode: string) {
    if (phase !== "idle") return;
    if (!scriptUrl) {
      notify({ ...PLANS_NOTICES.configError });
      return;
    }
    setPhase("ordering");
    setBlockedMessage(null);
    // Fetch the script while the server creates the order.
    if (scriptUrl) loadCheckoutScript(scriptUrl).catch(() => undefined);
    fetcher.submit(
      { intent: "subscribe", planId, promoCode },
      { method: "post", action: "/plans" },
    );
  }

  /** Retry Payment: the order is still valid, so only the script is fetched again. */
  function retry() {
    setBlockedMessage(null);
    if (step) setPhase("loading");
  }

  function closeBlocked() {
    setBlockedMessage(null);
  }

  return { phase, start, blockedMessage, retry, closeBlocked };
}
