import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { PlanUpgrade } from "~/components/access/plan-upgrade";
import { Button, buttonClasses } from "~/components/ui/button";
import { controlClass } from "~/components/ui/fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";
import { EXAMS } from "~/lib/exams";
import {
  MAX_PAPER_NUMBER,
  type MockSummary,
  PALETTE_LABELS,
  PALETTE_STATES,
  mockExamPath,
  type MockStartChoice,
  startMockFormSchema,
} from "~/lib/mock-exams";
import {
  LENGTH_LABEL,
  MOCK_LENGTHS,
  MOCK_PATTERN_IDS,
  MOCK_PATTERNS,
  type MockLength,
  type MockPatternId,
  minutesLabel,
  mockShape,
} from "~/lib/mock-patterns";
import type { MockPreview, MockTrendPoint } from "~/lib/mock-results";
import { Panel } from "./mock-table";
import { MockTrend } from "./mock-trend";
import { PaletteMark } from "./palette";

const DATE = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

export type MockHome = {
  mocks: MockSummary[];
  trend: MockTrendPoint[];
  /** Each series' next paper for this learner, by "pattern:length". */
  next: Record<string, number>;
  active: MockSummary | null;
  now: number;
  /** The exam and length the start form begins with (from the address). */
  prefill: MockStartChoice;
};

function shapeLine(pattern: MockPatternId, length: MockLength) {
  const shape = mockShape(pattern, length);
  const sections = shape.sections;
  const same = sections.every((section) => section.questions === sections[0]!.questions);
  const parts = same
    ? `${sections.length} × ${sections[0]!.questions} questions, ${minutesLabel(sections[0]!.minutes)} each`
    : sections
        .map(
          (section) => `${section.title} ${section.questions} in ${minutesLabel(section.minutes)}`,
        )
        .join(", ");
  return `${shape.questions} questions in ${minutesLabel(shape.minutes)} (${parts})`;
}

const CHOICE_LOOK = {
  card: "grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 rounded-xl border border-slate-300 bg-white p-4",
  pill: "flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2",
  plain: "grid cursor-pointer grid-cols-[auto_1fr] items-start gap-x-2",
} as const;

