/**
 * What a guarded learning screen (/chatbot, /clinical-quizzes,
 * /clinical-simulations, /flashcards) knows about the viewer's access to its
 * feature, as the server decided it, and the wording the screens use for it.
 */
import { type FeatureKey, TRIAL } from "./features";
import { UNLIMITED } from "./plans";

/** Why a trial no longer gives access. */
export type TrialEnded = {
  reason: "expired" | "exhausted";
  /** ISO date-time the trial's 30 days ran out. */
  endsAt: string;
  totalUsed: number;
  totalLimit: number;
};

export type FeatureScreenAccess =
  /** Neither a subscription nor an active trial: the Choose Your Plan card. */
  | { state: "no-access"; trialEnded: TrialEnded | null }
  /** Access, but this feature's allowance is used up: the limit banner with the server's message. */
  | {
      state: "limit-reached";
      accessType: "trial" | "subscription";
      message: string;
      used: number;
      limit: number;
    }
  | {
      state: "allowed";
      accessType: "trial";
      used: number;
      limit: number;
      /** Uses left for this feature (the trial's overall 20 counted in). */
      remaining: number;
      daysRemaining: number;
    }
  | {
      state: "allowed";
      accessType: "subscription";
      planName: string;
      /** Uses this week, when the plan limits them (null, and limit and remaining -1, when not). */
      used: number | null;
      limit: number;
      remaining: number;
    };

const FEATURE_NOUNS: Record<FeatureKey, { one: string; many: string }> = {
  chatMessages: { one: "chat message", many: "chat messages" },
  clinicalQuizzes: { one: "clinical quiz", many: "clinical quizzes" },
  flashcards: { one: "flashcard", many: "flashcards" },
  clinicalSimulations: { one: "clinical simulation", many: "clinical simulations" },
};

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

export function daysLeftText(days: number): string {
  return days <= 0 ? "Ends today" : `${plural(days, "day", "days")} left`;
}

/** The one-line summary under a screen's heading, for a viewer who may use the feature. */
export function allowanceText(
  feature: FeatureKey,
  access: Extract<FeatureScreenAccess, { state: "allowed" }>,
): string {
  const noun = FEATURE_NOUNS[feature];
  if (access.accessType === "trial") {
    return `Free trial: ${access.remaining} of ${access.limit} ${noun.many} left`;
  }
  if (access.limit === UNLIMITED) {
    const many = noun.many.charAt(0).toUpperCase() + noun.many.slice(1);
    return `${many} are unlimited on your ${access.planName} plan`;
  }
  return `${access.planName} plan: ${access.remaining} of ${access.limit} ${noun.many} left this week`;
}

const endDateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** The explanation the Choose Your Plan card gives a learner whose trial has ended. */
export function trialEndedText(trial: TrialEnded): string {
  if (trial.reason === "expired") {
    return `Your ${TRIAL.days}-day free trial ended on ${endDateFormat.format(new Date(trial.endsAt))}.`;
  }
  return `You have used all ${trial.totalLimit} free trial uses.`;
}
