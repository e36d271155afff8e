import { type RefObject, useEffect } from "react";

/** Where typing happens: keys pressed there are text, never shortcuts. */
const TYPING =
  "textarea, select, [contenteditable]:not([contenteditable='false']), input:not([type=radio]):not([type=checkbox]):not([type=button]):not([type=submit])";

const OPTION_KEYS: Record<string, number> = {
  "1": 0,
  "2": 1,
  "3": 2,
  "4": 3,
  a: 0,
  b: 1,
  c: 2,
  d: 3,
};

/**
 * The test's keyboard shortcuts (JavaScript only; the page lists them):
 * 1–4 or A–D choose an option, N next, P previous, M mark for review. They
 * act through the question form's own controls — the option's radio, the
 * buttons marked `data-shortcut="next"`/`"prev"`, the checkbox marked
 * `data-shortcut="mark"` — so a shortcut does exactly what a click does.
 * Keys pressed while typing, or with Ctrl, Alt or Meta, are left alone.
 */
export function useTestShortcuts(form: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.target instanceof Element && event.target.closest(TYPING)) return;
      const element = form.current;
      if (!element) return;
      const key = event.key.toLowerCase();
      const click = (selector: string) => {
        const control = element.ownerDocument.querySelector<HTMLElement>(selector);
        if (!control || (control as HTMLButtonElement).disabled) return false;
        control.click();
        return true;
      };
      let handled = false;
      if (key in OPTION_KEYS) {
        handled = click(`#${element.id} input[name="choice"][value="${OPTION_KEYS[key]}"]`);
        if (handled) element.querySelector<HTMLElement>('input[name="choice"]:checked')?.focus();
      } else if (key === "n") handled = click(`[form="${element.id}"][data-shortcut="next"]`);
      else if (key === "p") handled = click(`[form="${element.id}"][data-shortcut="prev"]`);
      else if (key === "m") handled = click(`#${element.id} [data-shortcut="mark"]`);
      if (handled) event.preventDefault();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [form]);
}
