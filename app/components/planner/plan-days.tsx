import { Link } from "@remix-run/react";
import { cn } from "~/lib/cn";
import type { ExamId } from "~/lib/exams";
import {
  formatDay,
  formatMinutes,
  type PlanMove,
  type PlannerDay,
  plannerHref,
  type PlanTask,
} from "~/lib/study-plan";
import { TaskItem } from "./task-item";

const totalMinutes = (tasks: readonly { minutes: number }[]) =>
  tasks.reduce((sum, task) => sum + task.minutes, 0);

/** Today's checklist: the day's tasks, what is done, and what to say when there are none. */
export function TodayChecklist({
  tasks,
  dayOff,
  exam,
  action,
  emptyText,
}: {
  tasks: readonly PlanTask[];
  dayOff: boolean;
  exam: ExamId;
  action: string;
  /** What an empty day says when it is not a day off. */
  emptyText: string;
}) {
  const done = tasks.filter((task) => task.done).length;
  return (
    <section
      aria-labelledby="today-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50/40 p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="today-heading" className="text-xl font-bold text-slate-900">
          Today
        </h2>
        {tasks.length > 0 ? (
          <p className="text-sm text-slate-700" data-testid="today-count">
            {done} of {tasks.length} done · {formatMinutes(totalMinutes(tasks))} planned
          </p>
        ) : null}
      </div>
      {tasks.length > 0 ? (
        <ul className="mt-4 space-y-3" aria-label="Today's tasks">
          {tasks.map((task) => (
            <TaskItem key={task.id} task={task} exam={exam} action={action} />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-700">
          {dayOff ? "Today is a day off: nothing is planned. Rest well." : emptyText}
        </p>
      )}
    </section>
  );
}

/** The coming days, a week at a time: each day's tasks (tickable), days off marked. */
export function WeekView({
  days,
  week,
  hasNext,
  exam,
  action,
}: {
  days: readonly PlannerDay[];
  week: number;
  hasNext: boolean;
  exam: ExamId;
  action: string;
}) {
  const heading = week === 0 ? "The next seven days" : `From ${formatDay(days[0]?.day ?? "")}`;
  return (
    <section aria-labelledby="week-heading" className="mt-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="week-heading" className="text-xl font-bold text-slate-900">
          {days.length > 0 ? heading : "Coming days"}
        </h2>
        <nav aria-label="Weeks" className="flex gap-2">
          {week > 0 ? (
            <Link
              to={plannerHref(week - 1)}
              preventScrollReset
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              ← Earlier
            </Link>
          ) : null}
          {hasNext ? (
            <Link
              to={plannerHref(week + 1)}
              preventScrollReset
              className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
            >
              Later →
            </Link>
          ) : null}
        </nav>
      </div>
      {days.length === 0 ? (
        <p className="mt-3 text-slate-700">No study days are left before your exam.</p>
      ) : (
        <ol className="mt-4 grid items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {days.map((day) => (
            <li
              key={day.day}
              className={cn(
                "rounded-xl border p-3",
                day.dayOff
                  ? "border-dashed border-slate-300 bg-slate-50"
                  : "border-slate-200 bg-white",
              )}
            >
              <h3 className="flex items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{formatDay(day.day)}</span>
                <span className="text-xs text-slate-600">
                  {day.dayOff
                    ? "Day off"
                    : day.tasks.length > 0
                      ? `${day.tasks.length} ${day.tasks.length === 1 ? "task" : "tasks"} · ${formatMinutes(totalMinutes(day.tasks))}`
                      : "Nothing planned"}
                </span>
              </h3>
              {day.tasks.length > 0 ? (
                <ul className="mt-2 space-y-2" aria-label={`Tasks for ${formatDay(day.day)}`}>
                  {day.tasks.map((task) => (
                    <TaskItem key={task.id} task={task} exam={exam} action={action} compact />
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What today's rebalance moved: a sentence per group, and every move on request. */
export function RebalanceNotice({
  lines,
  moves,
}: {
  lines: readonly string[];
  moves: readonly PlanMove[];
}) {
  return (
    <section
      role="status"
      aria-labelledby="rebalance-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
      data-testid="rebalance-notice"
    >
      <h2 id="rebalance-heading" className="font-semibold">
        Your plan was rebalanced around missed days
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium underline underline-offset-2">
          Every change ({moves.length})
        </summary>
        <ul className="mt-2 space-y-1">
          {moves.map((move, index) => (
            <li key={`${move.from}-${index}`}>
              <span className="font-medium">{move.title}</span>:{" "}
              {move.action === "moved"
                ? `${formatDay(move.from)} → ${formatDay(move.to!)}`
                : move.action === "merged"
                  ? `${formatDay(move.from)}, added to the reviews of ${formatDay(move.to!)}`
                  : move.action === "dropped"
                    ? `${formatDay(move.from)}, dropped (no room)`
                    : `planned for ${formatDay(move.from)}, dropped to make room`}
            </li>
          ))}
        </ul>
      </details>
    </section>
  );
}
