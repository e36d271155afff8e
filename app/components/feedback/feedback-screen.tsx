import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { LoadFailed } from "~/components/access/load-failed";
import { PlanUpgrade } from "~/components/access/plan-upgrade";
import { Panel } from "~/components/mock-exams/mock-table";
import { count, dateLabel, marks, plural, seconds } from "~/components/progress/format";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  FEEDBACK_KIND_LABELS,
  FEEDBACK_PATH,
  type FeedbackReport,
  type FeedbackSummary,
  type FeedbackTaskState,
  feedbackPath,
} from "~/lib/feedback";
import { MISTAKE_LABELS, percent } from "~/lib/progress";
import { formatDay, formatMinutes, KIND_LABELS, PLANNER_PATH } from "~/lib/study-plan";

export type FeedbackScreenData = {
  today: string;
  report: FeedbackReport | null;
  list: FeedbackSummary[];
  limit: number;
  usedToday: number;
  hasPlan: boolean;
  tasks: FeedbackTaskState[];
};

const AUTHOR_LABELS = { ai: "Written by the AI mentor", rules: "Written from your figures" };

export function FeedbackUpgrade() {
  return (
    <PlanUpgrade
      feature="mentorFeedback"
      points={[
        "Every Monday, written feedback on your week: what you practised and where marks are being lost.",
        "Marks at stake by subject and topic, mistakes by type from your error log, and your pace against the exam's.",
        "Three things to do this week, each added to your study planner in one click.",
        "Feedback on demand whenever you want it, and every past report kept.",
      ]}
    />
  );
}

