import { Link, useFetcher } from "@remix-run/react";
import { cn } from "~/lib/cn";
import type { ExamId } from "~/lib/exams";
import { FEEDBACK_PATH } from "~/lib/feedback";
import { formatDay, type PlanTask, taskHref, taskMeta } from "~/lib/study-plan";

/** The task's tick as it stands, or as just posted (shown before the server answers). */
function useTick(task: PlanTask) {
  const fetcher = useFetcher({ key: `tick-${task.id}` });
  const pending = fetcher.formData?.get("done");
  return { fetcher, done: typeof pending === "string" ? pending === "1" : task.done };
}

/**
 * Ticks a task done or not done: a form post (JavaScript off, the page comes
 * back at the task); with JavaScript a fetcher, and the tick shows at once.
 */
function TaskTick({
  task,
  action,
  tick: { fetcher, done },
}: {
  task: PlanTask;
  action: string;
  tick: ReturnType<typeof useTick>;
}) {
  return (
    <fetcher.Form method="post" action={action} preventScrollReset className="shrink-0">
      <input type="hidden" name="intent" value="tick" />
      <input type="hidden" name="taskId" value={task.id} />
      <button
        type="submit"
        name="done"
        value={done ? "0" : "1"}
        role="checkbox"
        aria-checked={done}
        aria-labelledby={`task-title-${task.id}`}
        aria-describedby={`task-meta-${task.id}`}
        className={cn(
          "flex size-7 items-center justify-center rounded-md border-2 text-base font-bold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
          done
            ? "border-brand-700 bg-brand-700 text-white hover:bg-brand-800"
            : "border-slate-400 bg-white text-transparent hover:border-brand-600",
        )}
      >
        <span aria-hidden="true">✓</span>
      </button>
    </fetcher.Form>
  );
}

/** A task of a day: tick, what it is, how long, and Start (the screen it opens, pre-filled). */
export function TaskItem({
  task,
  exam,
  action,
  compact = false,
}: {
  task: PlanTask;
  exam: ExamId;
  /** Where the tick posts: the planner's address as shown. */
  action: string;
  compact?: boolean;
}) {
  const tick = useTick(task);
  const done = tick.done;
  return (
    <li
      id={`task-${task.id}`}
      className={cn(
        "flex items-start gap-3 rounded-xl border bg-white",
        compact ? "p-2.5" : "p-3.5 sm:p-4",
        done ? "border-slate-200 bg-slate-50" : "border-slate-200",
      )}
    >
      <TaskTick task={task} action={action} tick={tick} />
      <div className="min-w-0 flex-1">
        <p
          id={`task-title-${task.id}`}
          className={cn(
            "font-medium text-slate-900",
            compact ? "text-sm" : "text-base",
            done && "text-slate-500 line-through decoration-slate-400",
          )}
        >
          {task.title}
        </p>
        <p id={`task-meta-${task.id}`} className="mt-0.5 text-sm text-slate-600">
          {taskMeta(task)}
          {task.movedFrom ? (
            <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
              Moved from {formatDay(task.movedFrom)}
            </span>
          ) : null}
          {task.origin === "feedback" ? (
            <Link
              to={FEEDBACK_PATH}
              className="ml-2 inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 underline-offset-2 hover:underline"
            >
              From mentor feedback
            </Link>
          ) : null}
        </p>
      </div>
      <Link
        to={taskHref(task, exam)}
        className={cn(
          "shrink-0 rounded-lg font-semibold text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600",
          compact
            ? "px-1 text-sm"
            : "border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50",
        )}
      >
        Start<span className="sr-only">: {task.title}</span>
      </Link>
    </li>
  );
}
