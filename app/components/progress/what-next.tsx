import { Form, Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { EXAMS } from "~/lib/exams";
import {
  percent,
  type ProgressView,
  type Readiness,
  READINESS,
  WEAK_TOPIC_PRACTICE_COUNT,
} from "~/lib/progress";
import { ReadinessScale } from "./charts";
import { count, marks, plural } from "./format";

/** A practice test pre-filled on a subject (the practice builder's address). */
function practiceHref(fields: Record<string, string>): string {
  return `/practice?${new URLSearchParams(fields)}`;
}

/**
 * What to do next: the weakest topics by marks at stake, each with a
 * one-click practice test (a form post to /practice, so it works without
 * JavaScript), subjects not started yet, and how ready the learner is.
 */
export function WhatToDoNext({ view }: { view: ProgressView }) {
  const { weakTopics, exam } = view;
  return (
    <section aria-labelledby="next-heading" className="space-y-4">
      <h2 id="next-heading" className="text-xl font-semibold text-slate-900">
        What to do next
      </h2>
      <div className="grid gap-4 lg:grid-cols-5">
        <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-3">
          <h3 className="font-semibold text-slate-900">Weakest topics by marks at stake</h3>
          <p className="mt-1 text-sm text-slate-600">
            The {exam.name} marks a topic is worth that you are not getting yet: its share of the
            paper × how far your accuracy on it is from 100% ×{" "}
            {plural(EXAMS[exam.id].marking.correct, "mark")} a correct answer.
          </p>
          {weakTopics.length === 0 ? (
            <p className="mt-4 text-slate-700">
              No topic to rank yet: answer questions in the subjects {exam.name} asks and your
              weakest topics will show here.
            </p>
          ) : (
            <ol className="mt-4 space-y-3" data-testid="weak-topics">
              {weakTopics.map((topic, index) => (
                <li
                  key={`${topic.subject}/${topic.topic}`}
                  className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">
                      <span className="sr-only">{`${index + 1}. `}</span>
                      <span data-testid="weak-topic-name">{topic.topic}</span>
                      <span className="font-normal text-slate-600"> · {topic.subject}</span>
                    </p>
                    <p className="text-sm text-slate-700">
                      {`${percent(topic.accuracy)} of ${plural(topic.answered, "answer")} right · `}
                      <strong className="font-semibold text-slate-900">
                        {`≈ ${marks(topic.marksAtStake)} marks at stake`}
                      </strong>
                    </p>
                  </div>
                  <Form method="post" action="/practice" className="shrink-0">
                    <input type="hidden" name="intent" value="start" />
                    <input type="hidden" name="subject" value={topic.subject} />
                    <input type="hidden" name="topic" value={topic.topic} />
                    <input type="hidden" name="count" value={WEAK_TOPIC_PRACTICE_COUNT} />
                    <input type="hidden" name="mode" value="tutor" />
                    <input type="hidden" name="exam" value={exam.id} />
                    <button
                      type="submit"
                      className={buttonClasses("primary", "sm")}
                      aria-label={`Practise ${WEAK_TOPIC_PRACTICE_COUNT} questions on ${topic.topic}`}
                    >
                      {`Practise ${WEAK_TOPIC_PRACTICE_COUNT} questions`}
                    </button>
                  </Form>
                </li>
              ))}
            </ol>
          )}
          {view.errorLog.wrong > 0 || view.notStarted.length > 0 ? (
            <ul className="mt-4 space-y-2 text-sm">
              {view.errorLog.wrong > 0 ? (
                <li>
                  <Link
                    to="/practice?status=incorrect"
                    className="font-semibold text-brand-800 underline underline-offset-2"
                  >
                    Practise the questions you got wrong
                  </Link>{" "}
                  <span className="text-slate-600">({count(view.errorLog.wrong)} so far)</span>
                </li>
              ) : null}
              {view.notStarted.length > 0 ? (
                <li className="text-slate-700">
                  {"Subjects not started yet, heaviest first: "}
                  {view.notStarted.slice(0, 3).map((subject, index) => (
                    <span key={subject}>
                      {index > 0 ? ", " : null}
                      <Link
                        to={practiceHref({
                          subject,
                          count: String(WEAK_TOPIC_PRACTICE_COUNT),
                          mode: "tutor",
                          exam: exam.id,
                        })}
                        className="font-semibold text-brand-800 underline underline-offset-2"
                      >
                        {subject}
                      </Link>
                    </span>
                  ))}
                  {view.notStarted.length > 3 ? ` and ${view.notStarted.length - 3} more` : null}
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
        <ReadinessCard readiness={view.readiness} view={view} />
      </div>
    </section>
  );
}

function ReadinessCard({ readiness, view }: { readiness: Readiness; view: ProgressView }) {
  const { exam } = view;
  return (
    <div
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm lg:col-span-2"
      data-testid="readiness"
    >
      <h3 className="font-semibold text-slate-900">{`Readiness for ${exam.name}`}</h3>
      {readiness.state === "not-enough" ? (
        <>
          <p className="mt-3 text-lg font-semibold text-slate-900">Not enough answers yet</p>
          <p className="mt-1 text-slate-700">
            {`An estimate needs at least ${readiness.needed} answers in the subjects ${exam.name} asks; you have ${count(readiness.answered)}. Answer ${count(readiness.needed - readiness.answered)} more and your expected score will show here, with its uncertainty.`}
          </p>
        </>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            Expected score{" "}
            <strong className="text-3xl font-bold text-slate-900">{readiness.expected}</strong>{" "}
            {`of ${readiness.maxScore}`}
          </p>
          <p className="mt-1 font-medium text-slate-900">
            {`${Math.round(readiness.confidence * 100)}% likely between ${readiness.low} and ${readiness.high}`}
          </p>
          <div className="mt-3">
            <ReadinessScale estimate={readiness} examName={exam.name} />
          </div>
          {readiness.passMarks !== null ? (
            <p className="mt-1 text-sm text-slate-700">
              {`Pass mark ${readiness.passMarks} (the dashed line).`}
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">
            {`Based on ${plural(readiness.answered, "answer")} in ${readiness.subjectsCovered} of ${readiness.subjectsTotal} subjects, marked ${exam.markingLabel} with every question attempted. `}
            {readiness.subjectsCovered < readiness.subjectsTotal
              ? "Subjects you have not answered on are taken at your overall rate and left wide open, so the band is wide until you cover them. "
              : null}
            {`The band also allows for which questions the paper happens to ask. The estimate needs at least ${READINESS.minAnswers} answers and is a guide, not a prediction of your rank.`}
          </p>
        </>
      )}
    </div>
  );
}
