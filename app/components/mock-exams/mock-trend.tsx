import type { MockTrendPoint } from "~/lib/mock-results";

const DATE = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/**
 * The learner's score in every submitted mock, oldest first, as a bar of the
 * paper's maximum marks: on /mock-exams and /progress.
 */
export function MockTrend({ trend }: { trend: readonly MockTrendPoint[] }) {
  if (trend.length === 0) {
    return (
      <p className="text-slate-700">
        Your score in each mock you submit will show here, oldest first.
      </p>
    );
  }
  return (
    <ol className="space-y-2" aria-label="Score per mock, oldest first">
      {trend.map((point) => (
        <li
          key={point.attemptId}
          className="grid grid-cols-[minmax(0,14rem)_1fr_auto] items-center gap-3 text-sm"
        >
          <span className="truncate text-slate-800" title={point.title}>
            {`${DATE.format(new Date(point.submittedAt))} · ${point.title}`}
          </span>
          <span className="h-3 rounded-full bg-slate-100" aria-hidden="true">
            <span
              className="block h-3 rounded-full bg-brand-600"
              style={{ width: `${Math.max(0, Math.min(100, point.percent))}%` }}
            />
          </span>
          <span className="font-semibold tabular-nums text-slate-900">
            {`${point.percent} %`}
            <span className="sr-only">{` (${point.score} of ${point.maxScore})`}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
