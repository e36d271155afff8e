/**
 * Laying out a study plan, as a pure function of its inputs (the same inputs
 * always give the same plan, so tests can check it by hand):
 *
 * - Study days: every day from today to the day before the exam, except the
 *   learner's weekdays off (which get no tasks).
 * - Each day holds the learner's hours: flashcard reviews due that day
 *   (FSRS due dates, for the next four weeks; overdue ones on the first
 *   day), on the last study day of each week a timed practice paper at the
 *   exam's pace, and the rest in practice blocks of about an hour (at most
 *   six), each a tutor-mode test on one topic, 1.5 minutes a question.
 * - A learner whose plan includes mock exams (Pro) sits the weekly paper as
 *   the longest mock exam of their exam that fits the same half day (NEET-PG,
 *   INI-CET and FMGE; a university exam, or a day too short for a quarter
 *   mock, keeps the timed paper).
 * - Subjects get practice time in proportion to their exam weight (NEET-PG's
 *   published pattern, used for INI-CET and FMGE too; an even spread for
 *   university exams) times the learner's weakness: 2 − accuracy for a
 *   subject with at least 5 answers, 1.5 for one without (as if 50 %).
 *   Within a subject, the weakest topics come first, then unseen ones.
 * - The last 12 % of study days (at least one) are revision: each block
 *   revisits one subject's wrong answers, subjects weighted by exam weight ×
 *   the learner's gap (1 − accuracy, 0.5 without data, at least 0.1).
 */
import { NEET_PG_SUBJECT_WEIGHTS } from "~/data/neet-pg-weights";
import { EXAMS, type ExamId } from "~/lib/exams";
import { isMockPatternId, MOCK_LENGTHS, mockShape } from "~/lib/mock-patterns";
import {
  addDays,
  mondayOf,
  type PlannedTask,
  type PlanSettings,
  STUDY_PLAN,
  taskTitle,
  weekdayOf,
} from "~/lib/study-plan";

export const PLANNING = {
  minutesPerQuestion: 1.5,
  /** Practice blocks aim at this length, at most this many a day, none shorter than the minimum. */
  blockMinutes: 60,
  maxBlocksPerDay: 6,
  minBlockMinutes: 15,
  /** The share of study days at the end given to revision. */
  revisionShare: 0.12,
  /** Flashcard reviews: seconds a card, at most this share of the day, planned this far ahead. */
  secondsPerCard: 30,
  flashcardShareOfDay: 0.25,
  flashcardWindowDays: 28,
  /** The weekly paper (timed, or a mock exam): at most half the day; a timed one at least this many questions. */
  paperShareOfDay: 0.5,
  minPaperMinutes: 30,
  minPaperQuestions: 10,
  /** Answers before a subject's or a topic's accuracy counts. */
  minSubjectAnswers: 5,
  minTopicAnswers: 3,
  unknownAccuracy: 0.5,
  revisionGapFloor: 0.1,
} as const;

export type SubjectWeight = { subject: string; weight: number };

/**
 * How an exam weighs the subjects: NEET-PG's questions of 200 (INI-CET and
 * FMGE follow the same syllabus and are planned by the same weights), every
 * subject alike for university exams.
 */
export function examSubjectWeights(exam: ExamId): SubjectWeight[] {
  return NEET_PG_SUBJECT_WEIGHTS.map(({ subject, questions }) => ({
    subject,
    weight: exam === "university" ? 1 : questions,
  }));
}

export type AnswerCounts = { subject: string; topic: string; answered: number; correct: number };

export type SubjectPriority = {
  subject: string;
  weight: number;
  /** Null below PLANNING.minSubjectAnswers answers. */
  accuracy: number | null;
  /** Share of practice time (all subjects sum to 1). */
  share: number;
  /** Share of revision time (all subjects sum to 1). */
  revisionShare: number;
};

