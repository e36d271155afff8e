/**
 * Features sold with a plan rather than metered per use (PLANS.md): which plan
 * first includes each, where it lives and what its upgrade view says. The
 * server decides access (app/models/plan-access.server.ts); a learner without
 * the plan sees what the feature does and Buy Now with that plan chosen.
 */
import type { PlanId } from "./plans";

export const PLAN_FEATURE_KEYS = [
  "practiceTests",
  "progressAnalytics",
  "studyPlanner",
  "mockExams",
  "caseStudies",
  "mentorFeedback",
] as const;
export type PlanFeatureKey = (typeof PLAN_FEATURE_KEYS)[number];

export type PlanFeature = {
  key: PlanFeatureKey;
  /** The lowest plan that includes it; every plan above includes it too. */
  plan: Extract<PlanId, "plus" | "pro">;
  name: string;
  path: string;
  /** One line on what it does, for the upgrade view, menus and the features page. */
  summary: string;
  /** The API's 403 message for a learner whose plan does not include it. */
  refusal: string;
};

export const PLAN_FEATURES: Readonly<Record<PlanFeatureKey, PlanFeature>> = {
  practiceTests: {
    key: "practiceTests",
    plan: "plus",
    name: "Practice tests",
    path: "/practice",
    summary:
      "Build a test from the question pool by subject, topic, difficulty and what you got wrong or marked, in tutor or timed mode, marked the way your exam is.",
    refusal: "Practice tests are part of the Plus and Pro plans. Upgrade to Plus to build one.",
  },
  progressAnalytics: {
    key: "progressAnalytics",
    plan: "plus",
    name: "Progress analytics",
    path: "/progress",
    summary:
      "Accuracy and speed by subject and topic over time, your error log and flashcard retention, and the topics where the most marks are at stake.",
    refusal: "Progress analytics is part of the Plus and Pro plans. Upgrade to Plus to see it.",
  },
  studyPlanner: {
    key: "studyPlanner",
    plan: "plus",
    name: "Study planner",
    path: "/planner",
    summary:
      "A day-by-day plan to your exam date, weighted by the exam and your weak subjects, that rebalances itself when you miss a day. With Pro, its weekly paper is a mock exam.",
    refusal: "The study planner is part of the Plus and Pro plans. Upgrade to Plus to use it.",
  },
  mockExams: {
    key: "mockExams",
    plan: "pro",
    name: "Mock exams",
    path: "/mock-exams",
    summary: "Full-length NEET-PG, INI-CET and FMGE papers, timed and marked like the real exam.",
    refusal: "Mock exams are part of the Pro plan. Upgrade to Pro to take one.",
  },
  caseStudies: {
    key: "caseStudies",
    plan: "pro",
    name: "Case studies",
    path: "/case-studies",
    summary: "Virtual patients who unfold as you take the history, examine and investigate.",
    refusal: "Case studies are part of the Pro plan. Upgrade to Pro to work one.",
  },
  mentorFeedback: {
    key: "mentorFeedback",
    plan: "pro",
    name: "AI mentor feedback",
    path: "/feedback",
    summary: "Written feedback on your week from your own data, with three things to do next.",
    refusal: "AI mentor feedback is part of the Pro plan. Upgrade to Pro to get it.",
  },
};

const PLAN_RANK: Record<PlanId, number> = { starter: 0, plus: 1, pro: 2 };

/** Whether a subscription to `planId` includes the feature (null: no plan). */
export function planIncludes(planId: PlanId | null, feature: PlanFeatureKey): boolean {
  return planId !== null && PLAN_RANK[planId] >= PLAN_RANK[PLAN_FEATURES[feature].plan];
}

/** Where Buy Now goes: the plans page with the feature's plan chosen. */
export function upgradePath(feature: PlanFeatureKey): string {
  return `/plans?plan=${PLAN_FEATURES[feature].plan}`;
}
