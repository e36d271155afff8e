import type { ComponentProps, ReactNode } from "react";
import {
  type Confirmation,
  ConfirmAction as ConfirmControl,
  ConfirmPanel as ConfirmStep,
} from "~/components/ui/confirm";

/** What is being confirmed: one conversation, or every conversation. */
export type ConfirmSubject =
  { kind: "delete"; sessionId: string; title: string } | { kind: "clear" };

function confirmationFor(subject: ConfirmSubject): Confirmation {
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
      fields: { intent: "delete", sessionId: subject.sessionId },
    };
  }
  return {
    title: "Clear All History",
    description: <>Delete every conversation and all of their messages? This cannot be undone.</>,
    confirm: "Clear all history",
    busy: "Clearing…",
    fields: { intent: "clear" },
  };
}

type ControlProps = ComponentProps<typeof ConfirmControl>;

/** Delete or clear: a link to the confirmation step, a dialog once JavaScript runs. */
export function ConfirmAction({
  subject,
  ...props
}: Omit<ControlProps, "confirmation" | "focusFallback" | "children"> & {
  subject: ConfirmSubject;
  children: ReactNode;
}) {
  return (
    <ConfirmControl
      confirmation={confirmationFor(subject)}
      focusFallback="[data-history-focus]"
      {...props}
    />
  );
}

/** The confirmation step in the page (JavaScript off, or the step's address opened directly). */
export function ConfirmPanel({
  subject,
  action,
  cancelHref,
}: {
  subject: ConfirmSubject;
  action: string;
  cancelHref: string;
}) {
  return (
    <ConfirmStep confirmation={confirmationFor(subject)} action={action} cancelHref={cancelHref} />
  );
}
