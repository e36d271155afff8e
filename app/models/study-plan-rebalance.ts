/**
 * Rebalancing a plan after missed days, as a pure function: the undone tasks
 * of days before today move into the study days of the next two weeks
 * instead of piling up.
 *
 * - Missed flashcard reviews join the first study day's reviews (the cards
 *   are still due), or move there when it has none.
 * - Every other missed task, most important first (revision, then the timed
 *   paper, then practice; within a kind, the subject's share of the plan),
 *   goes to the earliest day with room for it within the daily hours. A
 *   mock exam counts as the timed paper it stands in for.
 * - When no day has room, it goes to the earliest day that has planned
 *   tasks of lower priority, one moved task a day before a second, and takes
 *   the place of that day's lowest-priority ones, which are dropped; when
 *   nothing planned is lower, the missed task itself is dropped. A day never
 *   ends up longer than the learner's hours.
 *
 * Nothing is lost silently: every move, merge and drop is listed.
 */
import {
  addDays,
  type PlanMove,
  type PlanSettings,
  type PlanTask,
  type PlanTaskKind,
  taskTitle,
} from "~/lib/study-plan";
import { flashcardMinutes, studyDays } from "./study-plan-schedule";

/** Missed tasks move into the study days of this many days from today. */
export const REBALANCE_WINDOW_DAYS = 14;

const TIER: Record<Exclude<PlanTaskKind, "flashcards">, number> = {
  revision: 3,
  mock: 2,
  "mock-exam": 2,
  practice: 1,
};

/** A task the learner added from their mentor feedback outranks every planned kind. */
const FEEDBACK_TIER = 4;

/**
 * How much a task matters when days are full: flashcards always stay; a task
 * from mentor feedback comes next (a planned task never displaces it, and
 * when missed it moves first); shares are 0–1.
 */
export function taskPriority(
  task: Pick<PlanTask, "kind" | "subject" | "origin">,
  shares: ReadonlyMap<string, number>,
): number {
  if (task.kind === "flashcards") return Number.POSITIVE_INFINITY;
  const tier = task.origin === "feedback" ? FEEDBACK_TIER : TIER[task.kind];
  return tier + (task.subject ? (shares.get(task.subject) ?? 0) : 0);
}

export type RebalanceResult = {
  moves: PlanMove[];
  /** Tasks now on another day. */
  moved: { id: string; from: string; day: string; position: number }[];
  /** Flashcard tasks whose count grew with missed reviews. */
  merged: { id: string; questionCount: number; minutes: number; title: string }[];
  /** Tasks removed: merged or dropped missed ones, displaced planned ones. */
  deleted: { id: string; day: string }[];
};

export type RebalanceInput = {
  settings: PlanSettings;
  today: string;
  /** The missed tasks and every task on the days from today within the window. */
  tasks: readonly PlanTask[];
  /** Each subject's share of the plan (subjectPriorities' `share`). */
  shares: ReadonlyMap<string, number>;
};

const byDayThenPosition = (a: PlanTask, b: PlanTask) =>
  (a.day < b.day ? -1 : a.day > b.day ? 1 : 0) || a.position - b.position;

function lexicallyLess(a: readonly number[], b: readonly number[]): boolean {
  for (let index = 0; index < a.length; index += 1) {
    if (a[index]! !== b[index]!) return a[index]! < b[index]!;
  }
  return false;
}

