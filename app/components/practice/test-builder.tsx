import { Form, useNavigation, useSearchParams, useSubmit } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { controlClass } from "~/components/ui/fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";
import { EXAM_IDS, EXAMS } from "~/lib/exams";
import {
  type BuilderChoices,
  type BuilderErrors,
  type CatalogueSubject,
  DIFFICULTIES,
  ITEM_STATUSES,
  PRACTICE_LABELS,
  PRACTICE_LIMITS,
  PRACTICE_MODES,
  qualifiedTopic,
} from "~/lib/practice";
import { topicsAnchor } from "~/lib/slug";

const STATUS_HINTS: Record<(typeof ITEM_STATUSES)[number], string> = {
  all: "Questions you have not seen come first.",
  unseen: "Questions you have never answered, anywhere.",
  incorrect: "Questions you got wrong the last time you answered them.",
  marked: "Questions you marked for review in a practice test.",
};

const MODE_HINTS: Record<(typeof PRACTICE_MODES)[number], string> = {
  tutor: "Check each answer as you go: the explanation, takeaway and reference follow at once.",
  timed: "Exam pace with a countdown; change answers until you submit; results at the end.",
};

/** Waits this long after a change before counting the matches again (JavaScript only). */
const COUNT_DELAY_MS = 300;

/** Whether a topic checkbox starts ticked: named with its subject, or plainly in a chosen subject. */
function topicChosen(choices: BuilderChoices, subject: string, topic: string): boolean {
  const lower = (text: string) => text.toLowerCase();
  return choices.topic.some((name) => {
    const split = name.indexOf("::");
    if (split !== -1) {
      return (
        lower(name.slice(0, split).trim()) === lower(subject) &&
        lower(name.slice(split + 2).trim()) === lower(topic)
      );
    }
    if (lower(name) !== lower(topic)) return false;
    return (
      choices.subject.length === 0 ||
      choices.subject.some((chosen) => lower(chosen) === lower(subject))
    );
  });
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 empty:hidden">
      {message}
    </p>
  );
}

