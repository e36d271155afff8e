import { Form, Link, useFetcher, useSearchParams } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { MockTrend } from "~/components/mock-exams/mock-trend";
import { buttonClasses } from "~/components/ui/button";
import { DOMAIN_LABELS, SPECIALTY_LABELS } from "~/lib/case-studies";
import { EXAM_IDS, EXAMS } from "~/lib/exams";
import {
  percent,
  PROGRESS_WEEKS,
  type ProgressView,
  type SubjectProgress,
  type TopicProgress,
  type WeekPoint,
} from "~/lib/progress";
import { ErrorLogSection, FlashcardsSection, Panel, SpeedSection, Stat } from "./breakdowns";
import { ChartKey, ChartWithTable, Sparkline, WeeklyChart, weeklySummary } from "./charts";
import { count, dateLabel, plural, seconds, weekLabel } from "./format";
import { type Column, ScrollArea, SortableTable } from "./sortable-table";
import { WhatToDoNext } from "./what-next";
import { topicsAnchor } from "~/lib/slug";

const linkClass = "font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900";

/** The exam the readiness and the marks at stake are for: a plain GET form. */
export function ExamPicker({ exam }: { exam: ProgressView["exam"] }) {
  return (
    <Form method="get" className="mt-5 flex flex-wrap items-end gap-3" data-testid="exam-picker">
      <div>
        <label htmlFor="progress-exam" className="block text-sm font-medium text-slate-800">
          Target exam
        </label>
        <select
          id="progress-exam"
          name="exam"
          defaultValue={exam.id}
          key={exam.id}
          className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
        >
          {EXAM_IDS.map((id) => (
            <option key={id} value={id}>
              {EXAMS[id].name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={buttonClasses("secondary", "md")}>
        Show
      </button>
      <p className="basis-full text-sm text-slate-600">
        {exam.source === "plan"
          ? `${exam.name} is the exam of your study plan.`
          : exam.source === "default"
            ? "NEET-PG unless you choose another exam here or in your "
            : `Showing ${exam.name}.`}
        {exam.source === "default" ? (
          <>
            <Link to="/planner" className={linkClass}>
              study plan
            </Link>
            .
          </>
        ) : null}
      </p>
    </Form>
  );
}

/** The analytics, or what to do first for a learner with no answers yet. */
export function ProgressScreen({ view }: { view: ProgressView }) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-10 px-4 py-8 sm:px-6">
      {view.totals.answered === 0 ? (
        <FirstSteps />
      ) : (
        <>
          <Glance view={view} />
          <WhatToDoNext view={view} />
          <Trends view={view} />
          <MockSection mocks={view.mocks} />
          <SubjectTable view={view} />
          <TopicTable view={view} />
          <SpeedSection view={view} />
          <ErrorLogSection errorLog={view.errorLog} />
        </>
      )}
      <CaseSection cases={view.cases} />
      <FlashcardsSection flashcards={view.flashcards} />
      <p className="text-sm text-slate-600">
        {`Figures to ${dateLabel(Date.parse(`${view.asOf}T12:00:00+05:30`))}, from every question you answered: quizzes, simulations, practice tests and mock exams.`}
      </p>
    </div>
  );
}

function FirstSteps() {
  return (
    <section
      aria-labelledby="first-steps-heading"
      className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 sm:p-8"
      data-testid="progress-empty"
    >
      <h2 id="first-steps-heading" className="text-xl font-semibold text-slate-900">
        No answers yet
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        Your progress is built from every question you answer, wherever you answer it. Answer a few
        and this page shows your accuracy by subject and topic, your speed, your weakest topics by
        the marks at stake and how ready you are for your exam.
      </p>
      <ol className="mt-5 list-decimal space-y-2 pl-5 text-slate-800">
        <li>
          <Link to="/clinical-quizzes" className={linkClass}>
            Take a clinical quiz
          </Link>{" "}
          on a topic you are revising.
        </li>
        <li>
          <Link to="/practice" className={linkClass}>
            Build a practice test
          </Link>{" "}
          by subject, in tutor or timed mode.
        </li>
        <li>Come back here to see where the marks are.</li>
      </ol>
    </section>
  );
}

function Glance({ view }: { view: ProgressView }) {
  const { totals, weekly, exam } = view;
  const thisWeek = weekly.overall[weekly.overall.length - 1]!;
  return (
    <section aria-labelledby="glance-heading" className="space-y-3">
      <h2 id="glance-heading" className="text-xl font-semibold text-slate-900">
        At a glance
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="progress-totals">
        <Stat
          label="Questions answered"
          value={count(totals.answered)}
          note={`${plural(totals.topics, "topic")} in ${plural(totals.subjects, "subject")}`}
        />
        <Stat
          label="Accuracy"
          value={percent(totals.accuracy)}
          note={`${count(totals.correct)} right`}
        />
        <Stat
          label="Time per timed question"
          value={seconds(totals.averageSeconds)}
          note={`${exam.name} pace: ${exam.secondsPerQuestion} s`}
        />
        <Stat
          label="This week"
          value={count(thisWeek.answered)}
          note={
            thisWeek.accuracy === null
              ? "No answers since Monday"
              : `${percent(thisWeek.accuracy)} right since Monday`
          }
        />
      </dl>
    </section>
  );
}

function WeekCell({ week }: { week: WeekPoint }) {
  return week.answered === 0 ? (
    <span className="text-slate-500">–</span>
  ) : (
    <>{`${percent(week.accuracy)} of ${count(week.answered)}`}</>
  );
}

function Trends({ view }: { view: ProgressView }) {
  const { overall, bySubject } = view.weekly;
  return (
    <Panel id="trends-heading" title="Accuracy and volume over time">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="font-semibold text-slate-900">{`All subjects, week by week (last ${PROGRESS_WEEKS} weeks)`}</h3>
        <div className="mt-2">
          <ChartKey />
        </div>
        <div className="mt-3">
          <ChartWithTable
            chart={<WeeklyChart weeks={overall} />}
            table={() => (
              <ScrollArea label="Answers and accuracy by week">
                <table className="w-full text-left text-sm" data-testid="weekly-table">
                  <caption className="pb-2 text-left text-slate-600">
                    Answers and accuracy by week (weeks start on Monday)
                  </caption>
                  <thead className="border-b border-slate-200 text-slate-700">
                    <tr>
                      <th scope="col" className="py-1 pr-4">
                        Week of
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right">
                        Answers
                      </th>
                      <th scope="col" className="py-1 pr-4 text-right">
                        Right
                      </th>
                      <th scope="col" className="py-1 text-right">
                        Accuracy
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-100 tabular-nums">
                    {overall.map((week) => (
                      <tr key={week.start}>
                        <th scope="row" className="py-1 pr-4 font-medium text-slate-900">
                          {weekLabel(week.start)}
                        </th>
                        <td className="py-1 pr-4 text-right">{count(week.answered)}</td>
                        <td className="py-1 pr-4 text-right">{count(week.correct)}</td>
                        <td className="py-1 text-right">{percent(week.accuracy)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollArea>
            )}
          />
        </div>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="font-semibold text-slate-900">By subject</h3>
        {bySubject.length === 0 ? (
          <p className="mt-2 text-slate-700">{`No answers in the last ${PROGRESS_WEEKS} weeks.`}</p>
        ) : (
          <div className="mt-3">
            <ChartWithTable
              chart={
                <ul className="divide-y divide-slate-100" data-testid="subject-trends">
                  {bySubject.map((row) => (
                    <li key={row.subject} className="flex items-center justify-between gap-4 py-2">
                      <span className="min-w-0">
                        <span className="block font-medium text-slate-900">{row.subject}</span>
                        <span className="block text-sm text-slate-600">
                          {`${percent(row.accuracy)} of ${plural(row.answered, "answer")}`}
                        </span>
                      </span>
                      <Sparkline weeks={row.weeks} label={weeklySummary(row.weeks, row.subject)} />
                    </li>
                  ))}
                </ul>
              }
              table={() => (
                <ScrollArea label="Accuracy and answers by subject and week">
                  <table
                    className="w-full text-left text-sm [&_td]:whitespace-nowrap [&_td]:py-1 [&_td]:pr-3 [&_td]:text-right"
                    data-testid="subject-weeks-table"
                  >
                    <caption className="pb-2 text-left text-slate-600">
                      Accuracy and answers by subject and week (week of)
                    </caption>
                    <thead className="border-b border-slate-200 text-slate-700">
                      <tr>
                        <th scope="col" className="py-1 pr-3">
                          Subject
                        </th>
                        {overall.map((week) => (
                          <th
                            key={week.start}
                            scope="col"
                            className="whitespace-nowrap py-1 pr-3 text-right"
                          >
                            {weekLabel(week.start)}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100 tabular-nums">
                      {bySubject.map((row) => (
                        <tr key={row.subject}>
                          <th scope="row" className="py-1 pr-3 font-medium text-slate-900">
                            {row.subject}
                          </th>
                          {row.weeks.map((week) => (
                            <td key={week.start}>
                              <WeekCell week={week} />
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollArea>
              )}
            />
          </div>
        )}
      </div>
    </Panel>
  );
}

function AccuracyCell({ value }: { value: number | null }) {
  return (
    <span className="inline-flex items-center justify-end gap-2">
      <span
        className="hidden h-2 w-16 rounded-full bg-slate-100 sm:inline-block"
        aria-hidden="true"
      >
        <span
          className="block h-2 rounded-full bg-brand-600"
          style={{ width: `${Math.round((value ?? 0) * 100)}%` }}
        />
      </span>
      {percent(value)}
    </span>
  );
}

function SubjectTable({ view }: { view: ProgressView }) {
  const columns: Column<SubjectProgress>[] = [
    {
      key: "subject",
      label: "Subject",
      sortValue: (row) => row.subject,
      cell: (row) => row.subject,
    },
    {
      key: "answered",
      label: "Answers",
      numeric: true,
      sortValue: (row) => row.answered,
      cell: (row) => count(row.answered),
    },
    {
      key: "accuracy",
      label: "Accuracy",
      numeric: true,
      sortValue: (row) => row.accuracy,
      cell: (row) => <AccuracyCell value={row.accuracy} />,
    },
    {
      key: "topics",
      label: "Topics",
      numeric: true,
      sortValue: (row) => row.topics,
      cell: (row) => count(row.topics),
    },
    {
      key: "weight",
      label: `In ${view.exam.name}`,
      numeric: true,
      sortValue: (row) => row.examQuestions,
      cell: (row) =>
        row.examQuestions === null
          ? "not asked"
          : `≈ ${Math.round(row.examQuestions)} of ${view.exam.questions}`,
    },
  ];
  return (
    <Panel id="subjects-heading" title="Accuracy by subject">
      <SortableTable
        caption={`Subjects in order of their weight in ${view.exam.name}, heaviest first.`}
        columns={columns}
        rows={view.subjects}
        rowKey={(row) => row.subject}
        testId="subject-table"
      />
    </Panel>
  );
}

function TopicTable({ view }: { view: ProgressView }) {
  const columns: Column<TopicProgress>[] = [
    { key: "topic", label: "Topic", sortValue: (row) => row.topic, cell: (row) => row.topic },
    {
      key: "answered",
      label: "Answers",
      numeric: true,
      sortValue: (row) => row.answered,
      cell: (row) => count(row.answered),
    },
    {
      key: "accuracy",
      label: "Accuracy",
      numeric: true,
      sortValue: (row) => row.accuracy,
      cell: (row) => percent(row.accuracy),
    },
    {
      key: "time",
      label: "Time each",
      numeric: true,
      sortValue: (row) => row.averageSeconds,
      cell: (row) => seconds(row.averageSeconds),
    },
    {
      key: "last",
      label: "Last answered",
      numeric: true,
      sortValue: (row) => row.lastAt,
      cell: (row) => dateLabel(row.lastAt),
    },
  ];
  const bySubject = new Map<string, TopicProgress[]>();
  for (const topic of view.topics) {
    bySubject.set(topic.subject, [...(bySubject.get(topic.subject) ?? []), topic]);
  }
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const opened = searchParams.get("topics");
  const addressWith = (subject: string, anchor: string) => {
    const params = new URLSearchParams(searchParams);
    params.set("topics", subject);
    return `?${params}#${anchor}`;
  };
  return (
    <Panel id="topics-heading" title="Accuracy by topic">
      <p className="text-sm text-slate-600">
        Subjects in order of their weight in the exam; open one to see its topics, the weakest
        first.
      </p>
      <div
        className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        data-testid="topic-groups"
      >
        {view.subjects.map((subject) => (
          <SubjectTopics
            key={subject.subject}
            subject={subject}
            topics={bySubject.get(subject.subject) ?? []}
            columns={columns}
            openOnLoad={opened === subject.subject}
            hydrated={hydrated}
            addressWith={addressWith}
          />
        ))}
      </div>
    </Panel>
  );
}

/**
 * One subject's topics behind its summary. The table is drawn only once the
 * subject is opened, and its rows come with the page only for the subject
 * opened in the address: the page would otherwise carry every topic of every
 * subject (over a thousand elements and most of its data for an active
 * learner, most never opened). With JavaScript opening asks the page's loader
 * for the subject's topics (?topics=…) and draws them (FetchedTopics, made
 * only then); without, the opened subject offers a link that loads the page
 * with it open.
 */
function SubjectTopics({
  subject,
  topics,
  columns,
  openOnLoad,
  hydrated,
  addressWith,
}: {
  subject: SubjectProgress;
  topics: TopicProgress[];
  columns: Column<TopicProgress>[];
  openOnLoad: boolean;
  hydrated: boolean;
  /** The page's address with `topics` set to a subject (query string and anchor). */
  addressWith: (subject: string, anchor: string) => string;
}) {
  const [opened, setOpened] = useState(openOnLoad);
  const anchor = topicsAnchor(subject.subject);
  return (
    <details
      id={anchor}
      className="group px-4 py-3"
      open={openOnLoad || undefined}
      onToggle={(event) => {
        if (event.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="flex cursor-pointer items-center justify-between gap-3 rounded font-medium text-slate-900">
        <span>
          <span
            aria-hidden="true"
            className="mr-2 inline-block text-slate-500 transition-transform group-open:rotate-90"
          >
            ▸
          </span>
          {subject.subject}
        </span>
        <span className="text-sm font-normal text-slate-600">
          {`${plural(subject.topics, "topic")} · ${percent(subject.accuracy)} of ${plural(subject.answered, "answer")}`}
        </span>
      </summary>
      <div className="mt-3">
        {openOnLoad ? (
          <TopicRows subject={subject.subject} rows={topics} columns={columns} />
        ) : opened ? (
          <FetchedTopics
            subject={subject.subject}
            columns={columns}
            href={addressWith(subject.subject, anchor)}
          />
        ) : hydrated ? null : (
          <a href={addressWith(subject.subject, anchor)} className={linkClass}>
            {`Show the ${plural(subject.topics, "topic")} of ${subject.subject}`}
          </a>
        )}
      </div>
    </details>
  );
}

function TopicRows({
  subject,
  rows,
  columns,
}: {
  subject: string;
  rows: TopicProgress[];
  columns: Column<TopicProgress>[];
}) {
  return (
    <SortableTable
      caption={`${subject}: the weakest topic first.`}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.topic}
    />
  );
}

/**
 * A subject opened in the browser: its topics asked of the page's loader
 * (`href`, the address with ?topics= set) when it first opens, with the
 * loading and failure states; it stays mounted, so reopening draws at once.
 */
function FetchedTopics({
  subject,
  columns,
  href,
}: {
  subject: string;
  columns: Column<TopicProgress>[];
  href: string;
}) {
  const fetcher = useFetcher<{ view: { topics: TopicProgress[] } | null }>();
  const { load } = fetcher;
  const idle = fetcher.state === "idle";
  const loaded = fetcher.data !== undefined;
  useEffect(() => {
    if (idle && !loaded) load(`/progress${href.slice(0, href.indexOf("#"))}`);
  }, [idle, loaded, load, href]);
  const rows = fetcher.data?.view?.topics.filter((topic) => topic.subject === subject);
  if (rows) return <TopicRows subject={subject} rows={rows} columns={columns} />;
  if (idle && loaded) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {`The topics of ${subject} could not be loaded. `}
        <a href={href} className={linkClass}>
          Try again
        </a>
      </p>
    );
  }
  return (
    <p role="status" className="text-sm text-slate-600">
      {`Loading the topics of ${subject}…`}
    </p>
  );
}

/** Every finished case study's score and domains, newest first; a pointer to /case-studies before the first. */
function CaseSection({ cases }: { cases: ProgressView["cases"] }) {
  return (
    <Panel id="cases-heading" title="Case studies" testId="progress-cases">
      {cases.length === 0 ? (
        <p className="text-slate-700">
          No case studies finished yet. Work a virtual patient at{" "}
          <Link to="/case-studies" className={linkClass}>
            Case studies
          </Link>{" "}
          (Pro); each one you finish shows here with its score by domain.
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Finished case studies, newest first</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-3">
                  Case
                </th>
                <th scope="col" className="py-1 pr-3">
                  Finished
                </th>
                <th scope="col" className="py-1 pr-3 text-right">
                  Score
                </th>
                <th scope="col" className="py-1">
                  By domain
                </th>
              </tr>
            </thead>
            <tbody>
              {[...cases].reverse().map((entry) => (
                <tr key={entry.attemptId} className="border-b border-slate-100 align-top">
                  <th scope="row" className="py-1 pr-3 font-medium">
                    <Link to={`/case-studies/${entry.attemptId}`} className={linkClass}>
                      {entry.title}
                    </Link>
                    <span className="block text-xs font-normal text-slate-600">
                      {SPECIALTY_LABELS[entry.specialty]}
                    </span>
                  </th>
                  <td className="py-1 pr-3">{dateLabel(entry.finishedAt)}</td>
                  <td className="py-1 pr-3 text-right font-semibold">{entry.score} %</td>
                  <td className="py-1 text-xs text-slate-700">
                    {entry.domains
                      .map((d) => `${DOMAIN_LABELS[d.domain]} ${d.points}/${d.max}`)
                      .join(" · ")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

/** Every submitted mock's score, oldest first; a pointer to /mock-exams before the first. */
function MockSection({ mocks }: { mocks: ProgressView["mocks"] }) {
  return (
    <Panel id="mocks-heading" title="Mock exams" testId="progress-mocks">
      {mocks.length === 0 ? (
        <p className="text-slate-700">
          No mock exams yet. Full NEET-PG, INI-CET and FMGE papers, and half and quarter mini mocks,
          are at{" "}
          <Link to="/mock-exams" className={linkClass}>
            Mock exams
          </Link>{" "}
          (Pro); each one you submit shows here as a share of the paper&apos;s maximum marks.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            Your score in each mock, as a share of the paper&apos;s maximum marks, oldest first.{" "}
            <Link to="/mock-exams" className={linkClass}>
              Your mocks and their analysis
            </Link>
          </p>
          <MockTrend trend={mocks} />
        </>
      )}
    </Panel>
  );
}