/** One radio option of the start form: its name, and a line on what it means. */
function Choice({
  look,
  name,
  value,
  title,
  note,
  defaultChecked,
  onChange,
}: {
  look: keyof typeof CHOICE_LOOK;
  name: string;
  value: string;
  title: string;
  note?: string;
  defaultChecked?: boolean;
  onChange?: () => void;
}) {
  return (
    <label
      className={cn(
        CHOICE_LOOK[look],
        look !== "plain" &&
          "has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={defaultChecked}
        onChange={onChange}
        className={cn("size-4 accent-brand-700", look !== "pill" && "mt-1")}
      />
      <span
        className={look === "card" ? "font-semibold text-slate-900" : "font-medium text-slate-900"}
      >
        {title}
      </span>
      {note ? <span className="col-start-2 text-sm text-slate-600">{note}</span> : null}
    </label>
  );
}

function StartForm({
  next,
  prefill,
  lastResult,
}: {
  next: Record<string, number>;
  prefill: MockStartChoice;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [pattern, setPattern] = useState<MockPatternId>(prefill.pattern);
  const [length, setLength] = useState<MockLength>(prefill.length);
  const [form, fields] = useForm({
    id: "start-mock",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { ...prefill, paper: "next" },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: startMockFormSchema }),
  });
  const starting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const chosen = MOCK_PATTERNS[pattern];
  const nextNumber = next[`${pattern}:${length}`] ?? 1;

  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6">
      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Exam</legend>
        <div className="mt-2 grid gap-3 sm:grid-cols-3">
          {MOCK_PATTERN_IDS.map((id) => {
            const exam = EXAMS[MOCK_PATTERNS[id].exam];
            const full = mockShape(id, "full");
            return (
              <Choice
                key={id}
                look="card"
                name={fields.pattern.name}
                value={id}
                defaultChecked={id === prefill.pattern}
                onChange={() => setPattern(id)}
                title={exam.name}
                note={`${full.questions} questions · ${minutesLabel(full.minutes)} · ${exam.markingLabel}`}
              />
            );
          })}
        </div>
        <p className="mt-1 text-sm text-red-700 empty:hidden">{fields.pattern.errors?.[0]}</p>
      </fieldset>

      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Length</legend>
        <p className="text-sm text-slate-600">
          Mini mocks keep the exam&apos;s shape and marking with half or a quarter of the questions
          and the time.
        </p>
        <div className="mt-2 flex flex-wrap gap-3">
          {MOCK_LENGTHS.map((id) => (
            <Choice
              key={id}
              look="pill"
              name={fields.length.name}
              value={id}
              defaultChecked={id === prefill.length}
              onChange={() => setLength(id)}
              title={LENGTH_LABEL[id]}
            />
          ))}
        </div>
      </fieldset>

      <fieldset>
        <legend className="text-base font-semibold text-slate-900">Paper</legend>
        <div className="mt-2 grid gap-2">
          <Choice
            look="plain"
            name={fields.paper.name}
            value="next"
            defaultChecked
            title={
              hydrated
                ? `Your next numbered paper: Paper ${nextNumber}`
                : "Your next numbered paper"
            }
            note="Numbered papers are the same for every learner, so scores compare (a percentile appears once 30 have sat one). Taken in order they never repeat a question while the pool allows."
          />
          <Choice look="plain" name={fields.paper.name} value="number" title="A paper by number" />
          <div className="ml-6 max-w-xs">
            <label htmlFor={fields.paperNumber.id} className="text-sm text-slate-700">
              {`Paper number (1–${MAX_PAPER_NUMBER})`}
            </label>
            <input
              id={fields.paperNumber.id}
              name={fields.paperNumber.name}
              type="number"
              inputMode="numeric"
              min={1}
              max={MAX_PAPER_NUMBER}
              aria-invalid={fields.paperNumber.errors ? true : undefined}
              aria-describedby={fields.paperNumber.errors ? fields.paperNumber.errorId : undefined}
              className={cn(controlClass, "mt-1")}
            />
            <p id={fields.paperNumber.errorId} className="mt-1 text-sm text-red-700 empty:hidden">
              {fields.paperNumber.errors?.[0]}
            </p>
          </div>
          <Choice
            look="plain"
            name={fields.paper.name}
            value="random"
            title="A fresh random paper"
            note="Made for you from questions you have not met in any mock (while the pool has them)."
          />
        </div>
      </fieldset>

      {hydrated ? (
        <div
          className="rounded-xl bg-slate-50 p-4 text-sm text-slate-800 ring-1 ring-slate-200"
          aria-live="polite"
        >
          <p className="font-semibold text-slate-900">{`${chosen.name} ${LENGTH_LABEL[length].toLowerCase()}`}</p>
          <p>{shapeLine(pattern, length)}</p>
          <p className="mt-1">{chosen.sectionRule}</p>
          <p className="mt-1 text-slate-600">{chosen.shapeNote}</p>
        </div>
      ) : null}

      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-slate-800">
          Every exam and length
        </summary>
        <ul className="mt-2 space-y-3">
          {MOCK_PATTERN_IDS.map((id) => (
            <li key={id}>
              <p className="font-semibold text-slate-900">{MOCK_PATTERNS[id].name}</p>
              <ul className="ml-4 list-disc text-slate-700">
                {MOCK_LENGTHS.map((size) => (
                  <li key={size}>{`${LENGTH_LABEL[size]}: ${shapeLine(id, size)}`}</li>
                ))}
              </ul>
              <p className="text-slate-600">{MOCK_PATTERNS[id].shapeNote}</p>
            </li>
          ))}
        </ul>
      </details>

      <div>
        <Button type="submit" size="lg" disabled={starting}>
          {starting ? "Preparing your paper…" : "Start mock exam"}
        </Button>
        <p className="mt-2 text-sm text-slate-600">
          The clock starts as soon as the paper opens, and keeps running on the server if you close
          the page.
        </p>
      </div>
    </Form>
  );
}

