import { OPTION_LETTERS } from "~/lib/assessments";
import { cn } from "~/lib/cn";

/**
 * A finished question's explanation: why each option is right or wrong (the
 * correct one and the learner's wrong one marked), the takeaway and the
 * reference. Quiz and simulation results and mock exam reviews share it.
 */
export function OptionExplanations({
  item: { options, explanations, correctIndex, choice, takeaway, reference },
}: {
  item: {
    options: readonly string[];
    explanations: readonly string[];
    correctIndex: number;
    choice: number | null;
    takeaway: string;
    reference: string | null;
  };
}) {
  return (
    <>
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
