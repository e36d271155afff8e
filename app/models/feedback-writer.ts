/**
 * Writing mentor feedback, as pure functions (docs/decisions/045-mentor-feedback.md):
 *
 * - `feedbackFigures` picks the report's figures out of the learner's
 *   /progress view unchanged (this week and last week are the last two points
 *   of its weekly series), so no figure is calculated twice;
 * - `chooseTasks` picks the three things to do this week by rule, always
 *   three, always from the figures: the topic with the most marks at stake,
 *   the wrong answers of the subject with the most, a timed paper when a
 *   subject is slower than the exam's pace, then flashcards due, the next
 *   weak topics, subjects not started and a mixed test;
 * - `writeRulesFeedback` words the whole report from the figures;
 * - `feedbackPrompt` is the compact summary the model gets (figures rounded
 *   as the page shows them, the rules' draft, the tasks; nothing personal, no
 *   single answer), and `acceptModelFeedback` takes the model's wording only
 *   when every number in it is one the summary holds; the tasks stay the
 *   rules' own, the model words only why.
 */
import { z } from "zod";
import type { FeedbackBody, FeedbackFigures, FeedbackTask } from "~/lib/feedback";
import { FEEDBACK_LIMITS } from "~/lib/feedback";
import {
  type Accuracy,
  MISTAKE_LABELS,
  type MistakeKind,
  percent,
  type ProgressView,
} from "~/lib/progress";
import { PLANNING, flashcardMinutes } from "./study-plan-schedule";

export type WeekActivity = FeedbackFigures["activity"];

/** The report's figures: parts of the /progress view as they are, and this week's sittings. */
export function feedbackFigures(view: ProgressView, activity: WeekActivity): FeedbackFigures {
  const weeks = view.weekly.overall;
  const thisWeek = weeks.at(-1)!;
  const { id, name, secondsPerQuestion } = view.exam;
  return {
    asOf: view.asOf,
    weekStart: thisWeek.start,
    exam: { id, name, secondsPerQuestion },
    totals: {
      answered: view.totals.answered,
      correct: view.totals.correct,
      accuracy: view.totals.accuracy,
      averageSeconds: view.totals.averageSeconds,
    },
    thisWeek,
    lastWeek: weeks.at(-2)!,
    weekBySubject: view.weekly.bySubject.flatMap((series) => {
      const week = series.weeks.at(-1)!;
      return week.answered > 0
        ? [
            {
              subject: series.subject,
              answered: week.answered,
              correct: week.correct,
              accuracy: week.accuracy,
            },
          ]
        : [];
    }),
    activity,
    weakTopics: view.weakTopics,
    errorLog: view.errorLog,
    slowSubjects: view.subjects
      .flatMap((row) =>
        row.averageSeconds !== null &&
        row.timed >= FEEDBACK_LIMITS.minTimed &&
        row.averageSeconds > secondsPerQuestion
          ? [{ subject: row.subject, averageSeconds: row.averageSeconds, timed: row.timed }]
          : [],
      )
      .sort((a, b) => b.averageSeconds - a.averageSeconds || a.subject.localeCompare(b.subject)),
    mostWrong:
      view.subjects
        .filter((row) => row.answered > row.correct)
        .map(({ subject, answered, correct, accuracy }) => ({
          subject,
          answered,
          correct,
          accuracy,
        }))
        .sort(
          (a, b) =>
            b.answered - b.correct - (a.answered - a.correct) || a.subject.localeCompare(b.subject),
        )[0] ?? null,
    flashcardsDue: view.flashcards.dueToday,
    readiness: view.readiness,
    notStarted: view.notStarted,
  };
}

// ---------------------------------------------------------------------------
// Numbers as /progress writes them.

const COUNT = new Intl.NumberFormat("en-IN");
const secondsText = (value: number) => `${Math.round(value)} s`;
const marksText = (value: number) => String(Math.round(value * 10) / 10);
const plural = (value: number, one: string, many = `${one}s`) =>
  `${COUNT.format(value)} ${value === 1 ? one : many}`;
const wrongOf = (row: Accuracy) => row.answered - row.correct;

