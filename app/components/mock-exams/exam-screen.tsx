import { Form, Link, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { AnswerOption } from "~/components/assessment/answer-option";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";
import {
  EXAM_KEYS,
  type MockSitting,
  type PaletteState,
  mockExamPath,
  paletteState,
  sectionSummaries,
} from "~/lib/mock-exams";
import { Countdown, useServerNow } from "./exam-clock";
import { SectionSummaryTable } from "./exam-summary";
import { countStates, Palette, PaletteLegend } from "./palette";
import { QUEUE_STATUS_TEXT, type QueueRefusal, useAnswerStore } from "./use-answer-store";

type QuestionState = { choice: number | null; marked: boolean; seconds: number; visited: boolean };
type Step = "submit" | "advance";

const BLANK: QuestionState = { choice: null, marked: false, seconds: 0, visited: false };
const FIVE_MINUTES = 5 * 60_000;
/** The question's form: the palette beside it posts it too (its buttons name it). */
const QUESTION_FORM = "exam-question";

function fromSitting(sitting: MockSitting): Map<number, QuestionState> {
  return new Map(
    sitting.questions.map((question) => [
      question.position,
      {
        choice: question.choice,
        marked: question.marked,
        seconds: question.seconds,
        visited: question.visited,
      },
    ]),
  );
}

/**
 * The exam screen, as the NBEMS computer-based test draws it: the sections
 * (locked, open, to come), the section's and the paper's timers from the
 * server's clock, one question with its four options, Save & Next, Save &
 * Mark for Review, Clear Response and Previous, the palette in the exam's
 * colours with its legend, ending a section early and submitting with a
 * summary of what is left.
 *
 * Without JavaScript every button posts the question's form (the server
 * saves and shows the next question). With it, every change is saved at
 * once through the answer queue, moving between questions needs no request,
 * the keys in EXAM_KEYS work, and when a timer runs out the page asks the
 * server for the next section (or the results).
 */
export function ExamScreen({
  sitting,
  position,
  confirm,
  notice,
}: {
  sitting: MockSitting;
  position: number;
  confirm: Step | null;
  notice: string | null;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const submit = useSubmit();
  const navigation = useNavigation();
  const [alerts, setAlerts] = useState<string[]>([]);
  const onRefused = useCallback(
    (refusals: QueueRefusal[]) => {
      setAlerts(refusals.map((refusal) => `Question ${refusal.position + 1}: ${refusal.message}`));
      revalidator.revalidate();
    },
    [revalidator],
  );
  const { answers: local, status, store } = useAnswerStore(sitting.id, onRefused);

  const section = sitting.sections[sitting.sectionIndex]!;
  const first = section.first;
  const last = first + section.questions - 1;
  const isLastSection = sitting.sectionIndex === sitting.sections.length - 1;

  // The question shown; a new section opens at the question the server chose.
  const [chosen, setCurrent] = useState(position);
  const [openSection, setOpenSection] = useState(sitting.sectionIndex);
  if (openSection !== sitting.sectionIndex) {
    setOpenSection(sitting.sectionIndex);
    setCurrent(position);
  }
  const current = chosen >= first && chosen <= last ? chosen : position;
  const [dialog, setDialog] = useState<Step | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const shownAt = useRef(0);

  // The server's answers, with what this browser changed laid over them.
  const server = useMemo(() => fromSitting(sitting), [sitting]);
  const stateOf = (at: number): QuestionState => {
    const mineHere = local.get(at);
    const saved = server.get(at) ?? BLANK;
    return mineHere
      ? {
          choice: mineHere.choice,
          marked: mineHere.marked,
          seconds: Math.max(mineHere.seconds, saved.seconds),
          visited: true,
        }
      : saved;
  };
  const question = sitting.questions.find((entry) => entry.position === current)!;
  const mine = stateOf(current);

  // Opening a question: it counts as visited, its clock starts, the address follows.
  useEffect(() => {
    shownAt.current = Date.now();
    window.history.replaceState(window.history.state, "", mockExamPath(sitting.id, { q: current }));
    if (moved.current) headingRef.current?.focus();
    const state = stateOf(current);
    if (!state.visited) {
      store.visit({ position: current, choice: null, marked: false, seconds: state.seconds });
    }
    // Only when the question changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, sitting.id]);

  /** Changes the shown question (its seconds so far included) and saves it. */
  function change(changes: Partial<QuestionState>) {
    const previous = stateOf(current);
    const elapsed = shownAt.current ? Math.round((Date.now() - shownAt.current) / 1000) : 0;
    shownAt.current = Date.now();
    const next = { ...previous, ...changes, seconds: previous.seconds + elapsed };
    store.set({
      position: current,
      choice: next.choice,
      marked: next.marked,
      seconds: next.seconds,
    });
  }

  function open(target: number) {
    if (target === current) return;
    change({});
    moved.current = true;
    setCurrent(target);
  }
  const nextOf = (at: number) => (at >= last ? first : at + 1);
  const previousOf = (at: number) => (at <= first ? last : at - 1);

  function act(go: string) {
    if (go === "next") {
      change({ marked: false });
      moved.current = true;
      setCurrent(nextOf(current));
    } else if (go === "mark") {
      change({ marked: true });
      moved.current = true;
      setCurrent(nextOf(current));
    } else if (go === "clear") {
      change({ choice: null });
    } else if (go === "prev") {
      open(previousOf(current));
    } else if (/^\d+$/.test(go)) {
      const target = Number(go) - 1;
      if (target >= first && target <= last) open(target);
    }
  }

  // The clock: when the section's (or the paper's) time is up, send what is queued and ask the server.
  const now = useServerNow(sitting.serverNow, hydrated);
  const sectionLeft = sitting.sectionEndsAt - now;
  const asked = useRef(0);
  useEffect(() => {
    if (!hydrated || sectionLeft > 0 || Date.now() - asked.current < 3000) return;
    asked.current = Date.now();
    void store.flush().then(() => revalidator.revalidate());
  }, [hydrated, sectionLeft, store, revalidator]);
  // Time up on this screen: nothing more is taken here while the server opens what comes next.
  const timeUp = hydrated && sectionLeft <= 0;
  // Said to screen readers as the section's time runs low.
  const warning = !hydrated
    ? ""
    : sectionLeft <= 60_000
      ? `1 minute left in ${section.title}.`
      : sectionLeft <= FIVE_MINUTES
        ? `5 minutes left in ${section.title}.`
        : "";

  // The keys (not while typing in a field, nor while a dialog is open or the time is up).
  useEffect(() => {
    if (!hydrated || dialog || confirm || timeUp) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest("textarea, select, input:not([type=radio]), [contenteditable=true]"))
        return;
      const key = event.key.toLowerCase();
      const option = "1234".indexOf(key) >= 0 ? "1234".indexOf(key) : "abcd".indexOf(key);
      if (key.length === 1 && option >= 0) change({ choice: option });
      else if (key === "n") open(nextOf(current));
      else if (key === "p") open(previousOf(current));
      else if (key === "m") change({ marked: !mine.marked });
      else if (key === "c") change({ choice: null });
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  // The palette: the server's states elsewhere, this screen's for the open section.
  const palette: PaletteState[] = sitting.palette.map((state, at) =>
    at >= first && at <= last
      ? at === current && !stateOf(at).visited
        ? "not-answered"
        : paletteState(stateOf(at).visited ? stateOf(at) : null)
      : state,
  );
  const sectionStates = palette.slice(first, last + 1);
  const summaries = sectionSummaries(sitting.sections, palette);

  async function finish(step: Step) {
    await store.flush();
    const form = new FormData();
    form.set("intent", step);
    form.set("section", String(sitting.sectionIndex));
    submit(form, { method: "post", action: mockExamPath(sitting.id) });
  }
  const busy = navigation.state !== "idle";
  const unsentCount = hydrated ? store.unsent().length : 0;

  const stepLink = (step: Step, label: string, variant: "primary" | "secondary") => (
    <Link
      to={mockExamPath(sitting.id, { q: current, confirm: step })}
      className={buttonClasses(variant, "md", "w-full")}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        setDialog(step);
      }}
    >
      {label}
    </Link>
  );

  const stepText = (step: Step) =>
    step === "submit"
      ? {
          title: "Submit the mock exam?",
          body: "Once submitted, no answer can change. Questions not answered score nothing.",
          action: "Submit mock exam",
          caption: "Where you stand in each section",
        }
      : {
          title: `End ${section.title} now?`,
          body: `${section.title} locks and you cannot come back to it. ${sitting.sections[sitting.sectionIndex + 1]?.title ?? "The next section"} opens with its full time; the time left here is not carried over.`,
          action: `End ${section.title} and go on`,
          caption: "Where you stand in each section",
        };

  return (
    <div className="mx-auto w-full max-w-7xl px-3 py-4 sm:px-6">
      <header className="rounded-2xl border border-slate-200 bg-slate-50 p-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-xl font-bold text-slate-900">{sitting.title}</h1>
            <p className="mt-1 text-sm text-slate-700">
              {`${sitting.questionCount} questions · marking ${sitting.markingLabel}`}
            </p>
            <ol aria-label="Sections" className="mt-3 flex flex-wrap gap-2 text-sm">
              {sitting.sections.map((entry) => (
                <li
                  key={entry.index}
                  aria-current={entry.state === "current" ? "step" : undefined}
                  className={cn(
                    "rounded-full px-3 py-1 font-medium ring-1",
                    entry.state === "current" && "bg-brand-700 text-white ring-brand-700",
                    entry.state === "locked" && "bg-slate-200 text-slate-700 ring-slate-300",
                    entry.state === "upcoming" && "bg-white text-slate-700 ring-slate-300",
                  )}
                >
                  {entry.state === "locked" ? <span aria-hidden="true">🔒 </span> : null}
                  {entry.title}
                  <span className="sr-only">
                    {entry.state === "locked"
                      ? " (locked)"
                      : entry.state === "current"
                        ? " (open now)"
                        : " (to come)"}
                  </span>
                </li>
              ))}
            </ol>
          </div>
          <div className="flex flex-wrap gap-2">
            <Countdown
              label={`${section.title} time left`}
              endsAt={sitting.sectionEndsAt}
              now={now}
              live={hydrated}
              urgentBelowMs={FIVE_MINUTES}
            />
            <Countdown
              label="Paper time left"
              endsAt={sitting.endsAt}
              now={now}
              live={hydrated}
              urgentBelowMs={FIVE_MINUTES}
            />
          </div>
        </div>
        {hydrated ? (
          <p
            role="status"
            data-testid="save-status"
            className={cn(
              "mt-3 text-sm font-medium",
              status.kind === "saved" ? "text-emerald-800" : "text-amber-900",
            )}
          >
            {status.kind === "signed-out" ? status.message : QUEUE_STATUS_TEXT[status.kind]}
          </p>
        ) : (
          <p className="mt-3 text-sm text-slate-700">
            Your answer is saved each time you press a button below the question.
          </p>
        )}
        <p aria-live="polite" className="sr-only">
          {warning}
        </p>
      </header>

      {[notice, ...alerts].filter(Boolean).map((text) => (
        <p
          key={text}
          role="alert"
          className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-950 ring-1 ring-amber-300"
        >
          {text}
        </p>
      ))}

      <div className="mt-4 grid gap-4 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {confirm ? (
          <section
            aria-labelledby="confirm-heading"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <h2 id="confirm-heading" className="text-xl font-semibold text-slate-900">
              {stepText(confirm).title}
            </h2>
            <p className="mt-2 text-slate-700">{stepText(confirm).body}</p>
            <div className="mt-4">
              <SectionSummaryTable summaries={summaries} caption={stepText(confirm).caption} />
            </div>
            <Form method="post" className="mt-6 flex flex-col gap-3 sm:flex-row">
              <input type="hidden" name="intent" value={confirm} />
              <input type="hidden" name="section" value={sitting.sectionIndex} />
              <button type="submit" className={buttonClasses("primary", "lg")}>
                {stepText(confirm).action}
              </button>
              <Link
                to={mockExamPath(sitting.id, { q: current })}
                className={buttonClasses("secondary", "lg")}
              >
                Back to the paper
              </Link>
            </Form>
          </section>
        ) : (
          <section
            aria-labelledby="question-heading"
            className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
          >
            <Form
              id={QUESTION_FORM}
              method="post"
              onSubmit={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                const submitter = (event.nativeEvent as SubmitEvent).submitter;
                act(submitter?.getAttribute("value") ?? "next");
              }}
            >
              <input type="hidden" name="intent" value="answer" />
              <input type="hidden" name="position" value={current} />
              <input type="hidden" name="shownAt" value={sitting.serverNow} />
              <p className="text-sm font-medium text-brand-800">
                {`${section.title} · question ${current - first + 1} of ${section.questions}`}
                {mine.marked ? (
                  <span className="ml-2 rounded-full bg-violet-100 px-2 py-0.5 text-violet-900">
                    Marked for review
                  </span>
                ) : null}
              </p>
              <h2
                id="question-heading"
                ref={headingRef}
                tabIndex={-1}
                className="mt-1 text-xl font-semibold text-slate-900 outline-none"
              >
                {`Question ${current + 1} of ${sitting.questionCount}`}
              </h2>
              {timeUp ? (
                <p
                  role="status"
                  className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800"
                >
                  {isLastSection
                    ? "Time is up: submitting your mock with the answers saved…"
                    : `Time is up for ${section.title}: opening the next section…`}
                </p>
              ) : null}
              <fieldset className="mt-4" disabled={timeUp}>
                <legend className="text-lg font-medium leading-relaxed text-slate-900">
                  {question.question}
                </legend>
                <div className="mt-4 grid gap-3">
                  {question.options.map((option, index) => (
                    <AnswerOption
                      key={`${current}-${index}`}
                      id={`option-${current}-${index}`}
                      index={index}
                      option={option}
                      checked={mine.choice === index}
                      held
                      input={{
                        checked: mine.choice === index,
                        onChange: () => change({ choice: index }),
                      }}
                    />
                  ))}
                </div>
              </fieldset>
              <div className="mt-6 flex flex-wrap gap-3">
                <Button type="submit" name="go" value="next" size="lg" disabled={timeUp}>
                  Save &amp; Next
                </Button>
                <Button type="submit" name="go" value="mark" variant="secondary" size="lg">
                  Save &amp; Mark for Review
                </Button>
                <Button type="submit" name="go" value="clear" variant="secondary">
                  Clear Response
                </Button>
                <Button type="submit" name="go" value="prev" variant="ghost">
                  Previous
                </Button>
              </div>
            </Form>
          </section>
        )}

        <aside className="space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          {confirm ? null : (
            <Palette
              title={section.title}
              first={first}
              states={sectionStates}
              current={current}
              form={QUESTION_FORM}
              onOpen={hydrated ? open : null}
            />
          )}
          <PaletteLegend counts={countStates(sectionStates)} />
          <div className="space-y-2">
            {isLastSection ? null : stepLink("advance", `End ${section.title} now`, "secondary")}
            {stepLink("submit", "Submit mock exam", "primary")}
          </div>
          <details className="text-sm">
            <summary className="cursor-pointer font-medium text-slate-800">Keys and rules</summary>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {EXAM_KEYS.map(([keys, action]) => (
                <div key={keys} className="contents">
                  <dt className="font-mono text-slate-900">{keys}</dt>
                  <dd className="text-slate-700">{action}</dd>
                </div>
              ))}
            </dl>
            <p className="mt-2 text-slate-700">
              When a section&apos;s time ends it locks and the next one opens; you cannot go back.
              When the paper&apos;s time ends it is submitted with the answers saved by then.
            </p>
          </details>
        </aside>
      </div>

      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => setDialog(open ? dialog : null)}
        title={dialog ? stepText(dialog).title : ""}
        description={dialog ? stepText(dialog).body : undefined}
        size="lg"
      >
        {dialog ? (
          <>
            <SectionSummaryTable summaries={summaries} caption={stepText(dialog).caption} />
            {unsentCount > 0 ? (
              <p role="alert" className="mt-3 text-sm text-amber-900">
                {`${unsentCount} answer${unsentCount === 1 ? " is" : "s are"} not saved on the server yet. They are sent first; if you are offline, wait until you are back.`}
              </p>
            ) : null}
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Button
                size="lg"
                disabled={busy || status.kind === "offline"}
                onClick={() => void finish(dialog)}
              >
                {busy ? "Please wait…" : stepText(dialog).action}
              </Button>
              <DialogClose asChild>
                <Button variant="secondary" size="lg">
                  Back to the paper
                </Button>
              </DialogClose>
            </div>
          </>
        ) : null}
      </Dialog>
    </div>
  );
}
