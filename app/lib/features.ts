/** Feature keys as the spec names them; usage is metered per key. */
export const FEATURE_KEYS = [
  "chatMessages",
  "clinicalQuizzes",
  "flashcards",
  "clinicalSimulations",
] as const;
export type FeatureKey = (typeof FEATURE_KEYS)[number];

export const FEATURE_LABELS: Record<FeatureKey, string> = {
  chatMessages: "AI mentor chat",
  clinicalQuizzes: "Clinical quizzes",
  flashcards: "Flashcards",
  clinicalSimulations: "Clinical simulations",
};

/** Trial allowances: 5 uses per feature, 20 in all, for 30 days. */
export const TRIAL = {
  totalUses: 20,
  usesPerFeature: 5,
  days: 30,
} as const;
