import type { InputHTMLAttributes } from "react";
import { OPTION_LETTERS } from "~/lib/assessments";
import { cn } from "~/lib/cn";

/**
 * One option of a question as a radio button lettered A-D (quizzes,
 * simulations and mock exams). `held` draws it chosen from the page's own
 * state (JavaScript); otherwise the browser's :checked does.
 */
export function AnswerOption({
  id,
  index,
  option,
  checked,
  held,
  input,
}: {
  id: string;
  index: number;
  option: string;
  checked: boolean;
  held: boolean;
  /** The radio's value and how it is checked (checked + onChange, or defaultChecked). */
  input: InputHTMLAttributes<HTMLInputElement>;
}) {
  const letter = OPTION_LETTERS[index];
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-xl border bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600",
        held && checked
          ? "border-brand-600 bg-brand-50 ring-1 ring-brand-600"
          : "border-slate-300 hover:border-brand-400 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50",
      )}
    >
      <input
        id={id}
        type="radio"
        name="choice"
        value={index}
        className="mt-1 size-4 shrink-0 accent-brand-700"
        {...input}
      />
      <span
        aria-hidden="true"
        className={cn(
          "grid size-7 shrink-0 place-items-center rounded-full border text-sm font-semibold",
          checked ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 text-slate-700",
        )}
      >
        {letter}
      </span>
      <span className="pt-0.5 text-slate-800">
        <span className="sr-only">{`${letter}. `}</span>
        {option}
      </span>
    </label>
  );
}