/** Each subject's share of practice and revision time, from its weight and the learner's answers. */
export function subjectPriorities(
  weights: readonly SubjectWeight[],
  answers: readonly AnswerCounts[],
): SubjectPriority[] {
  const totals = new Map<string, { answered: number; correct: number }>();
  for (const row of answers) {
    const total = totals.get(row.subject) ?? { answered: 0, correct: 0 };
    total.answered += row.answered;
    total.correct += row.correct;
    totals.set(row.subject, total);
  }
  const rows = weights.map(({ subject, weight }) => {
    const total = totals.get(subject);
    const accuracy =
      total && total.answered >= PLANNING.minSubjectAnswers ? total.correct / total.answered : null;
    const known = accuracy ?? PLANNING.unknownAccuracy;
    return {
      subject,
      weight,
      accuracy,
      practice: weight * (2 - known),
      revision: weight * Math.max(PLANNING.revisionGapFloor, 1 - known),
    };
  });
  const practiceSum = rows.reduce((sum, row) => sum + row.practice, 0) || 1;
  const revisionSum = rows.reduce((sum, row) => sum + row.revision, 0) || 1;
  return rows.map(({ subject, weight, accuracy, practice, revision }) => ({
    subject,
    weight,
    accuracy,
    share: practice / practiceSum,
    revisionShare: revision / revisionSum,
  }));
}

/** The days with tasks: today up to the day before the exam, without the weekdays off. */
export function studyDays(settings: PlanSettings, today: string): string[] {
  const days: string[] = [];
  for (let day = today; day < settings.examDate; day = addDays(day, 1)) {
    if (!settings.daysOff.includes(weekdayOf(day))) days.push(day);
  }
  return days;
}

/** How many of `count` study days, at the end, are revision. */
export function revisionDayCount(count: number): number {
  return count === 0 ? 0 : Math.max(1, Math.round(count * PLANNING.revisionShare));
}

const floor5 = (minutes: number) => Math.floor(minutes / 5) * 5;
const ceil5 = (minutes: number) => Math.ceil(minutes / 5) * 5;

/** Minutes for `cards` flashcard reviews on a day of `dayMinutes`: 30 s a card, at least 5, at most a quarter of the day. */
export function flashcardMinutes(cards: number, dayMinutes: number): number {
  const cap = Math.max(5, floor5(dayMinutes * PLANNING.flashcardShareOfDay));
  return Math.min(cap, Math.max(5, ceil5((cards * PLANNING.secondsPerCard) / 60)));
}

/** Questions for a tutor-mode block of `minutes`, at most the builder's 100 (and the topic's pool). */
export function questionsFor(minutes: number, pool: number | null = null): number {
  const fit = Math.max(1, Math.floor(minutes / PLANNING.minutesPerQuestion));
  const capped = Math.min(STUDY_PLAN.maxQuestions, fit);
  return pool !== null && pool > 0 ? Math.min(capped, pool) : capped;
}

/** `minutes` split into blocks of about an hour (multiples of 5, the first ones longest). */
export function splitBlocks(minutes: number): number[] {
  if (minutes < PLANNING.minBlockMinutes) return [];
  const count = Math.min(
    PLANNING.maxBlocksPerDay,
    Math.max(1, Math.round(minutes / PLANNING.blockMinutes)),
  );
  const base = floor5(minutes / count);
  let extra = floor5(minutes) - base * count;
  return Array.from({ length: count }, () => {
    const add = extra > 0 ? 5 : 0;
    extra -= add;
    return base + add;
  });
}

/** The study days that get the weekly paper: the last of each week, never the exam's eve. */
export function paperDays(days: readonly string[]): Set<string> {
  const lastOfWeek = new Map<string, string>();
  for (const day of days.slice(0, -1)) lastOfWeek.set(mondayOf(day), day);
  return new Set(lastOfWeek.values());
}

export type PoolTopic = { subject: string; topic: string; questions: number };