function MockList({ mocks, now }: { mocks: MockSummary[]; now: number }) {
  if (mocks.length === 0) {
    return <p className="text-slate-700">No mocks yet: your first one will be listed here.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200">
      {mocks.map((mock) => {
        const running = mock.status === "active" && mock.endsAt > now;
        return (
          <li key={mock.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <p className="font-medium text-slate-900">{mock.title}</p>
              <p className="text-sm text-slate-600">
                {`${DATE.format(new Date(mock.startedAt))} · ${mock.questionCount} questions`}
                {mock.status === "submitted" && mock.score !== null
                  ? ` · ${mock.score} marks (${mock.correct} right, ${mock.wrong} wrong, ${mock.unattempted} not answered)`
                  : ""}
              </p>
            </div>
            <Link
              to={mockExamPath(mock.id)}
              className={buttonClasses(running ? "primary" : "secondary", "sm")}
            >
              {running ? "Resume" : "Results"}
              <span className="sr-only">{`: ${mock.title}`}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The /mock-exams page for a Pro learner: a running mock first, the start form, past mocks, the trend. */
export function MockHomeScreen({
  home,
  lastResult,
}: {
  home: MockHome;
  lastResult: SubmissionResult<string[]> | null;
}) {
  return (
    <div className="mx-auto w-full max-w-5xl space-y-8 px-4 py-8 sm:px-6">
      {home.active ? (
        <section
          aria-labelledby="active-heading"
          className="rounded-2xl border border-brand-300 bg-brand-50 p-5"
        >
          <h2 id="active-heading" className="text-lg font-semibold text-slate-900">
            A mock is running
          </h2>
          <p className="mt-1 text-slate-800">
            {`${home.active.title}: its clock keeps running until ${new Intl.DateTimeFormat("en-IN", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Kolkata" }).format(new Date(home.active.endsAt))} IST.`}
          </p>
          <Link
            to={mockExamPath(home.active.id)}
            className={buttonClasses("primary", "md", "mt-3")}
          >
            Resume the mock
          </Link>
        </section>
      ) : null}
      <Panel title="Start a mock exam" id="start-heading">
        {/* A new address's choice starts the form afresh (its radios and state). */}
        <StartForm
          key={`${home.prefill.pattern}:${home.prefill.length}`}
          next={home.next}
          prefill={home.prefill}
          lastResult={lastResult}
        />
      </Panel>
      <Panel title="Your mocks" id="mocks-heading">
        <MockList mocks={home.mocks} now={home.now} />
      </Panel>
      <Panel
        title="Your trend"
        id="trend-heading"
        description="Score as a share of the paper's maximum marks."
      >
        <MockTrend trend={home.trend} />
      </Panel>
    </div>
  );
}

const UPGRADE_POINTS = [
  "Full NEET-PG (200 questions, 5 timed sections), INI-CET (200 questions, 3 hours) and FMGE (300 questions in two parts) papers, marked the exam's way.",
  "Half and quarter mini mocks of the same shape for when you have an hour.",
  "The exam's screen: question palette in the exam's colours, section and paper timers, every answer saved as you go.",
  "An analysis worth the wait: guessing under negative marking, subjects against your history, weakest areas with a practice test each, and a percentile among learners who sat the same paper.",
];

/** Everyone without Pro: what a mock is, a preview from their own answers, and Buy Now with Pro chosen. */
export function MockUpgrade({ preview }: { preview: MockPreview | null }) {
  return (
    <PlanUpgrade
      feature="mockExams"
      points={UPGRADE_POINTS}
      preview={
        <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
          <p className="text-sm font-semibold text-slate-900">The exam&apos;s palette</p>
          <ul className="mt-2 flex flex-wrap gap-3 text-sm text-slate-700">
            {PALETTE_STATES.map((state, index) => (
              <li key={state} className="flex items-center gap-2">
                <PaletteMark state={state} className="size-8">
                  {index + 1}
                </PaletteMark>
                {PALETTE_LABELS[state]}
              </li>
            ))}
          </ul>
          {preview ? (
            <p className="mt-4 text-sm text-slate-800" data-testid="mock-preview">
              {`From your ${preview.answered} answers so far (${Math.round(preview.accuracy * 100)} % right), a NEET-PG paper answered in full would score about ${preview.projected} of ${preview.maxScore}. A mock tells you for sure, section by section.`}
            </p>
          ) : (
            <p className="mt-4 text-sm text-slate-700">
              Answer a few quizzes and this preview projects your NEET-PG score from your own
              accuracy.
            </p>
          )}
        </div>
      }
    />
  );
}
