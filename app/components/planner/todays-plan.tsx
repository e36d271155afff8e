import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { EXAMS } from "~/lib/exams";
import {
  formatDate,
  formatMinutes,
  PLANNER_PATH,
  taskHref,
  taskMeta,
  type TodaysPlan,
} from "~/lib/study-plan";

/** The home page's "Today's plan": the day's tasks with links, and the way to the planner. */
export function TodaysPlanSection({ plan }: { plan: TodaysPlan }) {
  const done = plan.tasks.filter((task) => task.done).length;
  const minutes = plan.tasks.reduce((sum, task) => sum + task.minutes, 0);
  const examAhead = plan.examDate > plan.today;
  return (
    <section aria-labelledby="todays-plan-heading" className="bg-white">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <div className="rounded-2xl border border-brand-200 bg-brand-50/50 p-5 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="todays-plan-heading" className="text-xl font-bold text-slate-900">
              Today&apos;s plan
            </h2>
            <p className="text-sm text-slate-700">
              {`${EXAMS[plan.exam].name} on ${formatDate(plan.examDate)}`}
            </p>
          </div>
          {!examAhead ? (
            <p className="mt-2 text-slate-700">
              Your exam date has passed. Set your next exam in the planner.
            </p>
          ) : plan.tasks.length === 0 ? (
            <p className="mt-2 text-slate-700">Nothing is planned for today.</p>
          ) : (
            <>
              <p className="mt-1 text-sm text-slate-700">
                {done} of {plan.tasks.length} done · {formatMinutes(minutes)} planned
              </p>
              <ul className="mt-3 space-y-2">
                {plan.tasks.map((task) => (
                  <li key={task.id} className="flex items-center justify-between gap-3">
                    <span className={task.done ? "text-slate-500 line-through" : "text-slate-900"}>
                      <span className="sr-only">{task.done ? "Done: " : "To do: "}</span>
                      {task.title}
                      <span className="text-sm text-slate-600"> · {taskMeta(task)}</span>
                    </span>
                    {task.done ? null : (
                      <Link
                        to={taskHref(task, plan.exam)}
                        className="shrink-0 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
                      >
                        Start<span className="sr-only">: {task.title}</span>
                      </Link>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
          {examAhead && plan.missed > 0 ? (
            <p className="mt-3 text-sm text-amber-900">
              {plan.missed} {plan.missed === 1 ? "task" : "tasks"} from earlier days will be moved
              into the coming days when you open the planner.
            </p>
          ) : null}
          <Link to={PLANNER_PATH} className={buttonClasses("secondary", "sm", "mt-4")}>
            Open your study planner
          </Link>
        </div>
      </div>
    </section>
  );
}
