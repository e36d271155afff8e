import { Link, useLocation } from "@remix-run/react";
import { forwardRef, type ReactNode, useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * Whether a dialog opened by a DialogLink is open. It belongs to the page it
 * was opened on, so whatever its form leads to (a redirect after saving or
 * deleting, or this page again after a failure) closes it.
 */
export function useDialogOnThisPage() {
  const location = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  return {
    open: openOn === location.key,
    setOpen: (next: boolean) => setOpenOn(next ? location.key : null),
  };
}

/**
 * A link to a step's own address (so it works with JavaScript off) that, with
 * JavaScript, opens the step as a dialog in place instead (`onOpen`).
 */
export const DialogLink = forwardRef<
  HTMLAnchorElement,
  {
    href: string;
    onOpen: () => void;
    className?: string;
    /** The accessible name when `children` is only an icon. */
    label?: string;
    children: ReactNode;
  }
>(function DialogLink({ href, onOpen, className, label, children }, ref) {
  const hydrated = useHydrated();
  return (
    <Link
      ref={ref}
      to={href}
      preventScrollReset
      className={className}
      aria-label={label}
      aria-haspopup={hydrated ? "dialog" : undefined}
      onClick={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      {children}
    </Link>
  );
});
