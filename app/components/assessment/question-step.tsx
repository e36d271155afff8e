import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  ASSESSMENT_MESSAGES,
  type AssessmentItemView,
  bankSourceNote,
  type AssessmentKind,
} from "~/lib/assessments";
import { AnswerOption } from "./answer-option";
import { PatientCase } from "./patient-case";
import { KIND_TEXT } from "./texts";

export type QuestionControls =
  /** JavaScript: the choice lives in the page; Next saves it and moves on. */
  | {
      type: "client";
      onChoose: (choice: number) => void;
      onNext: () => void;
      onPrevious: (() => void) | null;
      busy: boolean;
    }
  /** Form posts: the page's action saves the choice and redirects to the next step. */
  | { type: "server"; attemptId: string; previousHref: string | null };

/**
 * One question (a simulation's with its patient case first): four options as
 * a radio group lettered A-D, then Next, or 'Finish Quiz' / 'Finish
 * Simulation' on the last. Focus moves to the question's heading on each step.
 */
export function QuestionStep({
  kind,
  topic,
  index,
  total,
  item,
  choice,
  isLast,
  controls,
  pending,
  error,
  children,
}: {
  kind: AssessmentKind;
  topic: string;
  index: number;
  total: number;
  item: AssessmentItemView | null;
  choice: number | null;
  isLast: boolean;
  controls: QuestionControls;
  /** Shown instead of the question while it is still being generated. */
  pending?: ReactNode;
  /** Why the last post was refused ('Please choose an answer.'). */
  error?: string | null;
  /** Above the question: the generation's progress. */
  children?: ReactNode;
}) {
  const text = KIND_TEXT[kind];
  const headingRef = useRef<HTMLHeadingElement>(null);
  const navigation = useNavigation();
  const ready = Boolean(item);
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: false });
  }, [index, ready]);

  const posting =
    controls.type === "server" &&
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "answer";
  const busy = controls.type === "client" ? controls.busy : posting;
  const nextLabel = isLast ? ASSESSMENT_MESSAGES[kind].finish : "Next";
  const questionId = `${kind}-question-${index}`;

  const body = item ? (
    <>
      {item.case ? <PatientCase patientCase={item.case} /> : null}
      <fieldset className="mt-5" aria-describedby={questionId}>
        <legend className="sr-only">{`${text.item} ${index + 1}: choose one answer`}</legend>
        {error ? (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <p id={questionId} className="text-lg font-medium leading-relaxed text-slate-900">
          {item.question}
        </p>
        <div className="mt-4 grid gap-3">
          {item.options.map((option, optionIndex) => {
            const checked = choice === optionIndex;
            return (
              <AnswerOption
                key={optionIndex}
                id={`${questionId}-option-${optionIndex}`}
                index={optionIndex}
                option={option}
                checked={checked}
                held={controls.type === "client"}
                input={
                  controls.type === "client"
                    ? { checked, onChange: () => controls.onChoose(optionIndex) }
                    : { defaultChecked: checked }
                }
              />
            );
          })}
        </div>
        {item.source === "bank" ? (
          <p className="mt-3 text-sm text-slate-600" data-testid="bank-source">
            {bankSourceNote(kind)}
          </p>
        ) : null}
      </fieldset>
    </>
  ) : (
    pending
  );

  const buttons = (
    <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
      {controls.type === "client" ? (
        controls.onPrevious ? (
          <Button variant="secondary" onClick={controls.onPrevious} disabled={busy}>
            Previous
          </Button>
        ) : (
          <span />
        )
      ) : controls.previousHref ? (
        <Link to={controls.previousHref} className={buttonClasses("secondary")}>
          Previous
        </Link>
      ) : (
        <span />
      )}
      {item ? (
        <Button
          type="submit"
          name="step"
          value={isLast ? "finish" : "next"}
          size="lg"
          disabled={busy}
          aria-disabled={busy}
        >
          {busy && isLast ? "Scoring…" : nextLabel}
        </Button>
      ) : null}
    </div>
  );

  return (
    <section
      aria-labelledby={`${questionId}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      {children ? <div className="mb-6">{children}</div> : null}
      <p className="text-sm font-medium text-brand-800">{topic}</p>
      <h2
        id={`${questionId}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="mt-1 text-xl font-semibold text-slate-900 outline-none"
      >
        {`${text.item} ${index + 1} of ${total}`}
      </h2>
      <div className="mt-4">
        {controls.type === "client" ? (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              controls.onNext();
            }}
          >
            {body}
            {buttons}
          </form>
        ) : (
          <Form method="post" preventScrollReset={false}>
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="attemptId" value={controls.attemptId} />
            <input type="hidden" name="index" value={index} />
            {body}
            {buttons}
          </Form>
        )}
      </div>
    </section>
  );
}
