/**
 * The plans page's one form (plan, promo code, and which button was pressed),
 * what its action answers, and the messages for it.
 * The action reads the form with `plansFormSchema`; the page checks the same
 * things first with JavaScript on, so the toast shows without a round trip.
 */
import type { PaymentButton } from "~/lib/payment-button";
import { PAYMENT_MESSAGES, PAYMENT_TITLES } from "~/lib/payment-messages";
import { isPlanId, type PlanId } from "~/lib/plans";
import { normalizePromoCode, PROMO_MESSAGES, type Pricing } from "~/lib/pricing";

export const PLANS_INTENTS = ["apply-promo", "remove-promo", "subscribe"] as const;
export type PlansIntent = (typeof PLANS_INTENTS)[number];

/**
 * Reads the form's three values the way the action needs them: an unknown
 * button counts as Apply, an unknown plan as none, a code is normalised and
 * capped at 64 characters. Plain code, not a zod schema: the page's browser
 * bundle imports this module and stays without zod
 * (docs/decisions/027-client-validation-weight.md).
 */
export const plansFormSchema = {
  parse(input: { intent: unknown; planId: unknown; promoCode: unknown }): {
    intent: PlansIntent;
    planId: PlanId | null;
    promoCode: string;
  } {
    const intent = PLANS_INTENTS.find((known) => known === input.intent) ?? "apply-promo";
    return {
      intent,
      planId: isPlanId(input.planId) ? input.planId : null,
      promoCode:
        typeof input.promoCode === "string" ? normalizePromoCode(input.promoCode).slice(0, 64) : "",
    };
  },
};

export type Notice = { tone: "error" | "success" | "info"; title: string; message: string };

/** A code the server validated for a plan, with the server's prices (paise). */
export type AppliedPromo = {
  code: string;
  planId: PlanId;
  discountPercentage: number;
  pricing: Pricing;
};

/** What upgrading to a plan now would credit, by plan (only plans above the one running). */
export type UpgradeOffers = Partial<
  Record<PlanId, { creditPaise: number; unusedDays: number; fromPlanName: string }>
>;

export type HostedCheckoutStep = {
  planId: PlanId;
  button: PaymentButton;
  pricing: Pricing;
  promo: { code: string; discountPercentage: number } | null;
  hosted: { url: string; fields: Array<[string, string]> };
};

export type PlansActionData = {
  intent: PlansIntent;
  planId: PlanId | null;
  promoCode: string;
  promo: AppliedPromo | null;
  notice: Notice | null;
  checkout: HostedCheckoutStep | null;
};

export const PLANS_NOTICES = {
  enterCode: { tone: "error", title: "Enter Promo Code", message: PROMO_MESSAGES.enterCode },
  selectPlanForPromo: { tone: "error", title: "Select a Plan", message: PROMO_MESSAGES.selectPlan },
  selectPlan: { tone: "error", title: "Select a Plan", message: PAYMENT_MESSAGES.selectPlan },
  removed: {
    tone: "info",
    title: "Promo Code Removed",
    message: "You will pay the plan's full price.",
  },
  configError: {
    tone: "error",
    title: PAYMENT_TITLES.configError,
    message: PAYMENT_MESSAGES.configError,
  },
  setupFailed: {
    tone: "error",
    title: PAYMENT_TITLES.setupFailed,
    message: PAYMENT_MESSAGES.initFailed,
  },
  failed: { tone: "error", title: PAYMENT_TITLES.failed, message: PAYMENT_MESSAGES.notProcessed },
  cancelled: {
    tone: "info",
    title: PAYMENT_TITLES.cancelled,
    message: PAYMENT_MESSAGES.cancelledByUser,
  },
} as const satisfies Record<string, Notice>;

export function invalidPromoNotice(message?: string | null): Notice {
  return {
    tone: "error",
    title: "Invalid Promo Code",
    message: message || PROMO_MESSAGES.notValid,
  };
}

/** 20 → "20%"; 99.97 → "99.97%". */
export function formatPercent(percent: number): string {
  return `${Number.isInteger(percent) ? percent : percent.toFixed(2).replace(/0+$/, "")}%`;
}
