import { cn } from "~/lib/cn";
import { useHydrated } from "./use-hydrated";

/**
 * A text box's counter ("120/2000", read out as "120 of 2000 characters
 * used"), amber near the limit; before JavaScript runs it states the limit.
 * Give the text box `aria-describedby={id}`.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const hydrated = useHydrated();
  return (
    <p
      id={id}
      className={cn(
        "shrink-0 tabular-nums",
        hydrated && length >= max * 0.9 ? "font-medium text-amber-800" : "text-slate-500",
      )}
    >
      {hydrated ? (
        <>
          <span aria-hidden="true">
            {length}/{max}
          </span>
          <span className="sr-only">
            {length} of {max} characters used
          </span>
        </>
      ) : (
        `Up to ${max} characters`
      )}
    </p>
  );
}

/** What a submit button says while its form is on its way. */
export function SendingLabel() {
  return (
    <>
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
      />
      Sending…
    </>
  );
}