export type PlanInput = {
  settings: PlanSettings;
  /** India's date. */
  today: string;
  weights: readonly SubjectWeight[];
  /** The question pool's topics and their active questions. */
  topics: readonly PoolTopic[];
  /** The learner's answers by subject and topic. */
  answers: readonly AnswerCounts[];
  /** Flashcard reviews due, by India day (earlier days are overdue). */
  flashcardsDue: ReadonlyMap<string, number>;
  /** Tasks already done on a day (kept when a plan is rebuilt): their minutes, and the next free position. */
  done: ReadonlyMap<string, { minutes: number; nextPosition: number }>;
  /** Whether the learner's plan includes mock exams (Pro): the weekly paper is then a mock exam when one fits. */
  mockExams: boolean;
};

type WeeklyPaper = { kind: "mock" | "mock-exam"; minutes: number; questions: number };

/**
 * The weekly paper in `allowance` minutes: the longest mock exam of the
 * exam that fits (minutes rounded up to 5) when the learner has mock exams,
 * else a timed paper at the exam's pace (at most the builder's 100
 * questions); null when not even the smallest timed paper fits.
 */
function weeklyPaper(exam: ExamId, allowance: number, mockExams: boolean): WeeklyPaper | null {
  if (mockExams && isMockPatternId(exam)) {
    for (const length of MOCK_LENGTHS) {
      const shape = mockShape(exam, length);
      const minutes = ceil5(shape.minutes);
      if (minutes <= allowance) return { kind: "mock-exam", minutes, questions: shape.questions };
    }
  }
  const secondsPerQuestion = EXAMS[exam].secondsPerQuestion;
  const questions = Math.min(
    STUDY_PLAN.maxQuestions,
    Math.floor((allowance * 60) / secondsPerQuestion),
  );
  if (questions < PLANNING.minPaperQuestions) return null;
  return { kind: "mock", questions, minutes: ceil5((questions * secondsPerQuestion) / 60) };
}

/** Flashcard reviews per study day: overdue and day-off ones on the next study day, four weeks ahead. */
function flashcardsByDay(
  days: readonly string[],
  due: ReadonlyMap<string, number>,
  today: string,
): Map<string, number> {
  const windowEnd = addDays(today, PLANNING.flashcardWindowDays);
  const byDay = new Map<string, number>();
  const sorted = [...due].sort(([a], [b]) => (a < b ? -1 : 1));
  let index = 0;
  for (const [day, cards] of sorted) {
    if (cards <= 0) continue;
    const from = day < today ? today : day;
    if (from >= windowEnd) break;
    while (index < days.length && days[index]! < from) index += 1;
    const target = days[index];
    if (!target) break;
    byDay.set(target, (byDay.get(target) ?? 0) + cards);
  }
  return byDay;
}

/** A subject's topics in the order to practise them: weakest first, then unseen, then the rest. */
function topicOrder(
  subject: string,
  topics: readonly PoolTopic[],
  answers: readonly AnswerCounts[],
): PoolTopic[] {
  const accuracy = new Map<string, number>();
  for (const row of answers) {
    if (row.subject === subject && row.answered >= PLANNING.minTopicAnswers) {
      accuracy.set(row.topic, row.correct / row.answered);
    }
  }
  const need = (topic: string) => accuracy.get(topic) ?? PLANNING.unknownAccuracy;
  return topics
    .filter((row) => row.subject === subject && row.questions > 0)
    .sort(
      (a, b) =>
        need(a.topic) - need(b.topic) ||
        b.questions - a.questions ||
        (a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : 0),
    );
}

/**
 * Picks subjects block by block so each one's minutes stay closest to its
 * share (the one furthest behind next; ties go to the larger share, then the
 * weights' order). A subject already on the day gives way to another that
 * is at least half a block behind its share.
 */
