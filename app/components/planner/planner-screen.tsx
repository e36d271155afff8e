import type { SubmissionResult } from "@conform-to/react";
import { type ReactNode, useEffect, useRef } from "react";
import { EXAMS } from "~/lib/exams";
import {
  daysBetween,
  formatDate,
  formatHours,
  formatMinutes,
  type PlannerScreen,
  plannerHref,
  type PlanProgress,
  WEEKDAYS,
} from "~/lib/study-plan";
import { RebalanceNotice, TodayChecklist, WeekView } from "./plan-days";
import { PlanSettingsForm } from "./settings-form";

type PlanScreen = Extract<PlannerScreen, { state: "plan" }>;

function percent(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round((part / whole) * 100);
}

function ProgressRow({ label, done, planned }: { label: string; done: number; planned: number }) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-700">
          {done} of {planned} tasks
        </span>
      </div>
      <progress
        className="mt-1 h-2 w-full overflow-hidden rounded-full accent-brand-700 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand-700"
        max={Math.max(planned, 1)}
        value={done}
        aria-label={`${label}: ${done} of ${planned} tasks done (${percent(done, planned)} %)`}
      />
    </div>
  );
}

/** Done against planned: so far, this week, and over the whole plan. */
function PlanProgressCard({ progress }: { progress: PlanProgress }) {
  return (
    <section
      aria-labelledby="progress-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="progress-heading" className="text-lg font-semibold text-slate-900">
        Progress
      </h2>
      <div className="mt-3 space-y-3">
        <ProgressRow
          label="Up to today"
          done={progress.doneByToday}
          planned={progress.dueByToday}
        />
        <ProgressRow label="This week" done={progress.weekDone} planned={progress.weekPlanned} />
        <ProgressRow label="Whole plan" done={progress.done} planned={progress.planned} />
      </div>
      <p className="mt-3 text-sm text-slate-600">
        {formatMinutes(progress.doneMinutes)} of {formatMinutes(progress.plannedMinutes)} studied.
      </p>
    </section>
  );
}

/** The plan's settings in a sentence. */
function PlanSummary({ screen }: { screen: PlanScreen }) {
  const { settings, today } = screen;
  const exam = EXAMS[settings.exam].name;
  const left = daysBetween(today, settings.examDate);
  const off = WEEKDAYS.filter((day) => settings.daysOff.includes(day.value)).map((day) => day.name);
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="summary-heading" className="text-lg font-semibold text-slate-900">
        Your plan
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">Exam</dt>
        <dd className="font-medium text-slate-900">
          {exam}, {formatDate(settings.examDate)}
        </dd>
        <dt className="text-slate-600">Days left</dt>
        <dd className="font-medium text-slate-900">{left > 0 ? left : 0}</dd>
        <dt className="text-slate-600">Each day</dt>
        <dd className="font-medium text-slate-900">{formatHours(settings.hoursPerDay)}</dd>
        <dt className="text-slate-600">Days off</dt>
        <dd className="font-medium text-slate-900">{off.length > 0 ? off.join(", ") : "None"}</dd>
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        {settings.exam === "university"
          ? "Subjects are spread evenly (university exams have no published weights), with more time for your weaker ones."
          : `Subjects get time by NEET-PG's published weights${settings.exam === "neet-pg" ? "" : ` (which ${exam} follows closely)`}, with more for your weaker ones. The last weeks are revision.`}
      </p>
    </section>
  );
}

/** Where the exam stands, when it is today, tomorrow or passed. */
function PhaseNotice({ screen }: { screen: PlanScreen }) {
  const exam = EXAMS[screen.settings.exam].name;
  const text =
    screen.phase === "passed"
      ? `Your ${exam} date, ${formatDate(screen.settings.examDate)}, has passed. When is your next exam? Set its date below to plan again; your history stays.`
      : screen.phase === "exam-today"
        ? `Your ${exam} is today. Good luck! Nothing more is planned. When you know your next exam, set its date below.`
        : screen.phase === "exam-tomorrow"
          ? `Your ${exam} is tomorrow. Today is a light revision day: finish what you can and rest well.`
          : null;
  if (!text) return null;
  return (
    <p
      role="status"
      className="rounded-2xl border border-brand-200 bg-white p-4 font-medium text-brand-900 shadow-sm"
      data-testid="phase-notice"
    >
      {text}
    </p>
  );
}

/** The address the header's "Change your plan" leads to. */
export const SETTINGS_ANCHOR = "plan-settings";

/**
 * The settings, folded away until asked for: open when the exam is over or
 * the form came back with errors, and when the address points at it (the
 * header's link; browsers without JavaScript open it themselves).
 */
function SettingsDisclosure({
  title,
  open,
  children,
}: {
  title: string;
  open: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const openIfAsked = () => {
      if (window.location.hash === `#${SETTINGS_ANCHOR}` && ref.current) ref.current.open = true;
    };
    openIfAsked();
    window.addEventListener("hashchange", openIfAsked);
    return () => window.removeEventListener("hashchange", openIfAsked);
  }, []);
  return (
    <details
      ref={ref}
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      open={open || undefined}
    >
      <summary className="cursor-pointer text-lg font-semibold text-slate-900">{title}</summary>
      <div id={SETTINGS_ANCHOR} className="mt-5 scroll-mt-24">
        {children}
      </div>
    </details>
  );
}

/** The planner with a plan: the notice, today's checklist, progress, the coming days and the settings. */
export function PlanScreenView({
  screen,
  lastResult,
}: {
  screen: PlanScreen;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const action = plannerHref(screen.week.index);
  const over = screen.phase === "passed" || screen.phase === "exam-today";
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-8 sm:px-6">
      <PhaseNotice screen={screen} />
      {screen.rebalanced ? (
        <RebalanceNotice lines={screen.rebalanced.lines} moves={screen.rebalanced.moves} />
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        {over ? (
          <PlanProgressCard progress={screen.progress} />
        ) : (
          <TodayChecklist
            tasks={screen.todayTasks}
            dayOff={screen.todayOff}
            exam={screen.settings.exam}
            action={action}
            emptyText="Nothing is planned for today."
          />
        )}
        <div className="space-y-6">
          <PlanSummary screen={screen} />
          {over ? null : <PlanProgressCard progress={screen.progress} />}
        </div>
      </div>
      {over ? null : (
        <WeekView
          days={screen.week.days}
          week={screen.week.index}
          hasNext={screen.week.hasNext}
          exam={screen.settings.exam}
          action={action}
        />
      )}
      <SettingsDisclosure
        title={over ? "Plan for your next exam" : "Change your plan"}
        open={over || lastResult !== null}
      >
        <PlanSettingsForm
          today={screen.today}
          settings={screen.settings}
          lastResult={lastResult}
          rebuild
        />
      </SettingsDisclosure>
    </div>
  );
}
