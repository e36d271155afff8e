/**
 * The spec's usage and access messages, in one place.
 * Which one a screen or API answer carries is decided in
 * app/models/usage.server.ts (docs/decisions/016-access-rules.md).
 */
import type { FeatureKey } from "./features";

export { NO_ACCESS_MESSAGE } from "./access";

/** Creating without a subscription or trial. The limit banner shows Buy Now for it. */
export const BUY_SUBSCRIPTION_MESSAGE = "Buy Subscription to access this feature";

/** A subscriber's weekly simulation allowance is used up (both limited plans reset weekly). */
export const WEEK_FULL_MESSAGE = "This week's usage is full, try again next week.";

/** A subscription tracking failure does not block the subscriber. */
export const TRACKING_FAILED_MESSAGE = "Subscription access granted (tracking failed)";

const LIMIT_NOUN: Record<FeatureKey, string> = {
  chatMessages: "Chat",
  clinicalSimulations: "Simulation",
  clinicalQuizzes: "Quiz",
  flashcards: "Flashcard",
};

const TRIAL_NAME: Record<FeatureKey, string> = {
  chatMessages: "chat messages",
  clinicalQuizzes: "clinical quizzes",
  flashcards: "flashcards",
  clinicalSimulations: "clinical simulations",
};

/** 'Chat limit exceeded. Current usage: {n}/{limit}' and its siblings. */
export function limitExceededMessage(feature: FeatureKey, used: number, limit: number): string {
  return `${LIMIT_NOUN[feature]} limit exceeded. Current usage: ${used}/${limit}`;
}

/** 'Trial usage exhausted for {feature}. Please upgrade to continue.' */
export function trialExhaustedMessage(feature: FeatureKey): string {
  return `Trial usage exhausted for ${TRIAL_NAME[feature]}. Please upgrade to continue.`;
}

/** What the limit banner shows for a message. */
export function limitBannerKind(message: string): {
  resets: "weekly" | "monthly" | null;
} {
  return {
    resets: message.includes("week") ? "weekly" : message.includes("month") ? "monthly" : null,
  };
}