function listing(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

// ---------------------------------------------------------------------------
// The three tasks.

function task(
  figures: FeedbackFigures,
  kind: FeedbackTask["kind"],
  subject: string | null,
  topic: string | null,
  questionCount: number,
  why: string,
): FeedbackTask {
  const n = questionCount;
  const exam = figures.exam.name;
  const label =
    kind === "flashcards"
      ? `Review your ${plural(n, "flashcard")} due`
      : kind === "mock"
        ? `${n}-question timed paper at ${exam} pace`
        : kind === "revision"
          ? `Revise ${plural(n, "question")} you got wrong in ${subject}`
          : subject === null
            ? `${n}-question practice test across your subjects`
            : `${n}-question practice test on ${subject}${topic ? ` · ${topic}` : ""}`;
  const minutes =
    kind === "flashcards"
      ? flashcardMinutes(n, 120)
      : kind === "mock"
        ? Math.ceil((n * figures.exam.secondsPerQuestion) / 60)
        : Math.ceil(n * PLANNING.minutesPerQuestion);
  return { kind, subject, topic, questionCount: n, minutes, label, why };
}

/** The three things to do this week, by rule, most marks first; always three, never the same twice. */
export function chooseTasks(figures: FeedbackFigures): FeedbackTask[] {
  const n = FEEDBACK_LIMITS.questions;
  const exam = figures.exam.name;
  const candidates: FeedbackTask[] = [];
  const [first, ...moreTopics] = figures.weakTopics;
  const topicTask = (weak: (typeof figures.weakTopics)[number], why: string) =>
    task(figures, "practice", weak.subject, weak.topic, n, why);
  const stake = (weak: (typeof figures.weakTopics)[number]) =>
    `${marksText(weak.marksAtStake)} marks at stake in ${exam}, at ${percent(weak.accuracy)} over ${plural(weak.answered, "answer")}.`;
  if (first) candidates.push(topicTask(first, `The most marks at stake: ${stake(first)}`));
  if (figures.mostWrong) {
    const wrong = wrongOf(figures.mostWrong);
    candidates.push(
      task(
        figures,
        "revision",
        figures.mostWrong.subject,
        null,
        Math.min(n, wrong),
        `${plural(wrong, "wrong answer")} in ${figures.mostWrong.subject}, more than in any other subject: go over why each was wrong.`,
      ),
    );
  }
  const slow = figures.slowSubjects[0];
  if (slow) {
    candidates.push(
      task(
        figures,
        "mock",
        null,
        null,
        n,
        `You average ${secondsText(slow.averageSeconds)} a question in ${slow.subject}; ${exam} allows ${figures.exam.secondsPerQuestion} s. Practise at the exam's pace.`,
      ),
    );
  }
  if (figures.flashcardsDue > 0) {
    candidates.push(
      task(
        figures,
        "flashcards",
        null,
        null,
        figures.flashcardsDue,
        `${plural(figures.flashcardsDue, "card is", "cards are")} due today: reviews on time keep them in memory.`,
      ),
    );
  }
  for (const weak of moreTopics)
    candidates.push(topicTask(weak, `Next most marks at stake: ${stake(weak)}`));
  for (const subject of figures.notStarted) {
    candidates.push(
      task(
        figures,
        "practice",
        subject,
        null,
        n,
        `You have not answered any ${subject} questions yet, and ${exam} asks them.`,
      ),
    );
  }
  candidates.push(
    task(figures, "practice", null, null, n, "A mixed test keeps every subject fresh."),
    task(figures, "mock", null, null, n, `A timed paper keeps you at ${exam}'s pace.`),
  );
  const seen = new Set<string>();
  const tasks: FeedbackTask[] = [];
  for (const candidate of candidates) {
    const key = `${candidate.kind}|${candidate.subject}|${candidate.topic}`;
    if (seen.has(key)) continue;
    seen.add(key);
    tasks.push(candidate);
    if (tasks.length === 3) break;
  }
  return tasks;
}

// ---------------------------------------------------------------------------
// The rules' words.

const MISTAKE_ADVICE: Readonly<Record<MistakeKind, string>> = {
  "didnt-know":
    "Most were gaps in knowledge: read the explanations and revise the topic before testing it again.",
  misread:
    "Most were misreadings: read the last line of the stem first and underline what is asked.",
  slip: "Most were slips: check the option you chose against the stem before moving on.",
  guessed: "Most were guesses: rule out the options you can and review the topics you guessed on.",
};

function headline(figures: FeedbackFigures): string {
  const { thisWeek, lastWeek, totals } = figures;
  const last =
    lastWeek.answered > 0
      ? `${plural(lastWeek.answered, "answer")} at ${percent(lastWeek.accuracy)} last week`
      : "none last week";
  if (thisWeek.answered > 0) {
    return `This week: ${plural(thisWeek.answered, "answer")} at ${percent(thisWeek.accuracy)} accuracy, against ${last}.`;
  }
  return lastWeek.answered > 0
    ? `No answers yet this week, against ${last}.`
    : `No answers in the last two weeks; ${plural(totals.answered, "answer")} in all at ${percent(totals.accuracy)}.`;
}

function practised(figures: FeedbackFigures): string {
  const subjects = figures.weekBySubject;
  const shown = subjects
    .slice(0, 4)
    .map((row) => `${row.subject} ${COUNT.format(row.answered)} (${percent(row.accuracy)})`);
  if (subjects.length > 4) shown.push(plural(subjects.length - 4, "more subject"));
  const answers =
    subjects.length > 0
      ? `You answered questions in ${plural(subjects.length, "subject")} this week: ${listing(shown)}.`
      : "You answered no questions this week.";
  const { practiceTests, mockExams, quizzes, simulations, flashcardReviews } = figures.activity;
  const sittings = [
    practiceTests > 0 ? plural(practiceTests, "practice test") : null,
    mockExams > 0 ? plural(mockExams, "mock exam") : null,
    quizzes > 0 ? plural(quizzes, "quiz", "quizzes") : null,
    simulations > 0 ? plural(simulations, "clinical simulation") : null,
  ].filter((item): item is string => item !== null);
  const reviews = plural(flashcardReviews, "flashcard review");
  if (sittings.length === 0) {
    return flashcardReviews > 0
      ? `${answers} You made ${reviews}.`
      : `${answers} No practice tests, mock exams or flashcard reviews this week.`;
  }
  return `${answers} You finished ${listing(sittings)}${flashcardReviews > 0 ? `, and made ${reviews}` : ""}.`;
}

function subjectsText(figures: FeedbackFigures): string {
  const exam = figures.exam.name;
  const weak = figures.weakTopics
    .slice(0, 3)
    .map(
      (row) =>
        `${row.subject} · ${row.topic} (${marksText(row.marksAtStake)} marks at stake, ${percent(row.accuracy)} over ${plural(row.answered, "answer")})`,
    );
  const notStarted =
    figures.notStarted.length > 0
      ? ` Not started yet: ${listing(figures.notStarted.slice(0, 3))}${figures.notStarted.length > 3 ? ` and ${plural(figures.notStarted.length - 3, "more subject")}` : ""}.`
      : "";
  return weak.length > 0
    ? `For ${exam}, most marks are at stake in ${listing(weak)}.${notStarted}`
    : `There are not enough answers in ${exam}'s subjects yet to say where marks are lost.${notStarted}`;
}

function errorsText(figures: FeedbackFigures): string {
  const { wrong, tagged, untagged, byMistake } = figures.errorLog;
  if (wrong === 0) return "No wrong answers yet: nothing is being lost to mistakes.";
  if (tagged === 0) {
    return `None of your ${plural(wrong, "wrong answer")} is tagged with why you missed it. Tag them in a test's review to see whether it is knowledge, reading or guessing.`;
  }
  const kinds = byMistake.filter((row) => row.count > 0).sort((a, b) => b.count - a.count);
  const counts = kinds.map((row) => `${MISTAKE_LABELS[row.mistake]} ${COUNT.format(row.count)}`);
  const untaggedText = untagged > 0 ? ` ${COUNT.format(untagged)} are not tagged yet.` : "";
  return `Of your ${plural(wrong, "wrong answer")}, ${COUNT.format(tagged)} are tagged: ${listing(counts)}. ${MISTAKE_ADVICE[kinds[0]!.mistake]}${untaggedText}`;
}

function timingText(figures: FeedbackFigures): string {
  const { averageSeconds } = figures.totals;
  const { name, secondsPerQuestion } = figures.exam;
  if (averageSeconds === null) {
    return `None of your answers was timed yet: a timed test shows whether you keep to ${name}'s pace of ${secondsPerQuestion} s a question.`;
  }
  const slow = figures.slowSubjects
    .slice(0, 3)
    .map((row) => `${row.subject} (${secondsText(row.averageSeconds)})`);
  return `You average ${secondsText(averageSeconds)} a question; ${name} allows ${secondsPerQuestion} s. ${
    slow.length > 0
      ? `Slower than that: ${listing(slow)}.`
      : "Every subject you have timed is within that pace."
  }`;
}

/** The whole report in the rules' words. */
export function writeRulesFeedback(figures: FeedbackFigures): FeedbackBody {
  return {
    headline: headline(figures),
    practised: practised(figures),
    subjects: subjectsText(figures),
    errors: errorsText(figures),
    timing: timingText(figures),
    tasks: chooseTasks(figures),
  };
}

// ---------------------------------------------------------------------------
// The model's wording.

export const FEEDBACK_SYSTEM_PROMPT = `You are MedMentor's study mentor for a medical learner in India preparing for NEET-PG, INI-CET or FMGE.
You write short, warm, specific weekly feedback from a summary of the learner's own figures.
Rules:
- Use only the figures in the summary, written exactly as they appear there. Never invent, round differently or compute a new number.
- Write in the second person, plainly, with no greeting, no sign-off, no markdown.
- headline: one sentence. practised, subjects, errors, timing: two or three sentences each, about what the summary says on that point.
- reasons: one sentence for each of the three tasks, in the order given, saying why it is worth doing this week. Do not change or add tasks.
- The draft is a correct plain version; improve its wording and advice, keep its facts.`;

/** What the model must answer. */
export const modelFeedbackSchema = z.object({
  headline: z.string().trim().min(1).max(300),
  practised: z.string().trim().min(1).max(700),
  subjects: z.string().trim().min(1).max(700),
  errors: z.string().trim().min(1).max(700),
  timing: z.string().trim().min(1).max(700),
  reasons: z.array(z.string().trim().min(1).max(300)).length(3),
});
export type ModelFeedback = z.infer<typeof modelFeedbackSchema>;

/**
 * The compact summary the model writes from: the figures as the page writes
 * them (percentages, seconds, marks), the rules' draft and the three tasks.
 */
export function feedbackPrompt(figures: FeedbackFigures, draft: FeedbackBody): string {
  const pct = (value: number | null) => (value === null ? null : percent(value));
  const summary = {
    exam: figures.exam.name,
    examSecondsPerQuestion: figures.exam.secondsPerQuestion,
    thisWeek: { answers: figures.thisWeek.answered, accuracy: pct(figures.thisWeek.accuracy) },
    lastWeek: { answers: figures.lastWeek.answered, accuracy: pct(figures.lastWeek.accuracy) },
    allTime: { answers: figures.totals.answered, accuracy: pct(figures.totals.accuracy) },
    thisWeekBySubject: figures.weekBySubject.slice(0, 6).map((row) => ({
      subject: row.subject,
      answers: row.answered,
      accuracy: pct(row.accuracy),
    })),
    thisWeekWork: figures.activity,
    marksAtStake: figures.weakTopics.slice(0, 3).map((row) => ({
      subject: row.subject,
      topic: row.topic,
      marks: marksText(row.marksAtStake),
      accuracy: percent(row.accuracy),
      answers: row.answered,
    })),
    errorLog: {
      wrong: figures.errorLog.wrong,
      tagged: figures.errorLog.tagged,
      untagged: figures.errorLog.untagged,
      byMistake: Object.fromEntries(
        figures.errorLog.byMistake.map((row) => [MISTAKE_LABELS[row.mistake], row.count]),
      ),
    },
    timing: {
      averageSeconds:
        figures.totals.averageSeconds === null ? null : secondsText(figures.totals.averageSeconds),
      slowerThanExamPace: figures.slowSubjects.slice(0, 3).map((row) => ({
        subject: row.subject,
        averageSeconds: secondsText(row.averageSeconds),
      })),
    },
    flashcardsDue: figures.flashcardsDue,
    notStarted: figures.notStarted.slice(0, 3),
    tasks: draft.tasks.map((item) => item.label),
    draft: {
      headline: draft.headline,
      practised: draft.practised,
      subjects: draft.subjects,
      errors: draft.errors,
      timing: draft.timing,
      reasons: draft.tasks.map((item) => item.why),
    },
  };
  return `Write this learner's feedback from the summary below, as JSON.\n\n${JSON.stringify(summary)}`;
}

/** Every number written in `text` ("1,234", "63%", "3.2"), commas dropped. */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).map((token) =>
    token.replace(/,/g, "").replace(/\.0+$/, ""),
  );
}

/**
 * The report in the model's words with the rules' tasks, or null when the
 * model wrote a number the summary does not hold (an invented or
 * recalculated figure): then the rules' report stands.
 */
export function acceptModelFeedback(
  reply: ModelFeedback,
  prompt: string,
  draft: FeedbackBody,
): FeedbackBody | null {
  const allowed = new Set(numbersIn(prompt));
  const texts = [
    reply.headline,
    reply.practised,
    reply.subjects,
    reply.errors,
    reply.timing,
    ...reply.reasons,
  ];
  if (texts.some((text) => numbersIn(text).some((number) => !allowed.has(number)))) return null;
  return {
    headline: reply.headline,
    practised: reply.practised,
    subjects: reply.subjects,
    errors: reply.errors,
    timing: reply.timing,
    tasks: draft.tasks.map((item, index) => ({ ...item, why: reply.reasons[index]! })),
  };
}
