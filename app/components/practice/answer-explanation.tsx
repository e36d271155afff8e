import { cn } from "~/lib/cn";
import { OPTION_LETTERS } from "~/lib/assessments";
import type { PracticeQuestion, Reveal } from "~/lib/practice";

/**
 * A question's answer once it may be seen: right or wrong (or not
 * answered), the correct option, why each option is right or wrong, the
 * takeaway and the reference.
 */
export function AnswerExplanation({
  question,
  reveal,
  headingLevel = 3,
}: {
  question: PracticeQuestion;
  reveal: Reveal;
  headingLevel?: 3 | 4;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const right = OPTION_LETTERS[reveal.correctIndex];
  const verdict =
    question.choice === null
      ? { text: "Not answered", className: "bg-slate-100 text-slate-900" }
      : reveal.correct
        ? { text: "Correct", className: "bg-emerald-100 text-emerald-900" }
        : { text: "Incorrect", className: "bg-red-100 text-red-900" };
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-slate-900">
        <span className={cn("rounded-full px-2.5 py-0.5 text-sm font-semibold", verdict.className)}>
          {verdict.text}
        </span>
        <span>
          {`The answer is ${right}: ${question.options[reveal.correctIndex] ?? ""}.`}
          {question.choice !== null && !reveal.correct
            ? ` You chose ${OPTION_LETTERS[question.choice]}.`
            : ""}
        </span>
      </p>
      <Heading className="text-sm font-semibold text-slate-900">Why each option</Heading>
      <ul className="space-y-2">
        {question.options.map((option, index) => {
          const isRight = index === reveal.correctIndex;
          const isChosen = index === question.choice;
          return (
            <li
              key={index}
              className={cn(
                "rounded-lg border px-3 py-2 text-sm",
                isRight
                  ? "border-emerald-300 bg-emerald-50"
                  : isChosen
                    ? "border-red-300 bg-red-50"
                    : "border-slate-200 bg-slate-50",
              )}
            >
              <p className="font-medium text-slate-900">
                {`${OPTION_LETTERS[index]}. ${option}`}
                {isRight ? <span className="ml-2 text-emerald-800">(correct)</span> : null}
                {isChosen && !isRight ? (
                  <span className="ml-2 text-red-800">(your answer)</span>
                ) : null}
              </p>
              <p className="mt-1 leading-relaxed text-slate-700">{reveal.explanations[index]}</p>
            </li>
          );
        })}
      </ul>
      <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
        <span className="font-semibold">Takeaway: </span>
        {reveal.takeaway}
      </p>
      {reveal.reference ? (
        <p className="text-xs text-slate-600">
          <span className="font-semibold">Reference: </span>
          {reveal.reference}
        </p>
      ) : null}
    </div>
  );
}