/** "Get feedback now": a real form post; with JavaScript the button shows it is writing. */
function GenerateForm({ used, limit }: { used: number; limit: number }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "generate";
  const left = Math.max(0, limit - used);
  return (
    <Form method="post" className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <input type="hidden" name="intent" value="generate" />
      <Button type="submit" disabled={pending || left === 0} aria-describedby="feedback-left">
        {pending ? "Writing your feedback…" : "Get feedback now"}
      </Button>
      <p id="feedback-left" className="text-sm text-slate-600">
        {left === 0
          ? `You have used today's ${limit} on-demand reports; ask again tomorrow.`
          : `${plural(left, "report")} on demand left today.`}
      </p>
      <p aria-live="polite" className="sr-only">
        {pending ? "Writing your feedback, this can take a few seconds." : ""}
      </p>
    </Form>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-xl font-semibold text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The figures the report was written from, as /progress writes them. */
function Figures({ report }: { report: FeedbackReport }) {
  const { figures } = report;
  const activity = figures.activity;
  return (
    <div className="space-y-5" data-testid="feedback-figures">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure
          label="Answers this week"
          value={count(figures.thisWeek.answered)}
          testId="week-answered"
        />
        <Figure
          label="Accuracy this week"
          value={percent(figures.thisWeek.accuracy)}
          testId="week-accuracy"
        />
        <Figure label="Answers last week" value={count(figures.lastWeek.answered)} />
        <Figure label="Practice tests" value={count(activity.practiceTests)} />
        <Figure label="Mock exams" value={count(activity.mockExams)} />
        <Figure label="Flashcard reviews" value={count(activity.flashcardReviews)} />
      </dl>
      {figures.weekBySubject.length > 0 ? (
        <div>
          <h3 className="font-semibold text-slate-900">This week by subject</h3>
          <ul className="mt-2 flex flex-wrap gap-2 text-sm">
            {figures.weekBySubject.map((row) => (
              <li key={row.subject} className="rounded-full bg-brand-50 px-3 py-1 text-slate-800">
                {`${row.subject}: ${plural(row.answered, "answer")}, ${percent(row.accuracy)}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div>
        <h3 className="font-semibold text-slate-900">Marks at stake ({figures.exam.name})</h3>
        {figures.weakTopics.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">No topic to rank yet.</p>
        ) : (
          <ol className="mt-2 space-y-1 text-sm text-slate-800" data-testid="feedback-weak-topics">
            {figures.weakTopics.map((topic) => (
              <li key={`${topic.subject}/${topic.topic}`}>
                <span className="font-medium">{`${topic.subject} · ${topic.topic}`}</span>
                {`: ${percent(topic.accuracy)} of ${plural(topic.answered, "answer")} right · `}
                <strong>{`≈ ${marks(topic.marksAtStake)} marks at stake`}</strong>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="font-semibold text-slate-900">Error log</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid="feedback-errors">
            {figures.errorLog.byMistake.map((row) => (
              <li key={row.mistake}>{`${MISTAKE_LABELS[row.mistake]}: ${count(row.count)}`}</li>
            ))}
            <li>{`Not tagged: ${count(figures.errorLog.untagged)}`}</li>
          </ul>
        </div>
        <div>
          <h3 className="font-semibold text-slate-900">Pace</h3>
          <ul className="mt-2 space-y-1 text-sm text-slate-800" data-testid="feedback-pace">
            <li>{`Your average: ${seconds(figures.totals.averageSeconds)} a question`}</li>
            <li>{`${figures.exam.name} allows: ${figures.exam.secondsPerQuestion} s`}</li>
            {figures.slowSubjects.map((row) => (
              <li key={row.subject}>{`Slower: ${row.subject}, ${seconds(row.averageSeconds)}`}</li>
            ))}
          </ul>
        </div>
      </div>
    </div>
  );
}

/** One of the three tasks with its Add button: a form post, a fetcher with JavaScript. */
function TaskCard({
  report,
  index,
  state,
  hasPlan,
}: {
  report: FeedbackReport;
  index: number;
  state: FeedbackTaskState;
  hasPlan: boolean;
}) {
  const task = report.body.tasks[index]!;
  const fetcher = useFetcher({ key: `feedback-task-${report.id}-${index}` });
  const adding = fetcher.state !== "idle";
  const headingId = `feedback-task-title-${index}`;
  return (
    <li
      id={`feedback-task-${index}`}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={headingId}
    >
      <div>
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {`${index + 1} · ${KIND_LABELS[task.kind]} · ${formatMinutes(task.minutes)}`}
        </p>
        <h4
          id={headingId}
          className="mt-1 font-semibold text-slate-900"
          data-testid="feedback-task"
        >
          {task.label}
        </h4>
        <p className="mt-1 text-sm text-slate-700">{task.why}</p>
      </div>
      <div aria-live="polite">
        {state.added ? (
          <p className="text-sm font-medium text-emerald-800" data-testid="feedback-task-added">
            {`${state.done ? "Done" : "In your plan"} for ${formatDay(state.day!)} · `}
            <Link to={PLANNER_PATH} className="underline underline-offset-2">
              Open the planner
            </Link>
          </p>
        ) : hasPlan ? (
          <fetcher.Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="add-task" />
            <input type="hidden" name="reportId" value={report.id} />
            <input type="hidden" name="task" value={index} />
            <Button type="submit" size="sm" disabled={adding} aria-describedby={headingId}>
              {adding ? "Adding…" : "Add to my plan"}
            </Button>
          </fetcher.Form>
        ) : (
          <p className="text-sm text-slate-700">
            To add it, first{" "}
            <Link
              to={PLANNER_PATH}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              make a study plan
            </Link>
            .
          </p>
        )}
      </div>
    </li>
  );
}

function ReportView({ data }: { data: FeedbackScreenData & { report: FeedbackReport } }) {
  const { report } = data;
  const sections = [
    ["What you practised", report.body.practised],
    ["Where marks are being lost: subjects", report.body.subjects],
    ["Where marks are being lost: mistakes", report.body.errors],
    ["Where marks are being lost: time", report.body.timing],
  ] as const;
  return (
    <article
      aria-labelledby="feedback-report-heading"
      className="space-y-6"
      data-testid="feedback-report"
    >
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <p className="text-sm font-semibold text-brand-700">
          {`${FEEDBACK_KIND_LABELS[report.kind]} · ${report.kind === "weekly" ? `week of ${formatDay(report.period)}` : formatDay(report.period)} · ${AUTHOR_LABELS[report.author]}`}
        </p>
        <h2 id="feedback-report-heading" className="mt-1 text-xl font-semibold text-slate-900">
          {report.body.headline}
        </h2>
        <div className="mt-4 space-y-4">
          {sections.map(([title, text]) => (
            <section key={title}>
              <h3 className="font-semibold text-slate-900">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </section>
          ))}
        </div>
      </div>
      <section
        aria-labelledby="feedback-tasks-heading"
        className="rounded-2xl border border-brand-200 bg-brand-50/60 p-5 sm:p-6"
      >
        <h3 id="feedback-tasks-heading" className="text-lg font-semibold text-slate-900">
          Three things to do this week
        </h3>
        {data.hasPlan ? (
          <p className="mt-1 text-sm text-slate-700">
            Each goes into your study plan today, or on your next study day.
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-700" data-testid="feedback-no-plan">
            You have no study plan yet, so these cannot be added to it.{" "}
            <Link
              to={PLANNER_PATH}
              className="font-semibold text-brand-800 underline underline-offset-2"
            >
              Make a study plan
            </Link>{" "}
            first.
          </p>
        )}
        <ol className="mt-4 grid gap-3 md:grid-cols-3">
          {report.body.tasks.map((_, index) => (
            <TaskCard
              key={index}
              report={report}
              index={index}
              state={data.tasks[index] ?? { added: false, day: null, done: false }}
              hasPlan={data.hasPlan}
            />
          ))}
        </ol>
      </section>
      <Panel
        title="The figures behind it"
        id="feedback-figures-heading"
        description={`As on /progress, on ${formatDay(report.figures.asOf)}.`}
      >
        <Figures report={report} />
      </Panel>
    </article>
  );
}

function PastFeedback({ list, current }: { list: FeedbackSummary[]; current: string | null }) {
  return (
    <Panel title="Past feedback" id="feedback-list-heading" description="Newest first.">
      {list.length === 0 ? (
        <p className="text-slate-700">None yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" data-testid="feedback-list">
          {list.map((item) => (
            <li key={item.id} className="py-2">
              <Link
                to={feedbackPath(item.id)}
                aria-current={item.id === current ? "page" : undefined}
                className="block rounded-md px-1 py-1 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <span className="block text-sm font-semibold text-brand-800">
                  {`${FEEDBACK_KIND_LABELS[item.kind]} · ${dateLabel(item.createdAt)}`}
                </span>
                <span className="block text-sm text-slate-700">{item.headline}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** A learner with no answers yet: what to do first. */
function EmptyFeedback() {
  return (
    <section
      aria-labelledby="feedback-empty-heading"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
      data-testid="feedback-empty"
    >
      <h2 id="feedback-empty-heading" className="text-xl font-semibold text-slate-900">
        Nothing to give feedback on yet
      </h2>
      <p className="mt-2 text-slate-700">
        Your mentor writes from your own answers, and you have not answered any questions yet. Start
        with one of these, then come back:
      </p>
      <ul className="mt-4 flex flex-col gap-3 sm:flex-row">
        <li>
          <Link to="/practice" className={buttonClasses("primary", "md")}>
            Take a practice test
          </Link>
        </li>
        <li>
          <Link to="/mock-exams" className={buttonClasses("secondary", "md")}>
            Sit a mock exam
          </Link>
        </li>
        <li>
          <Link to={PLANNER_PATH} className={buttonClasses("secondary", "md")}>
            Make a study plan
          </Link>
        </li>
      </ul>
    </section>
  );
}

export function FeedbackScreen({ data }: { data: FeedbackScreenData }) {
  const { report } = data;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-8 sm:px-6 lg:grid-cols-3">
      <div className="space-y-6 lg:col-span-2">
        {report ? <GenerateForm used={data.usedToday} limit={data.limit} /> : null}
        {report ? <ReportView data={{ ...data, report }} /> : <EmptyFeedback />}
      </div>
      <div className="space-y-6">
        <PastFeedback list={data.list} current={report?.id ?? null} />
        {report ? (
          <p className="text-sm text-slate-600">
            Your weekly feedback is written on your first visit each week (Monday to Sunday, India
            time).{" "}
            <Link to={FEEDBACK_PATH} className="underline underline-offset-2">
              Latest feedback
            </Link>
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function FeedbackFailed() {
  return (
    <LoadFailed
      id="feedback-failed"
      title="Your feedback could not be loaded"
      kept="your reports are kept"
      retryHref={FEEDBACK_PATH}
    />
  );
}
