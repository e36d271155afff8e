/**
 * Rebalancing after missed days, on small plans checked by hand: missed tasks
 * move to the earliest days with room, displace lower-priority practice when
 * the days are full (or are dropped when nothing planned is lower), missed
 * flashcard reviews merge, and nothing is lost, duplicated or piled beyond the
 * daily hours. 25 Nov 2026 is a Wednesday.
 */
import { describe, expect, it } from "vitest";
import {
  addDays,
  type PlanSettings,
  type PlanTask,
  type PlanTaskKind,
  rebalanceSummary,
} from "~/lib/study-plan";
import { rebalance, type RebalanceResult, taskPriority } from "./study-plan-rebalance";
import { buildPlan, examSubjectWeights, subjectPriorities } from "./study-plan-schedule";

const TODAY = "2026-11-25";
const SETTINGS: PlanSettings = {
  exam: "neet-pg",
  examDate: "2027-03-01",
  hoursPerDay: 2,
  daysOff: [0],
};
const SHARES = new Map([
  ["Medicine", 0.4],
  ["Pathology", 0.3],
  ["Anatomy", 0.2],
  ["Dermatology", 0.02],
  ["Radiology", 0.01],
]);

let counter = 0;
function task(
  day: string,
  kind: PlanTaskKind,
  subject: string | null,
  minutes: number,
  extra: Partial<PlanTask> = {},
): PlanTask {
  counter += 1;
  return {
    id: `t${counter}`,
    day,
    kind,
    subject,
    topic: null,
    title: `${subject ?? kind} on ${day}`,
    minutes,
    questionCount: kind === "flashcards" ? 10 : 40,
    position: counter,
    done: false,
    movedFrom: null,
    ...extra,
  };
}

/** The tasks after a rebalance is applied (what the D1 statements do). */
function apply(tasks: readonly PlanTask[], result: RebalanceResult): PlanTask[] {
  const deleted = new Set(result.deleted.map((row) => row.id));
  return tasks
    .filter((row) => !deleted.has(row.id))
    .map((row) => {
      const moved = result.moved.find((move) => move.id === row.id);
      const merged = result.merged.find((merge) => merge.id === row.id);
      return {
        ...row,
        ...(moved ? { day: moved.day, position: moved.position, movedFrom: moved.from } : {}),
        ...(merged
          ? { questionCount: merged.questionCount, minutes: merged.minutes, title: merged.title }
          : {}),
      };
    });
}

function loads(tasks: readonly PlanTask[]): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const row of tasks) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.minutes);
  return byDay;
}

/** Every study day from today for two weeks filled with two hour-long blocks of `subject`. */
function fullDays(subject: string, from = TODAY): PlanTask[] {
  const tasks: PlanTask[] = [];
  for (let offset = 0; offset < 14; offset += 1) {
    const day = addDays(from, offset);
    if (new Date(`${day}T00:00:00Z`).getUTCDay() === 0) continue;
    tasks.push(task(day, "practice", subject, 60), task(day, "practice", subject, 60));
  }
  return tasks;
}

