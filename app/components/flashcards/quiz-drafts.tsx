import { Form, Link, useNavigation } from "@remix-run/react";
import { controlClass } from "~/components/ui/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { FLASHCARD_LIMITS, type QuizDrafts } from "~/lib/flashcards";

type DraftValues = { index: number; question: string; answer: string; category: string };

/**
 * "Make flashcards" from a quiz or simulation: each missed question as a
 * proposed card the learner can change, keep or leave out; nothing is saved
 * until they choose Save. Questions saved before are shown as saved.
 */
export function QuizDraftsPanel({
  drafts,
  action,
  cancelHref,
  errors,
  values,
}: {
  drafts: QuizDrafts;
  action: string;
  cancelHref: string;
  errors: Record<number, string[]> | null;
  values: DraftValues[] | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "save-drafts";
  const open = drafts.drafts.filter((draft) => !draft.saved);
  const sent = new Map((values ?? []).map((value) => [value.index, value]));
  const noun = drafts.kind === "quiz" ? "quiz" : "simulation";

  return (
    <section
      aria-labelledby="drafts-heading"
      className="space-y-4 rounded-2xl border border-brand-200 bg-brand-50/50 p-5 sm:p-6"
    >
      <h2 id="drafts-heading" className="text-lg font-semibold text-slate-900">
        {`Make flashcards from your ${noun}: ${drafts.topic}`}
      </h2>
      {drafts.drafts.length === 0 ? (
        <p className="text-slate-700">
          You answered every question right: nothing to make cards from.
        </p>
      ) : (
        <p className="text-slate-700">
          Each question you missed, as a card: the question, and the correct answer with why it is
          right. Change what you like, untick what you do not want, then save.
        </p>
      )}
      {errors ? (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          Some cards need changes before they can be saved (see below).
        </p>
      ) : null}
      <Form method="post" action={action} preventScrollReset className="space-y-4">
        <input type="hidden" name="intent" value="save-drafts" />
        <input type="hidden" name="attemptId" value={drafts.attemptId} />
        <ol className="space-y-4">
          {drafts.drafts.map((draft) => {
            const value = sent.get(draft.index) ?? draft;
            const problems = errors?.[draft.index] ?? [];
            const id = `draft-${draft.index}`;
            const invalid = problems.length > 0;
            const described = invalid
              ? { "aria-invalid": true as const, "aria-describedby": `${id}-problems` }
              : {};
            return (
              <li
                key={draft.index}
                className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
                data-testid="quiz-draft"
              >
                {draft.saved ? (
                  <p className="text-sm font-medium text-emerald-800">
                    {`Question ${draft.index + 1}: already saved as a flashcard.`}
                  </p>
                ) : (
                  <label className="flex items-center gap-2 font-medium text-slate-900">
                    <input
                      type="checkbox"
                      name="draft"
                      value={draft.index}
                      defaultChecked={values ? sent.has(draft.index) : true}
                      className="size-4 accent-brand-700"
                    />
                    {`Make a card from question ${draft.index + 1}`}
                  </label>
                )}
                {draft.saved ? null : (
                  <>
                    <div>
                      <label
                        htmlFor={`${id}-question`}
                        className="mb-1 block text-sm font-medium text-slate-800"
                      >
                        Question
                      </label>
                      <textarea
                        id={`${id}-question`}
                        name={`question-${draft.index}`}
                        {...described}
                        defaultValue={value.question}
                        rows={3}
                        maxLength={FLASHCARD_LIMITS.maxQuestion}
                        className={controlClass}
                      />
                    </div>
                    <div>
                      <label
                        htmlFor={`${id}-answer`}
                        className="mb-1 block text-sm font-medium text-slate-800"
                      >
                        Answer
                      </label>
                      <textarea
                        id={`${id}-answer`}
                        name={`answer-${draft.index}`}
                        {...described}
                        defaultValue={value.answer}
                        rows={4}
                        maxLength={FLASHCARD_LIMITS.maxAnswer}
                        className={controlClass}
                      />
                    </div>
                    <div>
                      <label
                        htmlFor={`${id}-category`}
                        className="mb-1 block text-sm font-medium text-slate-800"
                      >
                        Category
                      </label>
                      <input
                        id={`${id}-category`}
                        name={`category-${draft.index}`}
                        {...described}
                        defaultValue={value.category}
                        maxLength={FLASHCARD_LIMITS.maxCategory}
                        className={controlClass}
                      />
                    </div>
                    {problems.length ? (
                      <p id={`${id}-problems`} className="text-sm text-red-700">
                        {problems.join(" ")}
                      </p>
                    ) : null}
                  </>
                )}
              </li>
            );
          })}
        </ol>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to={cancelHref} preventScrollReset className={buttonClasses("secondary")}>
            Cancel
          </Link>
          {open.length > 0 ? (
            <Button type="submit" disabled={busy} aria-disabled={busy}>
              {busy ? "Saving..." : "Save flashcards"}
            </Button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
