import { AnswerNotes } from "~/components/assessment/answer-notes";
import { ReportQuestion } from "~/components/assessment/report-question";
import { OPTION_LETTERS } from "~/lib/assessments";
import { cn } from "~/lib/cn";
import type { PracticeQuestion, Reveal } from "~/lib/practice";
import { MissedActions } from "./missed-actions";

/**
 * A question's answer once it may be seen (tutor mode once checked, every
 * question after submit): right, wrong or not answered and the correct
 * option, why each option is right or wrong, the takeaway and the
 * reference; under a missed one "Add to flashcards" and "Why did you miss
 * it?"; and "Report a problem".
 */
export function AnswerReview({
  question,
  reveal,
  inFlashcards,
  mistake,
  headingLevel = 3,
}: {
  question: PracticeQuestion;
  reveal: Reveal;
  inFlashcards: boolean;
  mistake: string | null;
  headingLevel?: 3 | 4;
}) {
  const right = OPTION_LETTERS[reveal.correctIndex];
  const verdict =
    question.choice === null
      ? { text: "Not answered", className: "bg-slate-100 text-slate-900" }
      : reveal.correct
        ? { text: "Correct", className: "bg-emerald-100 text-emerald-900" }
        : { text: "Incorrect", className: "bg-red-100 text-red-900" };
  return (
    <>
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
      <AnswerNotes
        options={question.options}
        explanations={reveal.explanations}
        correctIndex={reveal.correctIndex}
        choice={question.choice}
        takeaway={reveal.takeaway}
        reference={reveal.reference}
        headingLevel={headingLevel}
      />
      {reveal.correct ? null : (
        <MissedActions
          index={question.index}
          inFlashcards={inFlashcards}
          mistake={mistake}
          canTag={question.choice !== null}
        />
      )}
      <ReportQuestion bankId={question.itemId} noun="question" />
    </>
  );
}
