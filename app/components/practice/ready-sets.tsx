import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { marks, plural } from "~/components/progress/format";
import { buttonClasses } from "~/components/ui/button";
import { EXAMS, type ExamId } from "~/lib/exams";
import {
  HIGH_YIELD,
  PRACTICE_MESSAGES,
  type ReadySets,
  SUBJECT_SET_COUNT,
  WEAK_TOPICS_SET_COUNT,
} from "~/lib/practice";
import { percent } from "~/lib/progress";
import { slug } from "~/lib/slug";

/**
 * One ready-made set's start form (`intent=start`, `set`, a subject for a
 * subject-wise set, the exam a set was ranked for).
 */
function StartForm({
  set,
  subject,
  exam,
  startKey,
  label,
  className,
  children,
}: {
  set: string;
  subject?: string;
  exam?: ExamId;
  startKey: string;
  /** The button's accessible name, when its text alone is not enough. */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const starting =
    navigation.state === "submitting" &&
    navigation.formData?.get("set") === set &&
    (subject === undefined || navigation.formData?.get("subject") === subject);
  return (
    <Form method="post" action="/practice">
      <input type="hidden" name="intent" value="start" />
      <input type="hidden" name="set" value={set} />
      <input type="hidden" name="key" value={`${startKey}:${set}:${subject ?? ""}`} />
      {subject ? <input type="hidden" name="subject" value={subject} /> : null}
      {exam ? <input type="hidden" name="exam" value={exam} /> : null}
      <button
        type="submit"
        aria-label={label}
        disabled={navigation.state === "submitting"}
        className={className ?? buttonClasses("primary")}
      >
        {starting ? "Starting…" : children}
      </button>
    </Form>
  );
}

function SetCard({ title, children }: { title: string; children: ReactNode }) {
  const id = `set-${slug(title)}`;
  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The ready-made sets: high-yield in 20 minutes, the learner's weak topics,
 * yesterday's mistakes, and one set per subject — each one click to start.
 */
export function ReadySetsSection({ sets, startKey }: { sets: ReadySets; startKey: string }) {
  const { highYield, weakTopics, yesterdayMistakes, subjects } = sets;
  return (
    <section aria-labelledby="sets-heading" className="space-y-4">
      <h2 id="sets-heading" className="text-xl font-semibold text-slate-900">
        Ready-made sets
      </h2>
      <div className="grid gap-4 md:grid-cols-3">
        <SetCard title={`High-yield in ${highYield.minutes} minutes`}>
          <p className="text-sm text-slate-700">
            {`${HIGH_YIELD.questions} timed questions at NEET-PG pace from the subjects that carry the most marks: `}
            {highYield.subjects.map((entry) => `${entry.subject} ${entry.questions}`).join(", ")}.
          </p>
          <div className="mt-auto">
            <StartForm set="high-yield" startKey={startKey}>
              Start the high-yield set
            </StartForm>
          </div>
        </SetCard>
        <SetCard title="My weak topics">
          {weakTopics.topics.length === 0 ? (
            <p className="text-sm text-slate-700" data-testid="weak-topics-empty">
              {PRACTICE_MESSAGES.noWeakTopics}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {`The ${EXAMS[weakTopics.exam].name} marks at stake where your answers fall short, as your progress page ranks them:`}
              </p>
              <ol className="space-y-1 text-sm text-slate-800" data-testid="weak-topics">
                {weakTopics.topics.map((topic) => (
                  <li key={`${topic.subject}::${topic.topic}`}>
                    <span className="font-medium" data-testid="weak-topic-name">
                      {topic.topic}
                    </span>
                    <span className="text-slate-600">{` · ${topic.subject}: ${percent(topic.accuracy)} of ${plural(topic.answered, "answer")} right, ≈ ${marks(topic.marksAtStake)} marks at stake`}</span>
                  </li>
                ))}
              </ol>
              <div className="mt-auto">
                <StartForm set="weak-topics" exam={weakTopics.exam} startKey={startKey}>
                  {`Start ${WEAK_TOPICS_SET_COUNT} questions on these`}
                </StartForm>
              </div>
            </>
          )}
        </SetCard>
        <SetCard title="Yesterday's mistakes">
          {yesterdayMistakes === 0 ? (
            <p className="text-sm text-slate-700" data-testid="yesterday-empty">
              {`${PRACTICE_MESSAGES.noMistakesYesterday} When you miss pool questions, they come back here the next day.`}
            </p>
          ) : (
            <>
              <p className="text-sm text-slate-700">
                {`${yesterdayMistakes} ${yesterdayMistakes === 1 ? "question" : "questions"} you got wrong yesterday, in quizzes, simulations or practice tests.`}
              </p>
              <div className="mt-auto">
                <StartForm set="yesterday-mistakes" startKey={startKey}>
                  Try them again
                </StartForm>
              </div>
            </>
          )}
        </SetCard>
      </div>
      <SetCard title="Subject-wise sets">
        <p className="text-sm text-slate-700">
          {`${SUBJECT_SET_COUNT} tutor-mode questions from one subject, the ones you have not seen first.`}
        </p>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
          {subjects.map((entry) => (
            <li key={entry.subject}>
              <StartForm
                set="subject"
                subject={entry.subject}
                startKey={startKey}
                label={`Start a subject-wise set: ${entry.subject}`}
                className={buttonClasses("secondary", "sm", "w-full justify-between")}
              >
                <span>{entry.subject}</span>
                <span className="font-normal text-slate-600">{entry.count}</span>
              </StartForm>
            </li>
          ))}
        </ul>
      </SetCard>
    </section>
  );
}
