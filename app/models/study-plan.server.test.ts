/**
 * The study plan in D1: a saved plan lays out every day in one batch (large
 * plans in several insert statements), a rebuild keeps done tasks, opening the
 * planner after missed days moves them once — also when two loads race —
 * flashcards due become daily tasks, and today's tasks read in one query.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { indiaDate } from "~/lib/admin";
import { addDays, type PlanSettings } from "~/lib/study-plan";
import { makeUser } from "../../tests/support/auth";
import {
  loadPlanner,
  planFromToday,
  previewPlan,
  saveStudyPlan,
  setTaskDone,
  todaysTasks,
} from "./study-plan.server";

const db = createDb(env.DB);
const DAY_MS = 86_400_000;
// 06:00 UTC on Wed 25 Nov 2026 is 11:30 in India.
const NOW = Date.UTC(2026, 10, 25, 6, 0, 0);
const TODAY = indiaDate(NOW);

const settings = (overrides: Partial<PlanSettings> = {}): PlanSettings => ({
  exam: "neet-pg",
  examDate: addDays(TODAY, 60),
  hoursPerDay: 3,
  daysOff: [0],
  ...overrides,
});

type Row = {
  id: string;
  day: string;
  kind: string;
  minutes: number;
  done_at: number | null;
  moved_from: string | null;
};

async function allTasks(userId: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    "SELECT id, day, kind, minutes, done_at, moved_from FROM study_tasks WHERE user_id = ?1 ORDER BY day, position",
  )
    .bind(userId)
    .all<Row>();
  return results;
}

function minutesByDay(rows: readonly Row[]): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + row.minutes);
  return byDay;
}

const week = { from: TODAY, to: addDays(TODAY, 8) };

describe("saving a plan", () => {
  it("lays out every study day to the exam's eve and reports what it made", async () => {
    const user = await makeUser();
    const saved = await saveStudyPlan(db, user.id, settings(), NOW, "plus");
    const rows = await allTasks(user.id);
    expect(saved).toEqual({ created: true, studyDays: 52, tasks: rows.length });
    const days = new Set(rows.map((row) => row.day));
    expect(days.size).toBe(52);
    expect([...days].every((day) => day >= TODAY && day < addDays(TODAY, 60))).toBe(true);
    expect([...days].some((day) => new Date(`${day}T00:00:00Z`).getUTCDay() === 0)).toBe(false);
    for (const minutes of minutesByDay(rows).values()) expect(minutes).toBe(180);
  });

  it("writes a two-year plan in one batch of several inserts", async () => {
    const user = await makeUser();
    const saved = await saveStudyPlan(
      db,
      user.id,
      settings({ examDate: addDays(TODAY, 730), hoursPerDay: 14, daysOff: [] }),
      NOW,
      "plus",
    );
    expect(saved.studyDays).toBe(730);
    expect(saved.tasks).toBeGreaterThan(400 * 3);
    expect(saved.tasks).toBeLessThanOrEqual(730 * 8);
    expect(await allTasks(user.id)).toHaveLength(saved.tasks);
  });

  it("rebuilds from today when the settings change, keeping what was done", async () => {
    const user = await makeUser();
    await saveStudyPlan(db, user.id, settings(), NOW, "plus");
    const [first, second] = await allTasks(user.id);
    await setTaskDone(db, user.id, first!.id, true, NOW);
    const saved = await saveStudyPlan(
      db,
      user.id,
      settings({ hoursPerDay: 1 }),
      NOW + 1000,
      "plus",
    );
    expect(saved.created).toBe(false);
    const rows = await allTasks(user.id);
    expect(rows.find((row) => row.id === first!.id)).toMatchObject({ done_at: NOW });
    expect(rows.find((row) => row.id === second!.id)).toBeUndefined();
    // Today keeps the done hour-block... and gets nothing more (1 hour a day, already spent).
    const today = rows.filter((row) => row.day === TODAY);
    expect(today.map((row) => row.id)).toEqual([first!.id]);
    expect(minutesByDay(rows).get(addDays(TODAY, 1))).toBe(60);
    const plan = await loadPlanner(db, user.id, NOW + 2000, week);
    expect(plan.plan).toMatchObject({ hoursPerDay: 1, daysOff: [0], exam: "neet-pg" });
    expect(plan.progress).toMatchObject({ done: 1, doneByToday: 1, planned: rows.length });
  });

  it("plans the flashcard reviews due each day from the cards' due dates", async () => {
    const user = await makeUser();
    const due = [
      NOW - 3 * DAY_MS, // overdue: today
      NOW,
      NOW + 2 * DAY_MS,
      NOW + 2 * DAY_MS + 3_600_000,
      NOW + 40 * DAY_MS, // beyond the four weeks
    ];
    const statements = due.map((at, index) =>
      env.DB.prepare(
        `INSERT INTO flashcards (id, user_id, question, answer, category, is_new, due, updated_at)
         VALUES (?1, ?2, 'Q?', 'A.', 'General', 0, ?3, ?3)`,
      ).bind(`${user.id}-card-${index}`, user.id, at),
    );
    statements.push(
      env.DB.prepare(
        `INSERT INTO flashcards (id, user_id, question, answer, category, is_new, is_archived, due, updated_at)
         VALUES (?1, ?2, 'Archived?', 'Yes.', 'General', 0, 1, ?3, ?3)`,
      ).bind(`${user.id}-card-archived`, user.id, NOW),
      env.DB.prepare(
        `INSERT INTO flashcards (id, user_id, question, answer, category, is_new, due, updated_at)
         VALUES (?1, ?2, 'New?', 'Not studied yet.', 'General', 1, ?3, ?3)`,
      ).bind(`${user.id}-card-new`, user.id, NOW),
    );
    await env.DB.batch(statements);
    await saveStudyPlan(db, user.id, settings({ daysOff: [] }), NOW, "plus");
    const { results } = await env.DB.prepare(
      "SELECT day, question_count AS cards FROM study_tasks WHERE user_id = ?1 AND kind = 'flashcards' ORDER BY day",
    )
      .bind(user.id)
      .all<{ day: string; cards: number }>();
    expect(results).toEqual([
      { day: TODAY, cards: 2 },
      { day: addDays(TODAY, 2), cards: 2 },
    ]);
  });
});

describe("opening the planner after missed days", () => {
  /** A plan made three days ago with nothing done since. */
  async function missedThreeDays() {
    const user = await makeUser();
    await saveStudyPlan(db, user.id, settings({ daysOff: [] }), NOW - 3 * DAY_MS, "plus");
    const before = await allTasks(user.id);
    return { user, before };
  }

  it("moves the missed tasks into the coming days once, within the hours, and says what moved", async () => {
    const { user, before } = await missedThreeDays();
    const missed = before.filter((row) => row.day < TODAY);
    expect(missed.length).toBeGreaterThan(0);

    const loaded = await loadPlanner(db, user.id, NOW, week);
    const after = await allTasks(user.id);
    expect(after.filter((row) => row.day < TODAY)).toEqual([]);
    expect(loaded.rebalanced?.on).toBe(TODAY);
    const moves = loaded.rebalanced!.moves;
    expect(moves.filter((move) => move.action !== "displaced")).toHaveLength(missed.length);
    // Nothing duplicated: every task is the same row as before, or gone (dropped) and listed.
    const ids = new Set(before.map((row) => row.id));
    expect(after.every((row) => ids.has(row.id))).toBe(true);
    expect(before.length - after.length).toBe(
      moves.filter((move) => move.action !== "moved").length,
    );
    for (const row of after.filter((candidate) => candidate.moved_from)) {
      expect(row.moved_from! < TODAY).toBe(true);
    }
    for (const minutes of minutesByDay(after).values()) expect(minutes).toBeLessThanOrEqual(180);
    expect(loaded.tasks.some((task) => task.movedFrom !== null)).toBe(true);

    // Opening it again the same day changes nothing and shows the same notice.
    const again = await loadPlanner(db, user.id, NOW + 60_000, week);
    expect(await allTasks(user.id)).toEqual(after);
    expect(again.rebalanced).toEqual(loaded.rebalanced);
    // The next day, with nothing missed, the notice is gone.
    await env.DB.prepare("UPDATE study_tasks SET done_at = ?2 WHERE user_id = ?1 AND day = ?3")
      .bind(user.id, NOW, TODAY)
      .run();
    const tomorrow = await loadPlanner(db, user.id, NOW + DAY_MS, week);
    expect(tomorrow.rebalanced).toBeNull();
  });

  /** A D1 whose batches go through `batch` (the others as they are). */
  function d1With(batch: (run: () => Promise<unknown>) => Promise<unknown>) {
    const d1 = new Proxy(env.DB, {
      get(target, property) {
        if (property !== "batch") {
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === "function" ? value.bind(target) : value;
        }
        return (statements: D1PreparedStatement[]) => batch(() => target.batch(statements));
      },
    });
    return createDb(d1);
  }

  /**
   * A D1 whose first two batches (the two loads' reads) both finish before any
   * later batch starts: both loads decide from the same state, then both write.
   */
  function racingDb() {
    const reads: Promise<unknown>[] = [];
    return d1With(async (run) => {
      if (reads.length < 2) {
        const read = run();
        reads.push(read);
        return read;
      }
      await Promise.all(reads);
      return run();
    });
  }

  it("moves each task once when two loads race", async () => {
    const { user, before } = await missedThreeDays();
    const racing = racingDb();
    const [one, two] = await Promise.all([
      loadPlanner(racing, user.id, NOW, week),
      loadPlanner(racing, user.id, NOW, week),
    ]);
    const after = await allTasks(user.id);
    expect(new Set(after.map((row) => row.id)).size).toBe(after.length);
    expect(after.filter((row) => row.day < TODAY)).toEqual([]);
    expect(one.rebalanced).toEqual(two.rebalanced);
    const moves = one.rebalanced!.moves;
    expect(before.length - after.length).toBe(
      moves.filter((move) => move.action !== "moved").length,
    );
    for (const minutes of minutesByDay(after).values()) expect(minutes).toBeLessThanOrEqual(180);
  });

  /** A D1 that runs `meanwhile` after the first batch (the load's read) and before the next. */
  function pausingDb(meanwhile: () => Promise<unknown>) {
    let batches = 0;
    return d1With(async (run) => {
      batches += 1;
      if (batches === 2) await meanwhile();
      return run();
    });
  }

  it("moves nothing when the settings changed while it was deciding", async () => {
    const { user } = await missedThreeDays();
    const loaded = await loadPlanner(
      pausingDb(() => saveStudyPlan(db, user.id, settings({ hoursPerDay: 2 }), NOW, "plus")),
      user.id,
      NOW,
      week,
    );
    expect(loaded.plan?.hoursPerDay).toBe(2);
    expect(loaded.rebalanced).toBeNull();
    const after = await allTasks(user.id);
    expect(after.some((row) => row.moved_from !== null)).toBe(false);
    for (const minutes of minutesByDay(after).values()) expect(minutes).toBeLessThanOrEqual(120);
  });

  it("does not move a missed task ticked done while it was deciding", async () => {
    const { user, before } = await missedThreeDays();
    const late = before.find((row) => row.day === addDays(TODAY, -1))!;
    await loadPlanner(
      pausingDb(() => setTaskDone(db, user.id, late.id, true, NOW)),
      user.id,
      NOW,
      week,
    );
    expect((await allTasks(user.id)).find((row) => row.id === late.id)).toMatchObject({
      day: addDays(TODAY, -1),
      done_at: NOW,
      moved_from: null,
    });
  });

  it("leaves done tasks where they were", async () => {
    const { user, before } = await missedThreeDays();
    const doneEarlier = before.find((row) => row.day === addDays(TODAY, -2))!;
    await setTaskDone(db, user.id, doneEarlier.id, true, NOW - 2 * DAY_MS);
    await loadPlanner(db, user.id, NOW, week);
    const after = await allTasks(user.id);
    expect(after.find((row) => row.id === doneEarlier.id)).toMatchObject({
      day: addDays(TODAY, -2),
      done_at: NOW - 2 * DAY_MS,
      moved_from: null,
    });
  });

  it("does not rebalance once the exam has passed", async () => {
    const user = await makeUser();
    await saveStudyPlan(
      db,
      user.id,
      settings({ examDate: addDays(TODAY, 2), daysOff: [] }),
      NOW - 3 * DAY_MS,
      "plus",
    );
    const loaded = await loadPlanner(db, user.id, NOW + 5 * DAY_MS, week);
    expect(loaded.rebalanced).toBeNull();
    expect(loaded.progress.planned).toBeGreaterThan(0);
  });
});