/** What to move, merge and drop; null when no task before today is left undone. */
export function rebalance({
  settings,
  today,
  tasks,
  shares,
}: RebalanceInput): RebalanceResult | null {
  const missed = tasks.filter((task) => task.day < today && !task.done);
  if (missed.length === 0) return null;
  const cap = Math.round(settings.hoursPerDay * 60);
  const windowEnd = addDays(today, REBALANCE_WINDOW_DAYS);
  const days = studyDays(settings, today).filter((day) => day < windowEnd);
  const dayIndex = new Map(days.map((day, index) => [day, index]));
  const byDay = new Map<string, PlanTask[]>(days.map((day) => [day, []]));
  for (const task of tasks) byDay.get(task.day)?.push({ ...task });

  const result: RebalanceResult = { moves: [], moved: [], merged: [], deleted: [] };
  const merged = new Map<string, RebalanceResult["merged"][number]>();
  const movedIn = new Map<string, number>();
  const priority = (task: PlanTask) => taskPriority(task, shares);
  const load = (day: string) => byDay.get(day)!.reduce((sum, task) => sum + task.minutes, 0);

  const place = (task: PlanTask, day: string) => {
    const list = byDay.get(day)!;
    const position = list.reduce((max, other) => Math.max(max, other.position), -1) + 1;
    list.push({ ...task, day, position, movedFrom: task.day });
    result.moved.push({ id: task.id, from: task.day, day, position });
    result.moves.push({ action: "moved", title: task.title, from: task.day, to: day });
    movedIn.set(day, (movedIn.get(day) ?? 0) + 1);
  };
  const dropMissed = (task: PlanTask) => {
    result.deleted.push({ id: task.id, day: task.day });
    result.moves.push({ action: "dropped", title: task.title, from: task.day, to: null });
  };
  const displace = (task: PlanTask) => {
    const list = byDay.get(task.day)!;
    list.splice(list.indexOf(task), 1);
    result.deleted.push({ id: task.id, day: task.day });
    result.moves.push({ action: "displaced", title: task.title, from: task.day, to: null });
  };
  /** The planned tasks to drop (lowest priority first) so `minutes` more fit on `day`, or null. */
  const roomOn = (day: string, minutes: number, below: number): PlanTask[] | null => {
    let free = cap - load(day);
    const drops: PlanTask[] = [];
    const candidates = byDay
      .get(day)!
      .filter((task) => !task.done && task.kind !== "flashcards" && priority(task) < below)
      .sort((a, b) => priority(a) - priority(b) || b.position - a.position);
    for (const task of candidates) {
      if (free >= minutes) break;
      drops.push(task);
      free += task.minutes;
    }
    return free >= minutes ? drops : null;
  };

  const order = [...missed].sort((a, b) => priority(b) - priority(a) || byDayThenPosition(a, b));
  for (const task of order) {
    if (task.kind === "flashcards") {
      const day = days[0];
      if (!day) {
        dropMissed(task);
        continue;
      }
      const target = byDay.get(day)!.find((other) => other.kind === "flashcards" && !other.done);
      if (target) {
        const count = (target.questionCount ?? 0) + (task.questionCount ?? 0);
        target.questionCount = count;
        target.minutes = flashcardMinutes(count, cap);
        target.title = taskTitle(
          { kind: "flashcards", subject: null, topic: null, questionCount: count },
          settings.exam,
        );
        merged.set(target.id, {
          id: target.id,
          questionCount: count,
          minutes: target.minutes,
          title: target.title,
        });
        result.deleted.push({ id: task.id, day: task.day });
        result.moves.push({ action: "merged", title: task.title, from: task.day, to: day });
      } else {
        place(task, day);
      }
      for (const drop of roomOn(day, 0, Number.POSITIVE_INFINITY) ?? []) displace(drop);
      continue;
    }

    const open = days.find((day) => cap - load(day) >= task.minutes);
    if (open) {
      place(task, open);
      continue;
    }
    const below = priority(task);
    let best: { day: string; drops: PlanTask[]; cost: number[] } | null = null;
    for (const day of days) {
      const drops = roomOn(day, task.minutes, below);
      if (!drops) continue;
      // One moved task a day before a second on any day, the earliest first.
      const cost = [movedIn.get(day) ?? 0, dayIndex.get(day)!];
      if (!best || lexicallyLess(cost, best.cost)) best = { day, drops, cost };
    }
    if (!best) {
      dropMissed(task);
      continue;
    }
    for (const drop of best.drops) displace(drop);
    place(task, best.day);
  }
  result.merged = [...merged.values()];
  return result;
}
