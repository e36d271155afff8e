import type { FormEvent } from "react";
import { showToastMessage } from "~/components/ui/toaster";
import { formProblem } from "~/lib/auth-messages";

type Checked = {
  status?: "success" | "error";
  error?: Record<string, readonly string[] | null | undefined> | null;
};

/**
 * On a learner's own submit of an accounts form that does not pass its rules
 * (so it is not sent), shows the toast the server would answer with JavaScript
 * off: 'Password Mismatch', 'Password Too Short', 'Password Too Weak' or
 * 'Validation Error'. One per form (`id`), replaced by the next try. Conform's
 * own field checks on blur submit with its `__intent__` button and show nothing.
 */
export function toastInvalidAccountForm(
  event: FormEvent<HTMLFormElement>,
  check: (formData: FormData) => Checked,
  passwordFields: readonly string[],
  id: string,
): void {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter?.getAttribute("name") === "__intent__") return;
  const checked = check(new FormData(event.currentTarget, submitter));
  if (checked.status === "success" || !checked.error) return;
  const { title, message } = formProblem(checked.error, passwordFields);
  showToastMessage({ id, type: "error", title, description: message });
}
