import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { PALETTE_LABELS, PALETTE_NOTES, PALETTE_STATES, type PaletteState } from "~/lib/mock-exams";

/**
 * The exam's colours and shapes, as the NBEMS screen draws them: grey for
 * not visited, red for not answered, green for answered, purple for marked
 * for review, purple with a green tick for answered and marked. The shapes
 * differ too, so the states read without colour.
 */
const STATE_CLASSES: Record<PaletteState, string> = {
  "not-visited": "border border-slate-400 bg-white text-slate-800 rounded-md",
  "not-answered": "bg-red-700 text-white rounded-t-2xl rounded-b-md",
  answered: "bg-emerald-700 text-white rounded-b-2xl rounded-t-md",
  marked: "bg-violet-700 text-white rounded-full",
  "answered-marked": "bg-violet-700 text-white rounded-full",
};

function Tick() {
  return (
    <span
      aria-hidden="true"
      className="absolute -bottom-1 -right-1 grid size-4 place-items-center rounded-full bg-emerald-600 text-[10px] leading-none text-white ring-2 ring-white"
    >
      ✓
    </span>
  );
}

/** One palette cell's look (the legend's swatch and the palette's button share it). */
export function PaletteMark({
  state,
  children,
  className,
}: {
  state: PaletteState;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "relative inline-grid place-items-center text-sm font-semibold",
        STATE_CLASSES[state],
        className,
      )}
    >
      {children}
      {state === "answered-marked" ? <Tick /> : null}
    </span>
  );
}

/** The legend: every state with its swatch, what it means and how many questions are in it. */
export function PaletteLegend({ counts }: { counts: Readonly<Record<PaletteState, number>> }) {
  return (
    <div>
      <h3 className="text-sm font-semibold text-slate-900">Legend</h3>
      <ul className="mt-2 grid gap-2 text-sm">
        {PALETTE_STATES.map((state) => (
          <li key={state} className="flex items-center gap-3">
            <PaletteMark state={state} className="size-8 shrink-0">
              {counts[state]}
            </PaletteMark>
            <span className="text-slate-800">
              <span className="font-medium">{PALETTE_LABELS[state]}</span>
              <span className="sr-only">{`: ${counts[state]}. `}</span>
              <span className="block text-xs text-slate-600">{PALETTE_NOTES[state]}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function countStates(states: readonly PaletteState[]): Record<PaletteState, number> {
  const counts = Object.fromEntries(PALETTE_STATES.map((state) => [state, 0])) as Record<
    PaletteState,
    number
  >;
  for (const state of states) counts[state] += 1;
  return counts;
}

/**
 * The open section's questions as numbered buttons in the exam's colours.
 * Without JavaScript each is a submit button of the question's form (its
 * answer is saved, then that question opens); with it, `onOpen` moves there.
 * Shapes differ by state as well as colours; each button's name says its
 * state for screen readers.
 */
export function Palette({
  title,
  first,
  states,
  current,
  form,
  onOpen,
}: {
  title: string;
  first: number;
  states: readonly PaletteState[];
  current: number;
  /** The question's form, which each button posts (without JavaScript). */
  form: string;
  onOpen: ((position: number) => void) | null;
}) {
  return (
    <nav aria-label={`Question palette, ${title}`}>
      <h3 className="text-sm font-semibold text-slate-900">{`${title}: questions`}</h3>
      <ol className="mt-2 grid grid-cols-5 gap-2 sm:grid-cols-8 lg:grid-cols-5">
        {states.map((state, index) => {
          const position = first + index;
          const number = position + 1;
          const isCurrent = position === current;
          return (
            <li key={position}>
              <button
                type="submit"
                form={form}
                name="go"
                value={number}
                formNoValidate
                aria-current={isCurrent ? "step" : undefined}
                aria-label={`Question ${number}: ${PALETTE_LABELS[state]}${isCurrent ? " (showing)" : ""}`}
                data-state={state}
                onClick={
                  onOpen
                    ? (event) => {
                        event.preventDefault();
                        onOpen(position);
                      }
                    : undefined
                }
                className={cn(
                  "size-10 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                  isCurrent && "outline outline-2 outline-offset-2 outline-slate-900",
                )}
              >
                <PaletteMark state={state} className="size-10">
                  {number}
                </PaletteMark>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
