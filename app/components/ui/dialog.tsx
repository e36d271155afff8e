import * as Dialog from "@radix-ui/react-dialog";

/** The dialog's dimmed backdrop. */
export function DialogOverlay() {
  return <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />;
}

/** The × in a dialog's top-right corner, named "Close" for screen readers. */
export function DialogCloseButton() {
  return (
    <Dialog.Close asChild>
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
    </Dialog.Close>
  );
}
