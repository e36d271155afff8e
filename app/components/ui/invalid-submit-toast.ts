import { parseWithZod } from "@conform-to/zod/v4";
import type { FormEvent } from "react";
import type { z } from "zod";
import { showToastMessage } from "./toaster";

/**
 * On a learner's own submit of a form that does not pass `schema`, shows the
 * first problem as an error toast: one per form (`id`), replaced by the next
 * failed try rather than stacked. Conform checks a field on blur by submitting
 * with its own `__intent__` button; those submits show nothing.
 */
export function toastInvalidSubmit(
  event: FormEvent<HTMLFormElement>,
  schema: z.ZodType,
  toast: { id: string; title: string },
): void {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  if (submitter?.getAttribute("name") === "__intent__") return;
  const check = parseWithZod(new FormData(event.currentTarget), { schema });
  if (check.status === "success") return;
  const first = Object.values(check.error ?? {}).flat()[0];
  showToastMessage({
    id: toast.id,
    type: "error",
    title: toast.title,
    description: first ?? undefined,
  });
}
