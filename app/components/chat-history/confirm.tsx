import * as Dialog from "@radix-ui/react-dialog";
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { type ReactNode, useRef, useState } from "react";
import { useHydrated } from "~/components/auth/use-hydrated";
import { Button, buttonClasses } from "~/components/ui/button";

/** What is being confirmed: one conversation, or every conversation. */
export type ConfirmSubject =
  { kind: "delete"; sessionId: string; title: string } | { kind: "clear" };

function copyFor(subject: ConfirmSubject) {
  if (subject.kind === "delete") {
    return {
      title: "Delete Conversation",
      description: (
        <>
          Delete <strong className="font-semibold text-slate-900">“{subject.title}”</strong> and all
          of its messages? This cannot be undone.
        </>
      ),
      confirm: "Delete",
      busy: "Deleting…",
    };
  }
  return {
    title: "Clear All History",
    description: <>Delete every conversation and all of their messages? This cannot be undone.</>,
    confirm: "Clear all history",
    busy: "Clearing…",
  };
}

/** The POST form that carries out a confirmed delete or clear (the route's action). */
function ConfirmForm({
  subject,
  action,
  cancel,
}: {
  subject: ConfirmSubject;
  action: string;
  cancel: ReactNode;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === subject.kind;
  const copy = copyFor(subject);
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
    >
      <input type="hidden" name="intent" value={subject.kind} />
      {subject.kind === "delete" ? (
        <input type="hidden" name="sessionId" value={subject.sessionId} />
      ) : null}
      {cancel}
      <Button type="submit" variant="danger" disabled={busy} aria-disabled={busy}>
        {busy ? copy.busy : copy.confirm}
      </Button>
    </Form>
  );
}

/**
 * A delete or clear control. It is a link to the confirmation step in the
 * address (so it works with JavaScript off); with JavaScript it opens the
 * confirmation dialog in place instead.
 */
export function ConfirmAction({
  subject,
  href,
  action,
  className,
  children,
  label,
}: {
  subject: ConfirmSubject;
  /** The no-JavaScript confirmation step. */
  href: string;
  /** Where the confirmed form posts. */
  action: string;
  className?: string;
  children: ReactNode;
  /** The accessible name when `children` is only an icon. */
  label?: string;
}) {
  const trigger = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  const hydrated = useHydrated();
  // Open for the page it was opened on: whatever the form leads to (the list
  // after deleting, or this page again after a failure) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const copy = copyFor(subject);

  return (
    <>
      <Link
        ref={trigger}
        to={href}
        preventScrollReset
        className={className}
        aria-label={label}
        aria-haspopup={hydrated ? "dialog" : undefined}
        onClick={(event) => {
          event.preventDefault();
          setOpenOn(location.key);
        }}
      >
        {children}
      </Link>
      <Dialog.Root open={open} onOpenChange={(next) => setOpenOn(next ? location.key : null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />
          <Dialog.Content
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl sm:p-8"
            onCloseAutoFocus={(event) => {
              // The trigger is gone once its conversation is deleted: land on the list instead.
              event.preventDefault();
              const fallback = document.querySelector<HTMLElement>("[data-history-focus]");
              (trigger.current?.isConnected ? trigger.current : fallback)?.focus();
            }}
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {copy.title}
            </Dialog.Title>
            <Dialog.Description className="mt-3 leading-relaxed text-slate-700">
              {copy.description}
            </Dialog.Description>
            <ConfirmForm
              subject={subject}
              action={action}
              cancel={
                <Dialog.Close asChild>
                  <Button variant="secondary">Cancel</Button>
                </Dialog.Close>
              }
            />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}

/**
 * The confirmation step as part of the page, for the address a ConfirmAction
 * links to: what JavaScript-off browsers (and anyone opening that address) see.
 */
export function ConfirmPanel({
  subject,
  action,
  cancelHref,
}: {
  subject: ConfirmSubject;
  action: string;
  cancelHref: string;
}) {
  const copy = copyFor(subject);
  return (
    <section
      aria-labelledby="confirm-title"
      className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-6"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-slate-900">
        {copy.title}
      </h2>
      <p className="mt-2 leading-relaxed text-slate-700">{copy.description}</p>
      <ConfirmForm
        subject={subject}
        action={action}
        cancel={
          <Link to={cancelHref} preventScrollReset className={buttonClasses("secondary")}>
            Cancel
          </Link>
        }
      />
    </section>
  );
}
