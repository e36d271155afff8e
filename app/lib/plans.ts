/**
 * The plan catalogue: the one source for every screen and rule that shows or
 * prices a plan. Money is integer paise; -1 means unlimited.
 */
export const UNLIMITED = -1;

export const PLAN_IDS = ["starter", "plus", "pro"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export type PlanFeatureKey =
  | "chat"
  | "quizzes"
  | "flashcards"
  | "limited_simulations"
  | "simulations"
  | "analytics"
  | "planner"
  | "unlimited_simulations"
  | "case_studies"
  | "mock_exams"
  | "ai_mentor"
  | "priority_support";

export type Plan = {
  id: PlanId;
  name: string;
  durationMonths: number;
  /** As shown on the cards: "1 month", "6 months", "12 months". */
  duration: string;
  pricePaise: number;
  /** Clinical simulations per week; UNLIMITED (-1) for no limit. */
  simulationsPerWeek: number;
  mostPopular: boolean;
  tagline: string;
  featureKeys: readonly PlanFeatureKey[];
  /** What the plan card lists, in order. */
  highlights: readonly string[];
};

export const PLANS: readonly Plan[] = [
  {
    id: "starter",
    name: "Starter",
    durationMonths: 1,
    duration: "1 month",
    pricePaise: 49_900,
    simulationsPerWeek: 2,
    mostPopular: false,
    tagline: "Try the full mentor for a month.",
    featureKeys: ["chat", "quizzes", "flashcards", "limited_simulations"],
    highlights: [
      "Full AI mentor chat",
      "Clinical quizzes",
      "Flashcards",
      "2 clinical simulations a week",
    ],
  },
  {
    id: "plus",
    name: "Plus",
    durationMonths: 6,
    duration: "6 months",
    pricePaise: 249_900,
    simulationsPerWeek: 5,
    mostPopular: true,
    tagline: "A full semester of steady practice.",
    featureKeys: ["chat", "quizzes", "flashcards", "simulations", "analytics", "planner"],
    highlights: [
      "Everything in Starter",
      "5 clinical simulations a week",
      "Advanced quiz sets: practice tests by subject and topic, tutor or timed",
      "Progress analytics: accuracy, weak topics and exam readiness",
      "Study planner: a day-by-day plan to your exam date",
    ],
  },
  {
    id: "pro",
    name: "Pro",
    durationMonths: 12,
    duration: "12 months",
    pricePaise: 449_900,
    simulationsPerWeek: UNLIMITED,
    mostPopular: false,
    tagline: "A year of everything, through exams and internship.",
    featureKeys: [
      "chat",
      "quizzes",
      "flashcards",
      "unlimited_simulations",
      "case_studies",
      "mock_exams",
      "ai_mentor",
      "priority_support",
    ],
    highlights: [
      "Everything in Plus",
      "Unlimited clinical simulations",
      "Exclusive case studies",
      "Mock exams",
      "AI mentor feedback",
      "Priority support",
    ],
  },
];

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}

/**
 * True when buying `to` while `from` runs is an upgrade (a plan higher up the
 * catalogue): it starts at once and the unused part of `from` is credited.
 * The same plan or a lower one is added after the current plan ends.
 */
export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from);
}

export function getPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
}

const wholeRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 49900 → "₹499"; 12345 → "₹123.45"; 49980 → "₹499.80". */
export function formatRupees(paise: number): string {
  return paise % 100 === 0 ? wholeRupees.format(paise / 100) : rupeesAndPaise.format(paise / 100);
}

/** Price per month, rounded to whole rupees, for the cards' comparison line. */
export function monthlyPricePaise(plan: Plan): number {
  return Math.round(plan.pricePaise / plan.durationMonths / 100) * 100;
}
