/**
 * Who may start, resume, retake or retest a quiz or simulation, and what a
 * refusal says (docs/decisions/023-quiz-and-simulation-attempts.md). Starting
 * (and resuming a generation that gave its use back) reserves one use of the
 * kind's feature in the learner's usage object; a refusal carries the
 * screens' wording: 'Buy Subscription to access this feature' with no plan or
 * trial, shown as 'Access Denied', or the trial's or the week's limit
 * message, shown as 'Limit Reached'. A retake or retest costs no use but
 * still needs a plan or a trial still running.
 */
import { ASSESSMENT_FEATURE, ASSESSMENT_MESSAGES, type AssessmentKind } from "~/lib/assessments";
import { BUY_SUBSCRIPTION_MESSAGE } from "~/lib/usage-messages";
import type { AssessmentDeps } from "./assessment-store.server";
import { loadAccessRecord } from "./subscription.server";
import {
  reserveUse,
  type UseDenied,
  type UseGranted,
  subscriberKeepsAccessIfMeterFails,
} from "./usage.server";

export type UsageCounts = {
  accessType: "subscription" | "trial";
  used: number;
  limit: number;
  remaining: number;
};

/** Why a start (or a resumed generation, or a retake) was refused, as the screens show it. */
export type AccessRefusal = {
  /** `none`: no plan or trial ('Access Denied'); `limit`: the trial's or the week's uses are spent ('Limit Reached'). */
  reason: "none" | "limit";
  title: string;
  message: string;
  denial: UseDenied | null;
};

function refusalOf(denial: UseDenied): AccessRefusal {
  const none = denial.reason === "none";
  return {
    reason: none ? "none" : "limit",
    title: none ? ASSESSMENT_MESSAGES.accessDeniedTitle : ASSESSMENT_MESSAGES.limitTitle,
    message: denial.screenMessage,
    denial,
  };
}

export const NO_ACCESS_REFUSAL: AccessRefusal = {
  reason: "none",
  title: ASSESSMENT_MESSAGES.accessDeniedTitle,
  message: BUY_SUBSCRIPTION_MESSAGE,
  denial: null,
};

export function usageOf(granted: UseGranted): UsageCounts {
  return {
    accessType: granted.accessType,
    used: granted.used,
    limit: granted.limit,
    remaining: granted.remaining,
  };
}

export type Reserved =
  { ok: true; granted: UseGranted | null } | { ok: false; refusal: AccessRefusal };

/**
 * One use of the kind's feature, reserved under `key`. When the usage object
 * cannot be reached a subscriber keeps access without a reservation
 * ('Subscription access granted (tracking failed)'); anyone else's failure is thrown.
 */
export async function reserveAttemptUse(
  deps: AssessmentDeps,
  userId: string,
  kind: AssessmentKind,
  key: string,
): Promise<Reserved> {
  return subscriberKeepsAccessIfMeterFails(
    deps,
    userId,
    async (): Promise<Reserved> => {
      const reserved = await reserveUse(deps.usage, userId, ASSESSMENT_FEATURE[kind], key);
      return reserved.ok
        ? { ok: true, granted: reserved }
        : { ok: false, refusal: refusalOf(reserved) };
    },
    (): Reserved => ({ ok: true, granted: null }),
  );
}

/** The access guard without counting a use: a plan, or a trial still running. */
export async function holdsAccess(deps: AssessmentDeps, userId: string): Promise<boolean> {
  const now = deps.now();
  const record = await loadAccessRecord(deps.db, userId, now);
  return Boolean(record.subscription || (record.trial && record.trial.endsAt.getTime() > now));
}
