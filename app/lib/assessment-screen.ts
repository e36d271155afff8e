/**
 * What the /clinical-quizzes and /clinical-simulations pages show: the
 * attempt's header, the past attempts list and, for the page's address, the
 * setup form, one question, the results, or why there is nothing to show.
 * Made by app/routes/assessment-screen.server.ts, drawn by
 * app/components/assessment.
 */
import type { AttemptOrigin, AttemptResults, AttemptStatus } from "./assessment-attempts";
import type { AssessmentItemView } from "./assessments";

/** An attempt's header as the screens show it (no items). */
export type AttemptHeading = {
  id: string;
  topic: string;
  requestedCount: number;
  itemCount: number;
  answeredCount: number;
  status: AttemptStatus;
  shortfall: string | null;
  origin: AttemptOrigin;
};

export type PastAttempt = AttemptHeading & {
  score: number | null;
  percentage: number | null;
  /** "12 Mar 2026", in India's time zone. */
  date: string;
  /** Where opening it leads: its results, or the first question left to answer. */
  href: string;
};

export type AssessmentScreenView =
  | { view: "setup"; showForm: boolean }
  | {
      view: "question";
      attempt: AttemptHeading;
      index: number;
      /** null while this question is still being generated. */
      item: AssessmentItemView | null;
      choice: number | null;
      isLast: boolean;
    }
  | { view: "results"; attempt: AttemptHeading; results: AttemptResults }
  | { view: "failed"; message: string }
  | { view: "missing"; message: string };
