import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogClose } from "~/components/ui/dialog";
import { DialogLink, useDialogOnThisPage } from "~/components/ui/dialog-link";
import { cn } from "~/lib/cn";
import { type FlashcardView, flashcardsHref } from "~/lib/flashcard-view";
import type { Flashcard } from "~/lib/flashcards";
import { CardForm, type CardFormMode } from "./card-form";

/** The create or edit dialog around CardForm. */
export function CardFormDialog({
  open,
  setOpen,
  mode,
  categories,
  defaultCategory,
  action,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  mode: CardFormMode;
  categories: string[];
  defaultCategory: string;
  action: string;
}) {
  const editing = mode.kind === "edit";
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      size="lg"
      title={editing ? "Edit Card" : "Create New Card"}
      description={
        editing
          ? "Change the question, the answer or the category. The card keeps its review schedule."
          : "Write a question and its answer, and file it under a category."
      }
    >
      <CardForm
        mode={mode}
        categories={categories}
        defaultCategory={defaultCategory}
        action={action}
        inDialog
        cancelHref={action}
      />
    </Dialog>
  );
}

const small = (extra?: string) => buttonClasses("secondary", "sm", extra);

/**
 * Edit, archive (or restore) and delete for one card. Edit and delete open
 * dialogs; without JavaScript they lead to the page's edit form and
 * confirmation step. Archive is a form post either way.
 */
export function CardActions({
  card,
  categories,
  view,
  className,
}: {
  card: Flashcard;
  categories: string[];
  /** The page's view: the forms post to its address, and the no-JavaScript steps keep it. */
  view: FlashcardView;
  className?: string;
}) {
  const action = flashcardsHref(view);
  const editHref = flashcardsHref(view, {}, { edit: card.id });
  const deleteHref = flashcardsHref(view, {}, { confirm: "delete", target: card.id });
  const edit = useDialogOnThisPage();
  const remove = useDialogOnThisPage();
  const navigation = useNavigation();
  const archiving =
    navigation.state === "submitting" &&
    navigation.formData?.get("id") === card.id &&
    ["archive", "unarchive"].includes(String(navigation.formData?.get("intent")));
  const short = card.question.length > 60 ? `${card.question.slice(0, 57)}…` : card.question;

  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <DialogLink
        href={editHref}
        onOpen={() => edit.setOpen(true)}
        className={small()}
        label={`Edit card: ${short}`}
      >
        Edit
      </DialogLink>
      <Form method="post" action={action} preventScrollReset>
        <input type="hidden" name="id" value={card.id} />
        <button
          type="submit"
          name="intent"
          value={card.isArchived ? "unarchive" : "archive"}
          className={small()}
          disabled={archiving}
          aria-label={`${card.isArchived ? "Restore" : "Archive"} card: ${short}`}
        >
          {card.isArchived ? "Unarchive" : "Archive"}
        </button>
      </Form>
      <DialogLink
        href={deleteHref}
        onOpen={() => remove.setOpen(true)}
        className={small("text-red-700 hover:border-red-300 hover:bg-red-50")}
        label={`Delete card: ${short}`}
      >
        Delete
      </DialogLink>
      {edit.open ? (
        <CardFormDialog
          open
          setOpen={edit.setOpen}
          mode={{ kind: "edit", card }}
          categories={categories}
          defaultCategory={card.category}
          action={action}
        />
      ) : null}
      <Dialog
        open={remove.open}
        onOpenChange={remove.setOpen}
        title="Delete Card"
        description="Delete this card and its review history? This cannot be undone."
      >
        <p className="whitespace-pre-wrap rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {card.question}
        </p>
        <DeleteForm
          card={card}
          action={action}
          cancel={
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
          }
        />
      </Dialog>
    </div>
  );
}

/** The confirmed delete: a form post either way. */
export function DeleteForm({
  card,
  action,
  cancel,
}: {
  card: Pick<Flashcard, "id">;
  action: string;
  cancel: ReactNode;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "delete" &&
    navigation.formData?.get("id") === card.id;
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
    >
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={card.id} />
      {cancel}
      <Button type="submit" variant="danger" disabled={busy} aria-disabled={busy}>
        {busy ? "Deleting…" : "Delete"}
      </Button>
    </Form>
  );
}
