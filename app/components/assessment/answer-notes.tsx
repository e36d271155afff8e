import { cn } from "~/lib/cn";
import { OPTION_LETTERS } from "~/lib/assessments";

/**
 * Why each option is right or wrong (the correct one and the learner's
 * choice picked out), then the takeaway and the reference: under a quiz's,
 * a simulation's or a practice test's answered question, and in a mock exam's
 * review (where the caller's own summary is the heading: `headingLevel={null}`).
 */
export function AnswerNotes({
  options,
  explanations,
  correctIndex,
  choice,
  takeaway,
  reference,
  headingLevel = 4,
}: {
  options: readonly string[];
  explanations: readonly string[];
  correctIndex: number;
  choice: number | null;
  takeaway: string;
  reference: string | null;
  headingLevel?: 3 | 4 | null;
}) {
  const Heading = headingLevel === 3 ? "h3" : "h4";
  return (
    <>
      {headingLevel === null ? null : (
        <Heading className="mt-4 text-sm font-semibold text-slate-900">Why each option</Heading>
      )}
      <ul className="mt-2 space-y-2">
        {options.map((option, index) => {
          const isRight = index === correctIndex;
          const isChosen = index === choice;
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
              <p className="mt-1 leading-relaxed text-slate-700">{explanations[index]}</p>
            </li>
          );
        })}
      </ul>
      <p className="mt-4 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">
        <span className="font-semibold">Takeaway: </span>
        {takeaway}
      </p>
      {reference ? (
        <p className="mt-2 text-xs text-slate-600">
          <span className="font-semibold">Reference: </span>
          {reference}
        </p>
      ) : null}
    </>
  );
}
