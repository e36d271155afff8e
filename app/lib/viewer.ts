/**
 * The "viewer": who is looking at the page and what they may use, computed once
 * per request by the root loader and read by the navigation bar, the home page
 * and every guarded screen.
 */
import type { FeatureKey } from "./features";
import type { PlanId } from "./plans";
import type { TodaysPlan } from "./study-plan";

export type ViewerUser = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: "learner" | "admin";
};

export type ViewerSubscription = {
  planId: PlanId;
  planName: string;
  /** ISO date-time the access ends. */
  endDate: string;
  daysRemaining: number;
  /** "cancelled" still runs to endDate. */
  status: "active" | "cancelled";
};

export type ViewerTrial = {
  totalUsed: number;
  totalLimit: number;
  daysRemaining: number;
  percentageUsed: number;
  remaining: Record<FeatureKey, number>;
};

export type ViewerAccess =
  | { type: "subscription"; subscription: ViewerSubscription }
  | { type: "trial"; trial: ViewerTrial }
  | { type: "none" };

/** Today's study-plan tasks, for learners whose plan includes the planner and who have a plan. */
export type ViewerToday = { total: number; done: number };

export type Viewer =
  | { status: "anonymous" }
  | {
      status: "authenticated";
      user: ViewerUser;
      access: ViewerAccess;
      /** Null without the planner or without tasks today. */
      today?: ViewerToday | null;
      /** Today's study plan (the home page's list); null without the planner or a plan. */
      todayPlan?: TodaysPlan | null;
    };

export const ANONYMOUS: Viewer = { status: "anonymous" };

export function hasAccess(viewer: Viewer): boolean {
  return viewer.status === "authenticated" && viewer.access.type !== "none";
}

export function isSubscriber(viewer: Viewer): boolean {
  return viewer.status === "authenticated" && viewer.access.type === "subscription";
}
