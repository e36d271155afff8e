import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useFetcher, useNavigation } from "@remix-run/react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { controlClass, Field } from "~/components/ui/fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button, buttonClasses } from "~/components/ui/button";
import { DialogClose } from "~/components/ui/dialog";
import { toastInvalidSubmit } from "~/components/ui/invalid-submit-toast";
import { cn } from "~/lib/cn";
import {
  CREATE_NEW_CATEGORY,
  DEFAULT_CATEGORY,
  type Flashcard,
  FLASHCARD_LIMITS,
  FLASHCARD_MESSAGES,
  flashcardSchema,
} from "~/lib/flashcards";

export type CardFormMode =
  | { kind: "create"; createKey: string }
  | { kind: "edit"; card: Pick<Flashcard, "id" | "question" | "answer" | "category"> };

/**
 * The create and edit form. The category picker lists the
 * learner's categories (never 'All') and 'create-new', which switches to a
 * free-text name with '← Back to existing categories' restoring the
 * previous category (the card's, default 'General'). Without JavaScript the
 * switch is a link to the same form in new-category mode.
 */
export function CardForm({
  mode,
  categories,
  defaultCategory,
  action,
  lastResult,
  newCategoryLinks,
  inDialog,
  cancelHref,
}: {
  mode: CardFormMode;
  categories: string[];
  /** The picker's starting (and restored) category. */
  defaultCategory: string;
  /** Where the form posts (the page's current address). */
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
  /** Without JavaScript: the addresses that switch the picker to a new category and back. */
  newCategoryLinks?: { on: boolean; newHref: string; backHref: string };
  /** In the dialog the form posts in place (a fetcher) and Cancel closes the dialog. */
  inDialog: boolean;
  cancelHref: string;
}) {
  const fetcher = useFetcher<{ result?: SubmissionResult<string[]> }>();
  const navigation = useNavigation();
  const FormElement = inDialog ? fetcher.Form : Form;
  const editing = mode.kind === "edit" ? mode.card : null;
  const busy = inDialog
    ? fetcher.state !== "idle"
    : navigation.state !== "idle" &&
      navigation.formData?.get("intent") === (editing ? "update" : "create");
  const formId = editing ? `edit-card-${editing.id}` : "create-card";
  const [form, fields] = useForm({
    id: inDialog ? `${formId}-dialog` : formId,
    lastResult: inDialog ? (fetcher.state === "idle" ? fetcher.data?.result : null) : lastResult,
    defaultValue: {
      question: editing?.question ?? "",
      answer: editing?.answer ?? "",
      category: defaultCategory,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: flashcardSchema }),
  });

  return (
    <FormElement
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      onSubmit={(event) => {
        toastInvalidSubmit(event, flashcardSchema, {
          id: `${formId}-invalid`,
          title: FLASHCARD_MESSAGES.errorTitle,
        });
        form.onSubmit(event);
      }}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value={editing ? "update" : "create"} />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      {mode.kind === "create" ? (
        <input type="hidden" name="createKey" value={mode.createKey} />
      ) : null}
      <Field meta={fields.question} label="Question">
        <textarea
          {...getTextareaProps(fields.question)}
          key={fields.question.key}
          rows={3}
          maxLength={FLASHCARD_LIMITS.maxQuestion}
          placeholder="e.g. What is the first-line treatment for anaphylaxis?"
          className={controlClass}
        />
      </Field>
      <Field meta={fields.answer} label="Answer">
        <textarea
          {...getTextareaProps(fields.answer)}
          key={fields.answer.key}
          rows={4}
          maxLength={FLASHCARD_LIMITS.maxAnswer}
          placeholder="e.g. IM adrenaline 0.5 mg (1:1000) into the anterolateral thigh"
          className={controlClass}
        />
      </Field>
      <CategoryPicker
        fields={{ category: fields.category, newCategory: fields.newCategory }}
        categories={categories}
        previous={defaultCategory}
        links={newCategoryLinks}
      />
      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        {inDialog ? (
          <DialogClose asChild>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
        ) : (
          <Link to={cancelHref} preventScrollReset className={buttonClasses("secondary")}>
            Cancel
          </Link>
        )}
        <Button type="submit" disabled={busy} aria-disabled={busy}>
          {busy ? "Saving..." : editing ? "Save Changes" : "Create Card"}
        </Button>
      </div>
    </FormElement>
  );
}

type PickerField = { id: string; errorId: string; descriptionId: string; errors?: string[] };

function CategoryPicker({
  fields,
  categories,
  previous,
  links,
}: {
  fields: { category: PickerField; newCategory: PickerField & { name: string } };
  categories: string[];
  previous: string;
  links?: { on: boolean; newHref: string; backHref: string };
}) {
  const hydrated = useHydrated();
  const [creating, setCreating] = useState(links?.on ?? false);
  const [selected, setSelected] = useState(previous || DEFAULT_CATEGORY);
  const options = [...new Set([DEFAULT_CATEGORY, previous, ...categories].filter(Boolean))].sort(
    (a, b) => a.localeCompare(b, "en", { sensitivity: "base" }),
  );
  const newMode = hydrated ? creating : Boolean(links?.on);
  // Focus follows the learner's switch (not the first render), so they land in the field it shows.
  const newInput = useRef<HTMLInputElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    (creating ? newInput.current : select.current)?.focus();
  }, [creating]);
  const switchTo = (next: boolean) => {
    switched.current = true;
    setCreating(next);
  };

  if (newMode) {
    const back: ReactNode = hydrated ? (
      <button
        type="button"
        onClick={() => {
          switchTo(false);
          setSelected(previous || DEFAULT_CATEGORY);
        }}
        className="text-sm font-semibold text-brand-800 underline underline-offset-2"
      >
        ← Back to existing categories
      </button>
    ) : (
      <Link
        to={links?.backHref ?? "."}
        preventScrollReset
        className="text-sm font-semibold text-brand-800 underline underline-offset-2"
      >
        ← Back to existing categories
      </Link>
    );
    return (
      <div>
        <input type="hidden" name="category" value={CREATE_NEW_CATEGORY} />
        <Field meta={fields.newCategory} label="New category" trailing={back}>
          <input
            id={fields.newCategory.id}
            name="newCategory"
            type="text"
            ref={newInput}
            maxLength={FLASHCARD_LIMITS.maxCategory}
            placeholder="e.g. Renal physiology"
            autoComplete="off"
            aria-invalid={fields.newCategory.errors?.length ? true : undefined}
            aria-describedby={
              fields.newCategory.errors?.length ? fields.newCategory.errorId : undefined
            }
            className={controlClass}
          />
        </Field>
      </div>
    );
  }

  return (
    <Field
      meta={fields.category}
      label="Category"
      trailing={
        !hydrated && links ? (
          <Link
            to={links.newHref}
            preventScrollReset
            className="text-sm font-semibold text-brand-800 underline underline-offset-2"
          >
            Create new category
          </Link>
        ) : undefined
      }
    >
      <select
        ref={select}
        id={fields.category.id}
        name="category"
        value={selected}
        onChange={(event) => {
          if (event.target.value === CREATE_NEW_CATEGORY) switchTo(true);
          else setSelected(event.target.value);
        }}
        aria-invalid={fields.category.errors?.length ? true : undefined}
        aria-describedby={fields.category.errors?.length ? fields.category.errorId : undefined}
        className={cn(controlClass)}
      >
        {options.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {hydrated ? <option value={CREATE_NEW_CATEGORY}>+ Create new category…</option> : null}
      </select>
    </Field>
  );
}
