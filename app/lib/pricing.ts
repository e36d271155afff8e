/**
 * What a plan costs with a discount code, in integer paise (docs/decisions/017-money-and-promo-codes.md).
 * Shared by the server (which decides) and the plans page (which shows the
 * server's answer and never computes a price it sends).
 */
import { getPlan, type PlanId } from "./plans";

/** Razorpay's smallest charge: ₹1. */
export const MINIMUM_CHARGE_PAISE = 100;

/** The discount tiers the admin dashboard offers, in basis points (99.97 % = 9997). */
export const DISCOUNT_TIERS_BASIS_POINTS = [1000, 2000, 3000, 4000, 9997] as const;
const FULL_DISCOUNT_BASIS_POINTS = 10_000;

export type Pricing = {
  originalPaise: number;
  /** What is charged: 0 only when a 100 % code or an upgrade's credit covers the price. */
  amountPaise: number;
  /** The promo code's discount. */
  savingsPaise: number;
  /** An upgrade's credit for the unused part of the current plan, taken off after the discount. */
  creditPaise: number;
};

/**
 * The price after a discount: rounded to whole paise; a result between 0 and
 * ₹1 is charged ₹1 (the provider's minimum); only a full discount is free.
 */
export function priceFor(planId: PlanId, discountBasisPoints = 0): Pricing {
  if (
    !Number.isSafeInteger(discountBasisPoints) ||
    discountBasisPoints < 0 ||
    discountBasisPoints > FULL_DISCOUNT_BASIS_POINTS
  ) {
    throw new RangeError("discount must be 0 to 10000 basis points");
  }
  const originalPaise = getPlan(planId).pricePaise;
  const discounted = Math.round(
    (originalPaise * (FULL_DISCOUNT_BASIS_POINTS - discountBasisPoints)) /
      FULL_DISCOUNT_BASIS_POINTS,
  );
  const amountPaise = discounted === 0 ? 0 : Math.max(discounted, MINIMUM_CHARGE_PAISE);
  return { originalPaise, amountPaise, savingsPaise: originalPaise - amountPaise, creditPaise: 0 };
}

/**
 * The price with an upgrade's credit taken off the discounted price; the
 * credit never exceeds that price (a fully covered upgrade is free) and a
 * remainder under ₹1 is charged ₹1.
 */
export function withCredit(pricing: Pricing, creditPaise: number): Pricing {
  const credit = Math.max(0, Math.min(Math.floor(creditPaise), pricing.amountPaise));
  const left = pricing.amountPaise - credit;
  const amountPaise = left === 0 ? 0 : Math.max(left, MINIMUM_CHARGE_PAISE);
  return { ...pricing, amountPaise, creditPaise: pricing.amountPaise - amountPaise };
}

/** 9997 → 99.97; 1000 → 10. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** 99.97 → 9997; rejects anything finer than hundredths of a percent. */
export function percentToBasisPoints(percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (Math.abs(basisPoints - percent * 100) > 1e-6)
    throw new RangeError("percent has more than two decimals");
  return basisPoints;
}

/** Codes are compared upper-case and trimmed, as the promo box shows them. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

/** The server's answers when a code does not apply (toast title 'Invalid Promo Code'). */
export const PROMO_MESSAGES = {
  notValid: "The promo code you entered is not valid.",
  inactive: "This promo code is no longer active.",
  expired: "This promo code has expired.",
  usedUp: "This promo code has reached its usage limit.",
  alreadyUsed: "You have already used this promo code.",
  enterCode: "Please enter a promo code to validate.",
  selectPlan: "Please select a plan first to apply promo code.",
  tooManyGuesses: "Too many promo codes tried. Please wait a few minutes and try again.",
} as const;
