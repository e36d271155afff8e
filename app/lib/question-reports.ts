/**
 * What a learner can say is wrong with a question (the report form and the
 * admin's review queue share these).
 */
export const REPORT_REASONS = ["wrong-key", "unclear", "outdated", "typo"] as const;

export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  "wrong-key": "The marked answer is wrong",
  unclear: "The question is unclear or has two right answers",
  outdated: "It follows outdated guidance",
  typo: "A typo or a formatting problem",
};