function RadioGroup<T extends string>({
  name,
  legend,
  values,
  labels,
  hints,
  checked,
  error,
}: {
  name: string;
  legend: string;
  values: readonly T[];
  labels: Record<T, string>;
  hints?: Record<T, string>;
  checked: T;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div
        className={cn("mt-2 grid gap-2", hints ? "sm:grid-cols-2" : "grid-cols-2 sm:grid-cols-4")}
      >
        {values.map((value) => (
          <label
            key={value}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={value === checked}
              className="mt-0.5 size-4 accent-brand-700"
            />
            <span>
              <span className="font-medium text-slate-900">{labels[value]}</span>
              {hints ? <span className="block text-slate-600">{hints[value]}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

/**
 * The test builder: subjects and topics (with the pool's questions beside
 * each), difficulty, which questions (all, unseen, incorrect before,
 * marked), how many, the mode and the marking scheme. It is a GET form, so
 * the choices live in the address: Update count (without JavaScript) or any
 * change (with it) shows how many questions match before anything starts;
 * Start test posts the same fields.
 */
export function TestBuilder({
  catalogue,
  choices,
  errors,
  matched,
  startKey,
}: {
  catalogue: CatalogueSubject[];
  choices: BuilderChoices;
  errors: BuilderErrors;
  matched: number;
  startKey: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const counting =
    navigation.state === "loading" &&
    navigation.location.pathname === "/practice" &&
    !navigation.formMethod;
  const starting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "start";

  /** With JavaScript: count again a moment after the last change, keeping the place on the page. */
  const recount = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const formData = new FormData(form);
      formData.delete("key");
      submit(formData, {
        method: "get",
        action: "/practice",
        replace: true,
        preventScrollReset: true,
      });
    }, COUNT_DELAY_MS);
  };

  // A subject's topics are drawn when it is opened: with JavaScript on the spot, from the page's
  // catalogue; without, its Show button sends the form (ticks kept) back with `show` naming it.
  // Subjects with a ticked topic come drawn and open.
  const [searchParams] = useSearchParams();
  const shown = new Set(searchParams.getAll("show").map((subject) => subject.toLowerCase()));
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const chosenSubjects = new Set(choices.subject.map((subject) => subject.toLowerCase()));
  const tickedTopics = catalogue.reduce(
    (sum, entry) =>
      sum + entry.topics.filter((topic) => topicChosen(choices, entry.subject, topic.topic)).length,
    0,
  );
  const ticked = catalogue.filter((entry) =>
    chosenSubjects.has(entry.subject.toLowerCase()),
  ).length;
  const scopeText =
    ticked === 0 && tickedTopics === 0
      ? "All subjects (tick subjects, or open one to pick topics)."
      : `${ticked} ${ticked === 1 ? "subject" : "subjects"} and ${tickedTopics} ${tickedTopics === 1 ? "topic" : "topics"} chosen. Topics narrow their subject.`;
  const problems = Object.values(errors);
  const matchText =
    matched === 0
      ? "No questions match these choices. Choose more subjects or topics, another difficulty or another status."
      : matched < choices.count
        ? `Only ${matched} ${matched === 1 ? "question matches" : "questions match"}: the test will have ${matched}.`
        : `${matched} questions match. Your test will have ${choices.count}.`;

  return (
    <section
      aria-labelledby="builder-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="builder-heading" className="text-xl font-semibold text-slate-900">
        Build a test
      </h2>
      {problems.length > 0 ? (
        <div role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      <Form
        method="get"
        action="/practice"
        preventScrollReset
        onChange={hydrated ? recount : undefined}
        onSubmit={() => clearTimeout(timer.current)}
        className="mt-4 space-y-6"
        data-testid="test-builder"
      >
        <input type="hidden" name="key" value={`${startKey}:builder`} />
        {hydrated ? null : (
          // Enter in a field presses a form's first submit button: Start, not a subject's Show.
          <button type="submit" name="intent" value="start" formMethod="post" hidden tabIndex={-1}>
            Start test
          </button>
        )}
        {[...shown].map((subject) => (
          // Subjects already shown stay drawn when another is shown or the count is updated.
          <input key={subject} type="hidden" name="show" value={subject} />
        ))}
        <fieldset aria-describedby="scope-summary subject-error">
          <legend className="text-sm font-semibold text-slate-900">Subjects and topics</legend>
          <p id="scope-summary" className="mt-1 text-sm text-slate-600">
            {scopeText}
          </p>
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {catalogue.map((entry) => {
              const open =
                shown.has(entry.subject.toLowerCase()) ||
                entry.topics.some((topic) => topicChosen(choices, entry.subject, topic.topic));
              const drawn = open || opened.has(entry.subject);
              const anchor = topicsAnchor(entry.subject);
              return (
                <li
                  key={entry.subject}
                  className="rounded-lg border border-slate-200 bg-slate-50/60"
                >
                  <label className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                    <input
                      type="checkbox"
                      name="subject"
                      value={entry.subject}
                      defaultChecked={chosenSubjects.has(entry.subject.toLowerCase())}
                      className="size-4 accent-brand-700"
                    />
                    <span className="flex-1 font-medium text-slate-900">{entry.subject}</span>
                    <span className="text-slate-600">{`${entry.count} questions`}</span>
                  </label>
                  <details
                    id={anchor}
                    open={open || undefined}
                    className="border-t border-slate-200 px-3 py-1.5"
                    onToggle={(event) => {
                      if (event.currentTarget.open && !drawn) {
                        setOpened((subjects) => new Set(subjects).add(entry.subject));
                      }
                    }}
                  >
                    <summary className="cursor-pointer text-sm text-brand-800">
                      {`Topics`}
                      <span className="sr-only">{` in ${entry.subject}`}</span>
                      {` (${entry.topics.length})`}
                    </summary>
                    {drawn ? (
                      /* Styled from the list: a few hundred topics carry no class of their own. */
                      <ul className="mt-1 grid gap-1 pb-1 [&_input]:size-4 [&_input]:shrink-0 [&_input]:accent-brand-700 [&_label]:flex [&_label]:cursor-pointer [&_label]:items-center [&_label]:gap-2 [&_label]:text-sm [&_label]:text-slate-800 [&_span]:ml-auto [&_span]:pl-2 [&_span]:text-slate-600">
                        {entry.topics.map((topic) => (
                          <li key={topic.topic}>
                            <label>
                              <input
                                type="checkbox"
                                name="topic"
                                value={qualifiedTopic(entry.subject, topic.topic)}
                                defaultChecked={topicChosen(choices, entry.subject, topic.topic)}
                              />
                              {`${topic.topic} `}
                              <span>{topic.count}</span>
                            </label>
                          </li>
                        ))}
                      </ul>
                    ) : hydrated ? null : (
                      <button
                        type="submit"
                        name="show"
                        value={entry.subject.toLowerCase()}
                        formAction={`/practice#${anchor}`}
                        className="my-1 text-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
                      >
                        {`Show the ${entry.topics.length} topics of ${entry.subject}`}
                      </button>
                    )}
                  </details>
                </li>
              );
            })}
          </ul>
          <FieldError id="subject-error" message={errors.subject ?? errors.topic} />
        </fieldset>

        <RadioGroup
          name="difficulty"
          legend="Difficulty"
          values={DIFFICULTIES}
          labels={PRACTICE_LABELS.difficulty}
          checked={choices.difficulty}
          error={errors.difficulty}
        />
        <RadioGroup
          name="status"
          legend="Which questions"
          values={ITEM_STATUSES}
          labels={PRACTICE_LABELS.status}
          hints={STATUS_HINTS}
          checked={choices.status}
          error={errors.status}
        />

        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <label htmlFor="count" className="block text-sm font-semibold text-slate-900">
              Number of questions
            </label>
            <input
              id="count"
              name="count"
              type="number"
              inputMode="numeric"
              min={PRACTICE_LIMITS.minCount}
              max={PRACTICE_LIMITS.maxCount}
              step={1}
              required
              defaultValue={choices.count}
              aria-invalid={errors.count ? true : undefined}
              aria-describedby="count-hint count-error"
              className={cn(controlClass, "mt-1.5")}
            />
            <p id="count-hint" className="mt-1.5 text-xs text-slate-600">
              {`${PRACTICE_LIMITS.minCount} to ${PRACTICE_LIMITS.maxCount}.`}
            </p>
            <FieldError id="count-error" message={errors.count} />
          </div>
          <div>
            <label htmlFor="exam" className="block text-sm font-semibold text-slate-900">
              Marking scheme
            </label>
            <select
              id="exam"
              name="exam"
              defaultValue={choices.exam}
              aria-describedby="exam-hint exam-error"
              className={cn(controlClass, "mt-1.5")}
            >
              {EXAM_IDS.map((exam) => (
                <option key={exam} value={exam}>
                  {`${EXAMS[exam].name} (${EXAMS[exam].markingLabel})`}
                </option>
              ))}
            </select>
            <p id="exam-hint" className="mt-1.5 text-xs text-slate-600">
              {`Timed mode runs at this exam's pace: ${EXAMS[choices.exam].secondsPerQuestion} s a question.`}
            </p>
            <FieldError id="exam-error" message={errors.exam} />
          </div>
        </div>

        <RadioGroup
          name="mode"
          legend="Mode"
          values={PRACTICE_MODES}
          labels={PRACTICE_LABELS.mode}
          hints={MODE_HINTS}
          checked={choices.mode}
          error={errors.mode}
        />

        <p
          role="status"
          aria-live="polite"
          className={cn(
            "rounded-lg px-3 py-2 text-sm font-medium",
            matched === 0 ? "bg-red-50 text-red-800" : "bg-brand-50 text-brand-900",
          )}
          data-testid="match-count"
        >
          {counting ? "Counting the questions that match…" : matchText}
        </p>

        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            name="intent"
            value="start"
            formMethod="post"
            disabled={starting}
            className={buttonClasses("primary", "lg")}
          >
            {starting ? "Starting…" : "Start test"}
          </button>
          {hydrated ? null : (
            <button type="submit" className={buttonClasses("secondary", "lg")}>
              Update count
            </button>
          )}
        </div>
      </Form>
    </section>
  );
}