function subjectPicker(shares: readonly { subject: string; share: number }[]) {
  const given = new Map<string, number>(shares.map((row) => [row.subject, 0]));
  let total = 0;
  return (minutes: number, usedToday: ReadonlySet<string>): string => {
    const after = total + minutes;
    const score = (row: { subject: string; share: number }) =>
      row.share * after - given.get(row.subject)!;
    const best = (rows: readonly { subject: string; share: number }[]) =>
      rows.reduce<{ subject: string; share: number } | null>(
        (top, row) =>
          !top ||
          score(row) > score(top) + 1e-9 ||
          (Math.abs(score(row) - score(top)) <= 1e-9 && row.share > top.share)
            ? row
            : top,
        null,
      );
    const top = best(shares)!;
    const fresh = best(shares.filter((row) => !usedToday.has(row.subject)));
    // Another subject instead of a second block of one already on the day, if it is behind too.
    const chosen = usedToday.has(top.subject) && fresh && score(fresh) >= minutes / 2 ? fresh : top;
    given.set(chosen.subject, given.get(chosen.subject)! + minutes);
    total = after;
    return chosen.subject;
  };
}

/** Every task of the plan from today to the exam's eve, in day and position order. */
export function buildPlan(input: PlanInput): PlannedTask[] {
  const { settings, today } = input;
  const days = studyDays(settings, today);
  if (days.length === 0) return [];
  const dayMinutes = Math.round(settings.hoursPerDay * 60);
  const revisionFrom = days.length - revisionDayCount(days.length);
  const papers = paperDays(days);
  const flashcards = flashcardsByDay(days, input.flashcardsDue, today);
  const priorities = subjectPriorities(input.weights, input.answers);
  const practicePick = subjectPicker(priorities.map(({ subject, share }) => ({ subject, share })));
  const revisionPick = subjectPicker(
    priorities.map(({ subject, revisionShare }) => ({ subject, share: revisionShare })),
  );
  const topicCycles = new Map<string, { topics: PoolTopic[]; next: number }>(
    priorities.map(({ subject }) => [
      subject,
      { topics: topicOrder(subject, input.topics, input.answers), next: 0 },
    ]),
  );

  const tasks: PlannedTask[] = [];
  days.forEach((day, index) => {
    const done = input.done.get(day);
    let free = floor5(dayMinutes - (done?.minutes ?? 0));
    let position = done?.nextPosition ?? 0;
    const add = (task: Omit<PlannedTask, "day" | "position" | "title">) => {
      tasks.push({
        ...task,
        day,
        position: position++,
        title: taskTitle(task, settings.exam),
      });
      free -= task.minutes;
    };

    const cards = flashcards.get(day) ?? 0;
    if (cards > 0 && free >= 5) {
      const minutes = Math.min(free, flashcardMinutes(cards, dayMinutes));
      add({ kind: "flashcards", subject: null, topic: null, minutes, questionCount: cards });
    }

    const paper = papers.has(day)
      ? weeklyPaper(
          settings.exam,
          Math.min(
            free,
            Math.max(PLANNING.minPaperMinutes, floor5(dayMinutes * PLANNING.paperShareOfDay)),
          ),
          input.mockExams,
        )
      : null;

    const revision = index >= revisionFrom;
    const usedToday = new Set<string>();
    for (const minutes of splitBlocks(free - (paper?.minutes ?? 0))) {
      if (revision) {
        const subject = revisionPick(minutes, usedToday);
        usedToday.add(subject);
        add({
          kind: "revision",
          subject,
          topic: null,
          minutes,
          questionCount: questionsFor(minutes),
        });
        continue;
      }
      const subject = practicePick(minutes, usedToday);
      usedToday.add(subject);
      const cycle = topicCycles.get(subject)!;
      const topic =
        cycle.topics.length > 0 ? cycle.topics[cycle.next % cycle.topics.length]! : null;
      cycle.next += 1;
      add({
        kind: "practice",
        subject,
        topic: topic?.topic ?? null,
        minutes,
        questionCount: questionsFor(minutes, topic?.questions ?? null),
      });
    }

    if (paper) {
      add({
        kind: paper.kind,
        subject: null,
        topic: null,
        minutes: paper.minutes,
        questionCount: paper.questions,
      });
    }
  });
  return tasks;
}
