import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import {
  type Marking,
  type NavigatorEntry,
  practiceTestHref,
  type PracticeTestSummary,
} from "~/lib/practice";
import { QuestionNavigator } from "./navigator";
import { TestHeading } from "./test-heading";

function QuestionLinks({ testId, indexes }: { testId: string; indexes: number[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {indexes.map((index) => (
        <li key={index}>
          <Link
            to={practiceTestHref(testId, { q: index })}
            className="inline-block rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-500"
          >
            {`Question ${index + 1}`}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Before submitting: how many questions are answered, which are not and
 * which are marked for review (each a link back to it), what a blank or a
 * wrong answer costs under the exam's marking, and Submit test.
 */
export function SubmitReview({
  test,
  navigator,
  marking,
  now,
}: {
  test: PracticeTestSummary;
  navigator: NavigatorEntry[];
  marking: Marking;
  now: number;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "submit";
  useEffect(() => headingRef.current?.focus(), []);
  const unanswered = navigator.filter((entry) => !entry.answered).map((entry) => entry.index);
  const marked = navigator.filter((entry) => entry.marked).map((entry) => entry.index);
  const penalty =
    marking.wrong < 0
      ? `A wrong answer costs ${Math.round(-marking.wrong * 100) / 100} ${-marking.wrong === 1 ? "mark" : "marks"}; a blank one costs nothing.`
      : "Wrong answers cost nothing, so an answer is always worth giving.";
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">
      <TestHeading
        test={test}
        marking={marking}
        now={now}
        onExpire={() => submit({ intent: "submit" }, { method: "post" })}
      />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <section
          aria-labelledby="review-heading"
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2
            id="review-heading"
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-slate-900 outline-none"
          >
            Review and submit
          </h2>
          <p className="text-slate-800" data-testid="submit-summary">
            {`You have answered ${test.answeredCount} of ${test.questionCount} questions.`}
          </p>
          {unanswered.length > 0 ? (
            <div>
              <h3 className="font-semibold text-slate-900">{`Unanswered (${unanswered.length})`}</h3>
              <QuestionLinks testId={test.id} indexes={unanswered} />
            </div>
          ) : (
            <p className="text-emerald-800">Every question is answered.</p>
          )}
          {marked.length > 0 ? (
            <div>
              <h3 className="font-semibold text-slate-900">{`Marked for review (${marked.length})`}</h3>
              <QuestionLinks testId={test.id} indexes={marked} />
            </div>
          ) : null}
          <p className="text-sm text-slate-700">{`${test.examName} marking (${marking.label}): ${penalty}`}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Form method="post">
              <input type="hidden" name="intent" value="submit" />
              <Button type="submit" size="lg" disabled={busy}>
                {busy ? "Submitting…" : "Submit test"}
              </Button>
            </Form>
            <Link
              to={practiceTestHref(test.id, { q: unanswered[0] ?? 0 })}
              className={buttonClasses("secondary", "lg")}
            >
              Back to the questions
            </Link>
          </div>
        </section>
        <aside>
          <QuestionNavigator
            entries={navigator}
            current={null}
            hrefFor={(index) => practiceTestHref(test.id, { q: index })}
          />
        </aside>
      </div>
    </div>
  );
}
