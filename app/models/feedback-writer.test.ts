/**
 * The rules' feedback, checked by hand against a progress view written out
 * in full: the figures taken from it unchanged, every sentence, the three
 * tasks; and the check on the model's wording (numbers it may use).
 */
import { describe, expect, it } from "vitest";
import type { FeedbackFigures } from "~/lib/feedback";
import type { ProgressView, WeekPoint } from "~/lib/progress";
import {
  acceptModelFeedback,
  chooseTasks,
  feedbackFigures,
  feedbackPrompt,
  writeRulesFeedback,
} from "./feedback-writer";
import { taskPriority } from "./study-plan-rebalance";

const week = (start: string, answered: number, correct: number): WeekPoint => ({
  start,
  answered,
  correct,
  accuracy: answered > 0 ? correct / answered : null,
});
const emptyWeeks = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    week(`2026-09-${String(index + 1).padStart(2, "0")}`, 0, 0),
  );

function view(overrides: Partial<ProgressView> = {}): ProgressView {
  return {
    asOf: "2026-11-25",
    exam: {
      id: "neet-pg",
      name: "NEET-PG",
      questions: 200,
      markingLabel: "+4 / −1 / 0",
      secondsPerQuestion: 63,
      source: "default",
    },
    totals: {
      answered: 60,
      correct: 36,
      accuracy: 0.6,
      timed: 60,
      averageSeconds: 55,
      subjects: 2,
      topics: 2,
    },
    weekly: {
      overall: [...emptyWeeks(10), week("2026-11-16", 20, 10), week("2026-11-23", 40, 26)],
      bySubject: [
        {
          subject: "Medicine",
          answered: 40,
          correct: 28,
          accuracy: 0.7,
          weeks: [...emptyWeeks(10), week("2026-11-16", 10, 7), week("2026-11-23", 30, 21)],
        },
        {
          subject: "Pathology",
          answered: 20,
          correct: 8,
          accuracy: 0.4,
          weeks: [...emptyWeeks(10), week("2026-11-16", 10, 3), week("2026-11-23", 10, 5)],
        },
        {
          subject: "Anatomy",
          answered: 0,
          correct: 0,
          accuracy: null,
          weeks: emptyWeeks(12),
        },
      ],
    },
    subjects: [
      {
        subject: "Medicine",
        answered: 40,
        correct: 28,
        accuracy: 0.7,
        timed: 40,
        averageSeconds: 70,
        topics: 1,
        examQuestions: 30,
      },
      {
        subject: "Pathology",
        answered: 20,
        correct: 8,
        accuracy: 0.4,
        timed: 20,
        averageSeconds: 45,
        topics: 1,
        examQuestions: 14,
      },
    ],
    topics: [],
    notStarted: ["Anatomy"],
    errorLog: {
      wrong: 24,
      tagged: 10,
      untagged: 14,
      byMistake: [
        { mistake: "didnt-know", count: 6 },
        { mistake: "misread", count: 3 },
        { mistake: "slip", count: 1 },
        { mistake: "guessed", count: 0 },
      ],
    },
    flashcards: { reviews: 50, matureReviews: 20, retention: 0.9, dueToday: 12, dueNextWeek: 30 },
    weakTopics: [
      {
        subject: "Pathology",
        topic: "Inflammation",
        answered: 20,
        accuracy: 0.4,
        marksAtStake: 3.24,
      },
      { subject: "Medicine", topic: "Cardiology", answered: 40, accuracy: 0.7, marksAtStake: 1.96 },
    ],
    readiness: { state: "not-enough", answered: 60, needed: 50 },
    mocks: [],
    cases: [],
    ...overrides,
  };
}

const activity = {
  practiceTests: 2,
  mockExams: 1,
  quizzes: 0,
  simulations: 0,
  flashcardReviews: 34,
};

describe("feedback figures", () => {
  it("takes the figures from the progress view unchanged, this week and last from its weekly series", () => {
    const source = view();
    const figures = feedbackFigures(source, activity);
    expect(figures.weekStart).toBe("2026-11-23");
    expect(figures.thisWeek).toBe(source.weekly.overall[11]);
    expect(figures.lastWeek).toBe(source.weekly.overall[10]);
    expect(figures.weekBySubject).toEqual([
      { subject: "Medicine", answered: 30, correct: 21, accuracy: 0.7 },
      { subject: "Pathology", answered: 10, correct: 5, accuracy: 0.5 },
    ]);
    expect(figures.weakTopics).toBe(source.weakTopics);
    expect(figures.errorLog).toBe(source.errorLog);
    expect(figures.slowSubjects).toEqual([{ subject: "Medicine", averageSeconds: 70, timed: 40 }]);
    // Medicine and Pathology both have 12 wrong: the name breaks the tie.
    expect(figures.mostWrong).toEqual({
      subject: "Medicine",
      answered: 40,
      correct: 28,
      accuracy: 0.7,
    });
    expect(figures.flashcardsDue).toBe(12);
    expect(figures.totals).toEqual({
      answered: 60,
      correct: 36,
      accuracy: 0.6,
      averageSeconds: 55,
    });
  });
});

