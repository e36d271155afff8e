import { useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";

/** Typing in a search box searches after this pause (JavaScript only; the button always works). */
const SEARCH_DELAY_MS = 350;

/**
 * For a GET search form (the search lives in the address and works with
 * JavaScript off): with JavaScript, `schedule` submits the form a moment after
 * the learner stops typing, replacing the history entry and keeping the
 * scroll; a submit by the button cancels the pending one (`onSubmit`).
 */
export function useSearchAsYouType() {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    onSubmit: () => clearTimeout(timer.current),
    schedule: (form: HTMLFormElement, delay = SEARCH_DELAY_MS) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => submit(form, { replace: true, preventScrollReset: true }),
        delay,
      );
    },
  };
}
