/**
 * AI mentor feedback (Pro, /feedback and /api/feedback): the shapes a report
 * is stored and shown in, the limits, and the words the page and the API use
 * (docs/decisions/045-mentor-feedback.md). The figures are taken from the
 * progress view unchanged (app/models/feedback.server.ts), so every number in
 * a report is the number /progress shows.
 */
import { z } from "zod";
import type { Accuracy, ProgressView, Readiness, WeakTopic, WeekPoint } from "./progress";
import type { PlanTaskKind } from "./study-plan";

export const FEEDBACK_PATH = "/feedback";

export const FEEDBACK_LIMITS = {
  /** Reports on demand per learner per India day (the weekly one does not count). */
  onDemandPerDay: 3,
  /** Reports the list shows, newest first. */
  listed: 60,
  /** Questions in a practice test or timed paper a report suggests. */
  questions: 20,
  /** Timed answers a subject needs before its pace is judged. */
  minTimed: 5,
} as const;

export const FEEDBACK_KINDS = ["weekly", "on-demand"] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];
export type FeedbackAuthor = "ai" | "rules";

/**
 * What a report is written from: figures of the learner's /progress view,
 * picked unchanged, and this week's sittings from the answer log. Nothing
 * personal and no single answer.
 */
export type FeedbackFigures = {
  asOf: string;
  /** The India Monday the week starts. */
  weekStart: string;
  exam: Pick<ProgressView["exam"], "id" | "name" | "secondsPerQuestion">;
  totals: Accuracy & { averageSeconds: number | null };
  /** The last two points of /progress's weekly series. */
  thisWeek: WeekPoint;
  lastWeek: WeekPoint;
  /** This week's point of each subject's weekly series, subjects with answers this week. */
  weekBySubject: Array<Accuracy & { subject: string }>;
  /** Tests this week (distinct sittings in the answer log) and flashcard reviews this week. */
  activity: {
    practiceTests: number;
    mockExams: number;
    quizzes: number;
    simulations: number;
    flashcardReviews: number;
  };
  weakTopics: WeakTopic[];
  errorLog: ProgressView["errorLog"];
  /** Subjects (with enough timed answers) slower than the exam's pace, slowest first. */
  slowSubjects: Array<{ subject: string; averageSeconds: number; timed: number }>;
  /** The subject with the most wrong answers (null with none wrong). */
  mostWrong: (Accuracy & { subject: string }) | null;
  flashcardsDue: number;
  readiness: Readiness;
  notStarted: string[];
};

/** One of the three things to do this week: what the planner gets, and why. */
export type FeedbackTask = {
  kind: PlanTaskKind;
  subject: string | null;
  topic: string | null;
  questionCount: number | null;
  minutes: number;
  /** "20-question practice test on Medicine · Cardiology". */
  label: string;
  why: string;
};

export type FeedbackBody = {
  headline: string;
  practised: string;
  subjects: string;
  errors: string;
  timing: string;
  tasks: FeedbackTask[];
};

export type FeedbackSummary = {
  id: string;
  kind: FeedbackKind;
  period: string;
  author: FeedbackAuthor;
  headline: string;
  createdAt: number;
};

export type FeedbackReport = FeedbackSummary & {
  figures: FeedbackFigures;
  body: FeedbackBody;
};

/** Where a report's task stands in the planner (null: not added). */
export type FeedbackTaskState = { added: boolean; day: string | null; done: boolean };

export const FEEDBACK_MESSAGES = {
  notFound: "Feedback not found",
  invalidId: "Invalid feedback ID.",
  taskInvalid: "task must be 0, 1 or 2.",
  rateLimited: `You have asked for feedback ${FEEDBACK_LIMITS.onDemandPerDay} times today, the most a day. Your weekly feedback comes every Monday; you can ask again tomorrow.`,
  noAnswers:
    "There is nothing to give feedback on yet: answer some questions first (a practice test, a quiz or a mock exam).",
  noPlan: "You have no study plan yet. Make one on the planner first, then add this task to it.",
  noStudyDay:
    "Your study plan has no study day left before the exam. Update your plan on the planner to add tasks.",
  taskAdded: (day: string, today: string) =>
    day === today ? "Added to today's plan." : `Added to your plan for ${day}.`,
  taskExists: "Already in your study plan.",
  created: "Your feedback is ready.",
  loadFailed: "Failed to load your feedback",
  createFailed: "Your feedback could not be written. Please try again.",
  addFailed: "The task could not be added. Please try again.",
} as const;

export const feedbackPath = (id: string) => `${FEEDBACK_PATH}/${id}`;

const REPORT_ID = /^[0-9a-f]{32}$/;
export const isFeedbackId = (value: unknown): value is string =>
  typeof value === "string" && REPORT_ID.test(value);

/** The add-to-planner form (page) and body (API): which of the three tasks. */
export const addFeedbackTaskSchema = z.object({
  task: z.preprocess(
    (value) => (typeof value === "string" && value.trim() !== "" ? Number(value) : value),
    z
      .number({ error: FEEDBACK_MESSAGES.taskInvalid })
      .int(FEEDBACK_MESSAGES.taskInvalid)
      .min(0, FEEDBACK_MESSAGES.taskInvalid)
      .max(2, FEEDBACK_MESSAGES.taskInvalid),
  ),
});

export const FEEDBACK_KIND_LABELS: Readonly<Record<FeedbackKind, string>> = {
  weekly: "Weekly feedback",
  "on-demand": "Feedback on demand",
};
