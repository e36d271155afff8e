/**
 * Whether a key press belongs to what has focus rather than to the page's
 * shortcuts: typing in a field, choosing in a select, or anything while a
 * dialog is open.
 */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("input, textarea, select, [role='dialog']")) return true;
  return document.querySelector("[role='dialog']") !== null;
}

/** Space presses a focused button (or checkbox, summary…): the page's shortcut leaves it alone. Links do not take Space. */
export function spaceBelongsToTarget(target: EventTarget | null, except?: Element | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  const control = target.closest(
    "button, summary, [role='button'], [role='checkbox'], [role='tab']",
  );
  return control !== null && control !== except;
}