describe("tasks", () => {
  it("are ticked only by their owner, keeping the first time they were done", async () => {
    const user = await makeUser();
    const other = await makeUser();
    await saveStudyPlan(db, user.id, settings(), NOW, "plus");
    const [first] = await allTasks(user.id);
    expect(await setTaskDone(db, other.id, first!.id, true, NOW)).toBeNull();
    expect(await setTaskDone(db, user.id, first!.id, true, NOW)).toMatchObject({
      done: true,
      doneAt: NOW,
    });
    expect(await setTaskDone(db, user.id, first!.id, true, NOW + 5)).toMatchObject({
      doneAt: NOW,
    });
    expect(await setTaskDone(db, user.id, first!.id, false, NOW + 9)).toMatchObject({
      done: false,
      doneAt: null,
    });
  });

  it("of today read in one query, with the count missed before today", async () => {
    const user = await makeUser();
    expect(await todaysTasks(db, user.id, NOW)).toBeNull();
    await saveStudyPlan(db, user.id, settings({ daysOff: [] }), NOW - DAY_MS, "plus");
    const today = await todaysTasks(db, user.id, NOW);
    const rows = await allTasks(user.id);
    expect(today).toMatchObject({
      exam: "neet-pg",
      today: TODAY,
      missed: rows.filter((row) => row.day < TODAY).length,
    });
    expect(today!.tasks.map((task) => task.id)).toEqual(
      rows.filter((row) => row.day === TODAY).map((row) => row.id),
    );
  });

  it("from today on make the calendar's days", async () => {
    const user = await makeUser();
    await saveStudyPlan(db, user.id, settings({ daysOff: [] }), NOW - DAY_MS, "plus");
    const calendar = await planFromToday(db, user.id, NOW);
    expect(calendar.plan?.examDate).toBe(addDays(TODAY, 60));
    expect(calendar.tasks.every((task) => task.day >= TODAY)).toBe(true);
    expect(calendar.tasks.length).toBeGreaterThan(0);
  });
});

describe("the preview", () => {
  it("shows a NEET-PG week from the learner's own weak subjects", async () => {
    const user = await makeUser();
    await env.DB.prepare(
      `INSERT INTO progress_topics (user_id, subject, topic, answered, correct, timed, seconds, last_at)
       VALUES (?1, 'Pathology', 'Neoplasia', 10, 2, 0, 0, ?2), (?1, 'Anatomy', 'Thorax', 10, 9, 0, 0, ?2)`,
    )
      .bind(user.id, NOW)
      .run();
    const preview = await previewPlan(db, user.id, NOW);
    expect(preview.weakSubjects).toEqual([
      { subject: "Pathology", accuracy: 0.2 },
      { subject: "Anatomy", accuracy: 0.9 },
    ]);
    expect(preview.days).toHaveLength(7);
    expect(preview.days.filter((day) => day.dayOff).map((day) => day.day)).toEqual([
      addDays(TODAY, 4),
    ]);
    expect(preview.days[0]!.tasks.length).toBeGreaterThan(0);
  });
});
