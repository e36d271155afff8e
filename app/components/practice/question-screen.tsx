import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClasses } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { OPTION_LETTERS } from "~/lib/assessments";
import { cn } from "~/lib/cn";
import { type TakingView } from "~/lib/practice";
import { AnswerReview } from "./answer-review";
import { QuestionNavigator } from "./navigator";
import { TestHeading } from "./test-heading";
import { useTestShortcuts } from "./use-shortcuts";

const FORM_ID = "question-form";

/**
 * One question of an open test. The form holds the options (a radio group,
 * each with a strike-out box), Mark for review, and what the page was read
 * at; the step buttons and the navigator's squares sit outside it (`form`)
 * so the explanation can come first. Without JavaScript each button posts
 * the form; with it, choosing (timed mode), marking and striking save at
 * once, the countdown ticks and submits at zero, and the keys work.
 */
export function QuestionScreen({
  view,
  shownAt,
  error,
}: {
  view: TakingView;
  shownAt: number;
  error: string | null;
}) {
  const { test, question, navigator } = view;
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // A change saved in place does not hold up the next step; any other step waits for the last.
  const busy = navigation.state === "submitting" && navigation.formData?.get("go") !== "stay";
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const tutor = test.mode === "tutor";
  const reveal = question.reveal;
  const isLast = question.index === test.questionCount - 1;
  const number = question.index + 1;
  useTestShortcuts(formRef);
  const revealed = reveal !== null;
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, [question.index, revealed]);

  /** With JavaScript: post the form as it is, with `go` set (a save in place, or submitting). */
  const post = (go: "stay" | "submit") => {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.set("go", go);
    submit(formData, { method: "post", preventScrollReset: true, replace: go === "stay" });
  };

  const status = [
    question.choice === null ? "Not answered" : tutor ? "Answered and checked" : "Answered",
    question.marked ? "marked for review" : null,
  ]
    .filter(Boolean)
    .join(", ");

  const primary = tutor
    ? reveal
      ? { go: "next", label: isLast ? "Finish" : "Next question", shortcut: "next" }
      : { go: "check", label: "Check answer", shortcut: undefined }
    : { go: "next", label: isLast ? "Save & finish" : "Save & next", shortcut: "next" };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <TestHeading
        test={test}
        marking={view.marking}
        now={view.now}
        onExpire={() => post("submit")}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section
          aria-labelledby="question-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <p className="text-sm font-medium text-brand-800">{`${question.subject} · ${question.topic}`}</p>
          <h2
            id="question-heading"
            ref={headingRef}
            tabIndex={-1}
            className="mt-1 text-xl font-semibold text-slate-900 outline-none"
          >
            {`Question ${number} of ${test.questionCount}`}
          </h2>
          <p
            className="mt-1 text-sm text-slate-600"
            aria-live="polite"
            data-testid="question-status"
          >
            {status}
          </p>
          <Form
            method="post"
            id={FORM_ID}
            ref={formRef}
            preventScrollReset
            key={question.index}
            className="mt-4"
          >
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="index" value={question.index} />
            <input type="hidden" name="mode" value={test.mode} />
            <input type="hidden" name="shownAt" value={shownAt} />
            {reveal ? null : <input type="hidden" name="strikes" value="1" />}
            <fieldset aria-describedby="question-stem">
              <legend className="sr-only">{`Question ${number}: choose one answer`}</legend>
              {error ? (
                <p
                  role="alert"
                  className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"
                >
                  {error}
                </p>
              ) : null}
              <p id="question-stem" className="text-lg font-medium leading-relaxed text-slate-900">
                {question.question}
              </p>
              <div className="mt-4 grid gap-3">
                {question.options.map((option, index) => {
                  const letter = OPTION_LETTERS[index];
                  const id = `option-${index}`;
                  const struck = question.struck.includes(index);
                  const isRight = reveal?.correctIndex === index;
                  const isWrongChoice = reveal !== null && question.choice === index && !isRight;
                  return (
                    <div key={index} className="group flex items-stretch gap-2">
                      <label
                        htmlFor={id}
                        className={cn(
                          "flex flex-1 items-start gap-3 rounded-xl border bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
                          reveal
                            ? isRight
                              ? "border-emerald-500 bg-emerald-50"
                              : isWrongChoice
                                ? "border-red-500 bg-red-50"
                                : "border-slate-200"
                            : "cursor-pointer border-slate-300 hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50",
                        )}
                      >
                        <input
                          id={id}
                          type="radio"
                          name="choice"
                          value={index}
                          defaultChecked={question.choice === index}
                          disabled={reveal !== null}
                          onChange={tutor ? undefined : () => post("stay")}
                          className="mt-1 size-4 shrink-0 accent-brand-700"
                        />
                        <span
                          aria-hidden="true"
                          className="grid size-7 shrink-0 place-items-center rounded-full border border-slate-300 text-sm font-semibold text-slate-700"
                        >
                          {letter}
                        </span>
                        <span
                          className={cn(
                            "pt-0.5 text-slate-800 group-has-[[data-strike]:checked]:text-slate-400 group-has-[[data-strike]:checked]:line-through",
                            reveal && struck && "text-slate-400 line-through",
                          )}
                        >
                          <span className="sr-only">{`${letter}. `}</span>
                          {option}
                          {isRight ? (
                            <span className="ml-2 font-semibold text-emerald-800">(correct)</span>
                          ) : null}
                          {isWrongChoice ? (
                            <span className="ml-2 font-semibold text-red-800">(your answer)</span>
                          ) : null}
                        </span>
                      </label>
                      {reveal ? null : (
                        <label className="flex w-20 shrink-0 cursor-pointer flex-col items-center justify-center gap-1 rounded-xl border border-slate-200 px-2 text-xs text-slate-700 hover:bg-slate-50 has-[:checked]:border-slate-400 has-[:checked]:bg-slate-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                          <input
                            type="checkbox"
                            name="struck"
                            value={index}
                            data-strike
                            defaultChecked={struck}
                            onChange={() => post("stay")}
                            className="size-4 accent-slate-600"
                          />
                          <span>
                            Strike out<span className="sr-only">{` option ${letter}`}</span>
                          </span>
                        </label>
                      )}
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <label className="mt-5 inline-flex cursor-pointer items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
              <input
                type="checkbox"
                name="marked"
                value="1"
                data-shortcut="mark"
                defaultChecked={question.marked}
                onChange={() => post("stay")}
                className="size-4 accent-amber-600"
              />
              Mark for review
            </label>
          </Form>

          {reveal ? (
            <div
              id={`q-${number}`}
              className="mt-6 border-t border-slate-200 pt-6"
              data-testid="tutor-answer"
            >
              <AnswerReview
                question={question}
                reveal={reveal}
                inFlashcards={view.inFlashcards}
                mistake={view.mistake}
              />
            </div>
          ) : null}

          <div className="mt-6 flex flex-wrap items-center gap-3">
            <button
              type="submit"
              form={FORM_ID}
              name="go"
              value={primary.go}
              data-shortcut={primary.shortcut}
              disabled={busy}
              className={buttonClasses("primary", "lg")}
            >
              {primary.label}
            </button>
            {tutor && !reveal ? (
              <button
                type="submit"
                form={FORM_ID}
                name="go"
                value="next"
                data-shortcut="next"
                disabled={busy}
                className={buttonClasses("secondary")}
              >
                {isLast ? "Skip to the end" : "Skip for now"}
              </button>
            ) : null}
            {!tutor && question.choice !== null ? (
              <button
                type="submit"
                form={FORM_ID}
                name="go"
                value="clear"
                disabled={busy}
                className={buttonClasses("secondary")}
              >
                Clear response
              </button>
            ) : null}
            {question.index > 0 ? (
              <button
                type="submit"
                form={FORM_ID}
                name="go"
                value="prev"
                data-shortcut="prev"
                disabled={busy}
                className={buttonClasses("secondary")}
              >
                Previous
              </button>
            ) : null}
            <button
              type="submit"
              form={FORM_ID}
              name="go"
              value="review"
              disabled={busy}
              className={buttonClasses("ghost", "md", "sm:ml-auto")}
            >
              Review &amp; submit
            </button>
          </div>
          <p className="mt-3 min-h-5 text-sm text-slate-600" aria-live="polite">
            {saving ? "Saving…" : ""}
          </p>
        </section>

        <aside className="space-y-4">
          <QuestionNavigator
            entries={navigator}
            current={question.index}
            form={FORM_ID}
            disabled={busy}
          />
          {hydrated ? (
            <section
              aria-labelledby="shortcuts-heading"
              className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700"
            >
              <h2 id="shortcuts-heading" className="font-semibold text-slate-900">
                Keyboard shortcuts
              </h2>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <dt className="font-mono font-semibold">1–4, A–D</dt>
                <dd>choose an option</dd>
                <dt className="font-mono font-semibold">N</dt>
                <dd>{tutor && !reveal ? "skip to the next question" : "next question"}</dd>
                <dt className="font-mono font-semibold">P</dt>
                <dd>previous question</dd>
                <dt className="font-mono font-semibold">M</dt>
                <dd>mark for review</dd>
              </dl>
              <p className="mt-2 text-xs text-slate-600">Not while typing in a text box.</p>
            </section>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
