import * as Dialog from "@radix-ui/react-dialog";
import { DialogOverlay } from "~/components/ui/dialog";
import { DialogLink, useDialogOnThisPage } from "~/components/ui/dialog-link";
import { Form, Link, useNavigation } from "@remix-run/react";
import { type ReactNode, useRef } from "react";
import { Button, buttonClasses } from "~/components/ui/button";

/** What a confirmation says, and the fields its form posts (`intent` among them). */
export type Confirmation = {
  title: string;
  description: ReactNode;
  confirm: string;
  busy: string;
  fields: Record<string, string> & { intent: string };
};

/** The POST form that carries out a confirmed action (the route's action). */
function ConfirmForm({
  confirmation,
  action,
  cancel,
}: {
  confirmation: Confirmation;
  action: string;
  cancel: ReactNode;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    Object.entries(confirmation.fields).every(
      ([name, value]) => navigation.formData?.get(name) === value,
    );
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
    >
      {Object.entries(confirmation.fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {cancel}
      <Button type="submit" variant="danger" disabled={busy} aria-disabled={busy}>
        {busy ? confirmation.busy : confirmation.confirm}
      </Button>
    </Form>
  );
}

/**
 * A control for an action that needs confirming (a delete). It is a link to
 * the confirmation step in the address (so it works with JavaScript off);
 * with JavaScript it opens the confirmation dialog in place instead.
 */
export function ConfirmAction({
  confirmation,
  href,
  action,
  className,
  children,
  label,
  focusFallback,
}: {
  confirmation: Confirmation;
  /** The no-JavaScript confirmation step. */
  href: string;
  /** Where the confirmed form posts. */
  action: string;
  className?: string;
  children: ReactNode;
  /** The accessible name when `children` is only an icon. */
  label?: string;
  /** Where focus goes when the dialog closes and its trigger is gone (a CSS selector). */
  focusFallback?: string;
}) {
  const trigger = useRef<HTMLAnchorElement>(null);
  const { open, setOpen } = useDialogOnThisPage();

  return (
    <>
      <DialogLink
        ref={trigger}
        href={href}
        onOpen={() => setOpen(true)}
        className={className}
        label={label}
      >
        {children}
      </DialogLink>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <DialogOverlay />
          <Dialog.Content
            className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl sm:p-8"
            onCloseAutoFocus={(event) => {
              // The trigger is gone once its item is deleted: land on the fallback instead.
              event.preventDefault();
              const fallback = focusFallback
                ? document.querySelector<HTMLElement>(focusFallback)
                : null;
              (trigger.current?.isConnected ? trigger.current : fallback)?.focus();
            }}
          >
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {confirmation.title}
            </Dialog.Title>
            <Dialog.Description className="mt-3 leading-relaxed text-slate-700">
              {confirmation.description}
            </Dialog.Description>
            <ConfirmForm
              confirmation={confirmation}
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
  confirmation,
  action,
  cancelHref,
}: {
  confirmation: Confirmation;
  action: string;
  cancelHref: string;
}) {
  return (
    <section
      aria-labelledby="confirm-title"
      className="mb-6 rounded-2xl border border-red-200 bg-red-50 p-6"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-slate-900">
        {confirmation.title}
      </h2>
      <p className="mt-2 leading-relaxed text-slate-700">{confirmation.description}</p>
      <ConfirmForm
        confirmation={confirmation}
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
