import * as RadixDialog from "@radix-ui/react-dialog";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "~/lib/cn";

/** The dialog's dimmed backdrop. */
export function DialogOverlay() {
  return <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />;
}

/** The × in a dialog's top-right corner, named "Close" for screen readers. */
export function DialogCloseButton() {
  return (
    <RadixDialog.Close asChild>
      <button
        type="button"
        className="absolute right-3 top-3 rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
        aria-label="Close"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
        </svg>
      </button>
    </RadixDialog.Close>
  );
}

/**
 * A modal dialog (Radix): focus moves in and is trapped, Escape and the
 * close button close it, focus returns to what opened it, and the title and
 * description name it for screen readers. Its content unmounts when closed,
 * so a form inside starts afresh each time it opens.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = "md",
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: "md" | "lg";
  onCloseAutoFocus?: ComponentProps<typeof RadixDialog.Content>["onCloseAutoFocus"];
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <DialogOverlay />
        <RadixDialog.Content
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:p-8",
            size === "lg" ? "max-w-2xl" : "max-w-md",
          )}
          onCloseAutoFocus={onCloseAutoFocus}
          // Without a description Radix would warn; the title alone names the dialog then.
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-slate-900">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-2 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          ) : null}
          <div className="mt-6">{children}</div>
          <DialogCloseButton />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the dialog it sits in (for a Cancel button). */
export const DialogClose = RadixDialog.Close;
