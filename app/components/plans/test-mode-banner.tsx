import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Says plainly that the checkout in use moves no real money (test keys or the local test checkout). */
export function TestModeBanner({
  children,
  className,
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <p
      className={cn(
        "rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950",
        className,
      )}
    >
      <span aria-hidden="true">⚠ </span>
      {children}
    </p>
  );
}
