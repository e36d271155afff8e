/**
 * A learner's plan and trial as the account page and the API describe them:
 * the subscription covering now, and the free trial with its uses per
 * feature. Which one gives access, and the counts, are decided in
 * app/models/usage.server.ts (docs/decisions/016-access-rules.md).
 */
import type { FeatureKey } from "./features";
import type { PlanId } from "./plans";

export type TrialSummary = {
  isActive: boolean;
  isExpired: boolean;
  isExhausted: boolean;
  startedAt: string;
  endsAt: string;
  /** When it stopped applying: its end, or the first plan bought before then. */
  closesAt: string;
  daysRemaining: number;
  totalUsed: number;
  totalLimit: number;
  percentageUsed: number;
  features: Record<FeatureKey, { used: number; limit: number; remaining: number }>;
};

export type SubscriptionSummary = {
  id: string;
  planId: PlanId;
  planName: string;
  /** "cancelled" still runs to endDate. */
  status: "active" | "cancelled";
  startDate: string;
  endDate: string;
  daysRemaining: number;
};