describe("rebalancing", () => {
  it("does nothing when no earlier task is left undone", () => {
    const tasks = [task("2026-11-23", "practice", "Anatomy", 60, { done: true })];
    expect(rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })).toBeNull();
  });

  it("moves missed tasks to the earliest days with room, the more important first", () => {
    const anatomy = task("2026-11-23", "practice", "Anatomy", 60);
    const pathology = task("2026-11-23", "practice", "Pathology", 60);
    const today = task(TODAY, "practice", "Medicine", 60);
    const tasks = [anatomy, pathology, today];
    const result = rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })!;
    // Today has 60 minutes left: Pathology (share 0.3) takes them; Anatomy goes to Thursday.
    expect(result.moved).toEqual([
      { id: pathology.id, from: "2026-11-23", day: TODAY, position: today.position + 1 },
      { id: anatomy.id, from: "2026-11-23", day: "2026-11-26", position: 0 },
    ]);
    expect(result.deleted).toEqual([]);
    expect(rebalanceSummary(result.moves, TODAY, 2)).toEqual([
      "2 tasks from Mon 23 Nov moved to today and tomorrow.",
    ]);
    const after = apply(tasks, result);
    expect(after.find((row) => row.id === anatomy.id)).toMatchObject({
      day: "2026-11-26",
      movedFrom: "2026-11-23",
    });
  });

  it("drops the lowest-priority planned practice when every day is full, and says so", () => {
    const missed = task("2026-11-24", "practice", "Pathology", 60);
    const planned = fullDays("Medicine");
    const radiology = task("2026-11-27", "practice", "Radiology", 60);
    planned.splice(
      planned.findIndex((row) => row.day === "2026-11-27"),
      1,
      radiology,
    );
    const tasks = [missed, ...planned];
    const result = rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })!;
    expect(result.deleted).toEqual([{ id: radiology.id, day: "2026-11-27" }]);
    expect(result.moved).toEqual([
      expect.objectContaining({ id: missed.id, from: "2026-11-24", day: "2026-11-27" }),
    ]);
    expect(rebalanceSummary(result.moves, TODAY, 2)).toEqual([
      "1 task from Tue 24 Nov moved to Fri 27 Nov.",
      "To keep each day within 2 h, 1 lower-priority task was dropped: Radiology on 2026-11-27 (Fri 27 Nov).",
    ]);
    for (const minutes of loads(apply(tasks, result)).values()) {
      expect(minutes).toBeLessThanOrEqual(120);
    }
  });

  it("drops a missed task when everything planned matters more", () => {
    const missed = task("2026-11-23", "practice", "Radiology", 60);
    const tasks = [missed, ...fullDays("Medicine")];
    const result = rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })!;
    expect(result.moved).toEqual([]);
    expect(result.deleted).toEqual([{ id: missed.id, day: "2026-11-23" }]);
    expect(rebalanceSummary(result.moves, TODAY, 2)).toEqual([
      "1 task from Mon 23 Nov did not fit in the next two weeks within 2 h a day and was dropped: Radiology on 2026-11-23.",
    ]);
  });

  it("spreads displaced tasks over the days instead of stacking them on one", () => {
    const missed = [
      task("2026-11-24", "practice", "Pathology", 60),
      task("2026-11-24", "practice", "Pathology", 60),
      task("2026-11-24", "practice", "Anatomy", 60),
    ];
    const tasks = [...missed, ...fullDays("Dermatology")];
    const result = rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })!;
    expect(result.moved.map((row) => row.day)).toEqual([TODAY, "2026-11-26", "2026-11-27"]);
    expect(result.deleted).toHaveLength(3);
    expect(rebalanceSummary(result.moves, TODAY, 2)[0]).toBe(
      "3 tasks from Tue 24 Nov moved to today, tomorrow and Fri 27 Nov.",
    );
  });

  it("merges missed flashcard reviews into today's, keeping the day within its hours", () => {
    const missedCards = task("2026-11-24", "flashcards", null, 5, { questionCount: 10 });
    const todayCards = task(TODAY, "flashcards", null, 5, { questionCount: 5 });
    const medicine = task(TODAY, "practice", "Medicine", 60);
    const radiology = task(TODAY, "practice", "Radiology", 55);
    const tasks = [missedCards, todayCards, medicine, radiology];
    const result = rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })!;
    // 15 cards at 30 s: 7.5 → 10 minutes; the day would be 125 minutes, so Radiology gives way.
    expect(result.merged).toEqual([
      {
        id: todayCards.id,
        questionCount: 15,
        minutes: 10,
        title: "Flashcard reviews: 15 cards due",
      },
    ]);
    expect(result.deleted).toEqual([
      { id: missedCards.id, day: "2026-11-24" },
      { id: radiology.id, day: TODAY },
    ]);
    expect(rebalanceSummary(result.moves, TODAY, 2)).toEqual([
      "Flashcard reviews from Tue 24 Nov were added to the reviews for today.",
      "To keep each day within 2 h, 1 lower-priority task was dropped: Radiology on 2026-11-25 (Wed 25 Nov).",
    ]);
  });

  it("moves missed reviews to the first study day when it has none, skipping days off", () => {
    const cards = task("2026-11-28", "flashcards", null, 5);
    const result = rebalance({
      settings: SETTINGS,
      today: "2026-11-29",
      tasks: [cards],
      shares: SHARES,
    })!;
    // Sunday 29 Nov is a day off: the reviews go to Monday.
    expect(result.moved).toEqual([
      { id: cards.id, from: "2026-11-28", day: "2026-11-30", position: 0 },
    ]);
  });

  it("ranks revision over the timed paper over practice, then by the subject's share", () => {
    const rank = (kind: PlanTaskKind, subject: string | null) =>
      taskPriority({ kind, subject }, SHARES);
    expect(rank("revision", "Radiology")).toBeGreaterThan(rank("mock", null));
    expect(rank("mock", null)).toBeGreaterThan(rank("practice", "Medicine"));
    expect(rank("mock-exam", null)).toBe(rank("mock", null));
    expect(rank("practice", "Medicine")).toBeGreaterThan(rank("practice", "Anatomy"));
    expect(rank("flashcards", null)).toBe(Number.POSITIVE_INFINITY);
  });

  it("moves a missed mock exam as it moves the timed paper, ahead of planned practice", () => {
    const moved = (kind: "mock" | "mock-exam") => {
      counter = 0;
      const missed = task("2026-11-24", kind, null, 55, { questionCount: 50, title: "Paper" });
      const tasks = [missed, ...fullDays("Medicine")];
      const result = rebalance({ settings: SETTINGS, today: TODAY, tasks, shares: SHARES })!;
      return { missed, result, after: apply(tasks, result) };
    };
    const paper = moved("mock");
    const mock = moved("mock-exam");
    // Every day is full: today's later Medicine block gives way to it.
    expect(mock.result.moved).toEqual([
      expect.objectContaining({ id: mock.missed.id, from: "2026-11-24", day: TODAY }),
    ]);
    expect(mock.result.deleted).toHaveLength(1);
    expect(mock.result).toEqual(paper.result);
    expect(mock.after.find((row) => row.id === mock.missed.id)).toMatchObject({
      kind: "mock-exam",
      day: TODAY,
      movedFrom: "2026-11-24",
    });
  });

  it("drops what was missed when no study day is left before the exam", () => {
    const missed = task("2026-11-28", "practice", "Medicine", 60);
    const result = rebalance({
      settings: { ...SETTINGS, examDate: "2026-11-30" },
      today: "2026-11-29",
      tasks: [missed],
      shares: SHARES,
    })!;
    expect(result.moves).toEqual([
      { action: "dropped", title: missed.title, from: "2026-11-28", to: null },
    ]);
  });

  it("loses nothing, duplicates nothing and keeps every day within the hours on a real plan", () => {
    const start = addDays(TODAY, -5);
    const settings: PlanSettings = {
      exam: "neet-pg",
      examDate: addDays(TODAY, 40),
      hoursPerDay: 3,
      daysOff: [0],
    };
    const planned = buildPlan({
      settings,
      today: start,
      weights: examSubjectWeights("neet-pg"),
      topics: [],
      answers: [],
      flashcardsDue: new Map([
        [start, 12],
        [addDays(start, 2), 7],
        [TODAY, 4],
      ]),
      done: new Map(),
      mockExams: false,
    });
    // Some of the first day was done; the rest of the five days was missed.
    const tasks: PlanTask[] = planned.map((row, index) => ({
      ...row,
      id: `p${index}`,
      done: row.day === start && row.kind === "practice" && row.position <= 1,
      movedFrom: null,
    }));
    const shares = new Map(
      subjectPriorities(examSubjectWeights("neet-pg"), []).map((row) => [row.subject, row.share]),
    );
    const inWindow = tasks.filter((row) => row.day < addDays(TODAY, 14));
    const result = rebalance({ settings, today: TODAY, tasks: inWindow, shares })!;
    const missed = inWindow.filter((row) => row.day < TODAY && !row.done);

    // Every missed task is accounted for exactly once.
    const accounted = result.moves.filter((move) => move.action !== "displaced");
    expect(accounted).toHaveLength(missed.length);
    const after = apply(tasks, result);
    expect(new Set(after.map((row) => row.id)).size).toBe(after.length);
    expect(after.length).toBe(tasks.length - result.deleted.length);
    // Nothing undone is left behind, done tasks stay put.
    expect(after.filter((row) => row.day < TODAY && !row.done)).toEqual([]);
    for (const row of tasks.filter((candidate) => candidate.done)) {
      expect(after.find((other) => other.id === row.id)).toEqual(row);
    }
    // Moved tasks remember where they came from; days stay within 3 hours.
    for (const move of result.moved) {
      expect(after.find((row) => row.id === move.id)!.movedFrom).toBe(move.from);
    }
    for (const [day, minutes] of loads(after)) {
      if (day >= TODAY) expect(minutes).toBeLessThanOrEqual(180);
    }
    // The three missed days of reviews are one task today: 12 + 7 + today's 4 = 23 cards.
    expect(after.filter((row) => row.kind === "flashcards" && row.day === TODAY)).toEqual([
      expect.objectContaining({ questionCount: 23, minutes: 15 }),
    ]);
    // The same inputs give the same answer.
    expect(rebalance({ settings, today: TODAY, tasks: inWindow, shares })).toEqual(result);
  });
});