describe("the rules' feedback", () => {
  it("words every section from the figures, as /progress writes them", () => {
    const body = writeRulesFeedback(feedbackFigures(view(), activity));
    expect(body.headline).toBe(
      "This week: 40 answers at 65% accuracy, against 20 answers at 50% last week.",
    );
    expect(body.practised).toBe(
      "You answered questions in 2 subjects this week: Medicine 30 (70%) and Pathology 10 (50%). You finished 2 practice tests and 1 mock exam, and made 34 flashcard reviews.",
    );
    expect(body.subjects).toBe(
      "For NEET-PG, most marks are at stake in Pathology · Inflammation (3.2 marks at stake, 40% over 20 answers) and Medicine · Cardiology (2 marks at stake, 70% over 40 answers). Not started yet: Anatomy.",
    );
    expect(body.errors).toBe(
      "Of your 24 wrong answers, 10 are tagged: Didn't know it 6, Misread the question 3 and Silly slip 1. Most were gaps in knowledge: read the explanations and revise the topic before testing it again. 14 are not tagged yet.",
    );
    expect(body.timing).toBe(
      "You average 55 s a question; NEET-PG allows 63 s. Slower than that: Medicine (70 s).",
    );
  });

  it("chooses three tasks: the most marks at stake, the most wrong answers, the exam's pace", () => {
    const tasks = chooseTasks(feedbackFigures(view(), activity));
    expect(tasks).toEqual([
      {
        kind: "practice",
        subject: "Pathology",
        topic: "Inflammation",
        questionCount: 20,
        minutes: 30,
        label: "20-question practice test on Pathology · Inflammation",
        why: "The most marks at stake: 3.2 marks at stake in NEET-PG, at 40% over 20 answers.",
      },
      {
        kind: "revision",
        subject: "Medicine",
        topic: null,
        questionCount: 12,
        minutes: 18,
        label: "Revise 12 questions you got wrong in Medicine",
        why: "12 wrong answers in Medicine, more than in any other subject: go over why each was wrong.",
      },
      {
        kind: "mock",
        subject: null,
        topic: null,
        questionCount: 20,
        minutes: 21,
        label: "20-question timed paper at NEET-PG pace",
        why: "You average 70 s a question in Medicine; NEET-PG allows 63 s. Practise at the exam's pace.",
      },
    ]);
  });

  it("still gives three different tasks with little to go on, and says what is missing", () => {
    const figures = feedbackFigures(
      view({
        totals: {
          answered: 3,
          correct: 3,
          accuracy: 1,
          timed: 0,
          averageSeconds: null,
          subjects: 1,
          topics: 1,
        },
        weekly: { overall: emptyWeeks(12), bySubject: [] },
        subjects: [],
        weakTopics: [],
        notStarted: ["Medicine", "Surgery"],
        errorLog: { wrong: 0, tagged: 0, untagged: 0, byMistake: [] },
        flashcards: { reviews: 0, matureReviews: 0, retention: null, dueToday: 0, dueNextWeek: 0 },
      }),
      { practiceTests: 0, mockExams: 0, quizzes: 0, simulations: 0, flashcardReviews: 0 },
    );
    const body = writeRulesFeedback(figures);
    expect(body.tasks.map((task) => task.label)).toEqual([
      "20-question practice test on Medicine",
      "20-question practice test on Surgery",
      "20-question practice test across your subjects",
    ]);
    expect(body.headline).toBe("No answers in the last two weeks; 3 answers in all at 100%.");
    expect(body.practised).toBe(
      "You answered no questions this week. No practice tests, mock exams or flashcard reviews this week.",
    );
    expect(body.errors).toBe("No wrong answers yet: nothing is being lost to mistakes.");
    expect(body.timing).toMatch(/^None of your answers was timed yet/);
    expect(body.subjects).toBe(
      "There are not enough answers in NEET-PG's subjects yet to say where marks are lost. Not started yet: Medicine and Surgery.",
    );
  });
});

describe("the model's wording", () => {
  const figures: FeedbackFigures = feedbackFigures(view(), activity);
  const draft = writeRulesFeedback(figures);
  const prompt = feedbackPrompt(figures, draft);
  const reply = {
    headline: "A strong week: 40 answers at 65%, up from 50%.",
    practised: "Medicine led with 30 answers at 70%.",
    subjects: "Pathology · Inflammation holds 3.2 marks at stake.",
    errors: "6 of your tagged mistakes were gaps in knowledge.",
    timing: "Medicine runs at 70 s against 63 s.",
    reasons: ["Inflammation first.", "Clear the 12 wrong ones.", "Pace yourself."],
  };

  it("takes the model's words and keeps the rules' tasks", () => {
    const body = acceptModelFeedback(reply, prompt, draft)!;
    expect(body.headline).toBe(reply.headline);
    expect(body.tasks.map((task) => task.label)).toEqual(draft.tasks.map((task) => task.label));
    expect(body.tasks.map((task) => task.why)).toEqual(reply.reasons);
  });

  it("refuses a reply with a number the summary does not hold", () => {
    expect(acceptModelFeedback({ ...reply, errors: "7 were gaps." }, prompt, draft)).toBeNull();
    expect(
      acceptModelFeedback({ ...reply, timing: "You lose 3.5 marks to time." }, prompt, draft),
    ).toBeNull();
  });

  it("sends the figures and the draft, not the view's raw lists", () => {
    const summary = JSON.parse(prompt.slice(prompt.indexOf("{"))) as Record<string, unknown>;
    expect(summary.thisWeek).toEqual({ answers: 40, accuracy: "65%" });
    expect(summary.tasks).toEqual(draft.tasks.map((task) => task.label));
    expect(prompt).not.toContain("topics");
  });
});

describe("tasks from feedback in the planner", () => {
  it("outrank every planned kind but flashcards, so a rebalance moves them first and never displaces them", () => {
    const shares = new Map([["Medicine", 0.3]]);
    const feedback = taskPriority(
      { kind: "practice", subject: "Medicine", origin: "feedback" },
      shares,
    );
    const revision = taskPriority({ kind: "revision", subject: "Medicine", origin: null }, shares);
    expect(feedback).toBeGreaterThan(revision);
    expect(
      taskPriority({ kind: "flashcards", subject: null, origin: null }, shares),
    ).toBeGreaterThan(feedback);
  });
});
