import { Link } from "@remix-run/react";
import { type Marking, PRACTICE_LABELS, type PracticeTestSummary } from "~/lib/practice";
import { Countdown } from "./countdown";

const DATE_FORMAT = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/**
 * A test's heading: back to the practice tests, its title, mode, marking
 * and size (when it was submitted, once it is), and while a timed test is
 * open its countdown.
 */
export function TestHeading({
  test,
  marking,
  now,
  onExpire,
}: {
  test: PracticeTestSummary;
  marking: Pick<Marking, "label">;
  /** The server's clock when the page was read (for the countdown). */
  now: number;
  onExpire?: () => void;
}) {
  const open = test.status === "active";
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="text-sm font-medium text-brand-800">
          <Link to="/practice" className="underline underline-offset-2">
            Practice tests
          </Link>
        </p>
        <h1 className="mt-1 text-2xl font-bold text-slate-900">{test.title}</h1>
        <p className="mt-1 text-sm text-slate-700">
          {`${PRACTICE_LABELS.mode[test.mode]} mode · ${test.examName} marking (${marking.label}) · ${test.questionCount} questions`}
          {test.submittedAt ? ` · submitted ${DATE_FORMAT.format(new Date(test.submittedAt))}` : ""}
        </p>
      </div>
      {open && test.mode === "timed" && test.deadlineAt !== null ? (
        <Countdown deadlineAt={test.deadlineAt} serverNow={now} onExpire={onExpire} />
      ) : null}
    </div>
  );
}
