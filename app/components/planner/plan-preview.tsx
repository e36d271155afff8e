import { EXAMS } from "~/lib/exams";
import {
  formatDay,
  formatHours,
  formatMinutes,
  KIND_LABELS,
  type PlanPreview,
} from "~/lib/study-plan";

/**
 * The upgrade view's sample: the first week a NEET-PG plan would give this
 * learner, built from their own answers, shown but not usable.
 */
export function PlanPreviewWeek({ preview }: { preview: PlanPreview }) {
  const { settings } = preview;
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="planner-preview"
    >
      <h3 id="preview-heading" className="font-semibold text-slate-900">
        Your first week, as the planner would lay it out
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        For {EXAMS[settings.exam].name} in 20 weeks, {formatHours(settings.hoursPerDay)} a day,
        Sundays off.{" "}
        {preview.weakSubjects.length > 0
          ? `More time goes to your weaker subjects: ${preview.weakSubjects
              .map((row) => `${row.subject} (${Math.round(row.accuracy * 100)} % right)`)
              .join(", ")}.`
          : "Answer some quiz or practice questions and it weighs your weak subjects too."}
      </p>
      <ol className="mt-3 grid gap-3 sm:grid-cols-2">
        {preview.days.map((day) => (
          <li key={day.day} className="rounded-lg border border-slate-200 bg-white p-3">
            <p className="font-semibold text-slate-900">{formatDay(day.day)}</p>
            {day.dayOff ? (
              <p className="text-sm text-slate-600">Day off</p>
            ) : (
              <ul className="mt-1 space-y-1 text-sm text-slate-700">
                {day.tasks.map((task) => (
                  <li key={`${task.day}-${task.position}`}>
                    <span className="font-medium text-slate-900">{KIND_LABELS[task.kind]}:</span>{" "}
                    {task.kind === "practice"
                      ? `${task.subject}${task.topic ? ` · ${task.topic}` : ""}`
                      : task.title}
                    <span className="text-slate-500"> · {formatMinutes(task.minutes)}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
