import type { AssessmentKind } from "~/lib/assessments";
import { KIND_TEXT } from "./texts";

/**
 * How far generation has got: a bar and a line of text read out politely as
 * it changes ("Generating question 3 of 20…").
 */
export function GenerationProgress({
  kind,
  generated,
  requested,
  generating,
}: {
  kind: AssessmentKind;
  generated: number;
  requested: number;
  generating: boolean;
}) {
  const noun = KIND_TEXT[kind].item.toLowerCase();
  const label = generating
    ? `Generating ${noun} ${Math.min(generated + 1, requested)} of ${requested}…`
    : `${generated} of ${requested} ${KIND_TEXT[kind].items} ready`;
  const percent = requested ? Math.round((generated / requested) * 100) : 0;
  return (
    <div className="space-y-2" data-testid="generation-progress">
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={`${KIND_TEXT[kind].items} generated`}
        aria-valuemin={0}
        aria-valuemax={requested}
        aria-valuenow={generated}
        aria-valuetext={`${generated} of ${requested}`}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
