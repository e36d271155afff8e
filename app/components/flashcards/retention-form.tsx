import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { controlClass, Field } from "~/components/ui/fields";
import { Button } from "~/components/ui/button";
import { RETENTION, retentionSchema } from "~/lib/flashcards";

/**
 * Desired retention: the share of due cards FSRS schedules the learner to
 * still remember (70-99 %, default 90 %). Higher means more reviews.
 */
export function RetentionForm({
  action,
  desiredRetention,
  lastResult,
}: {
  action: string;
  desiredRetention: number;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "settings";
  const [form, fields] = useForm({
    id: "retention",
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { desiredRetention: String(Math.round(desiredRetention * 100)) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: retentionSchema }),
  });
  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      aria-labelledby="settings-heading"
      className="max-w-xl space-y-3"
    >
      <h2 id="settings-heading" className="text-lg font-semibold text-slate-900">
        Study settings
      </h2>
      <input type="hidden" name="intent" value="settings" />
      <Field
        meta={fields.desiredRetention}
        label="Desired retention (%)"
        hint={`How much of what is due you aim to remember, ${RETENTION.min * 100}-${RETENTION.max * 100} %. Higher means shorter gaps and more reviews; ${RETENTION.default * 100} % suits most learners.`}
      >
        <input
          {...getInputProps(fields.desiredRetention, { type: "number" })}
          key={fields.desiredRetention.key}
          min={undefined}
          max={undefined}
          required={false}
          step={1}
          inputMode="numeric"
          className={controlClass}
        />
      </Field>
      <Button type="submit" variant="secondary" disabled={busy} aria-disabled={busy}>
        {busy ? "Saving..." : "Save settings"}
      </Button>
    </Form>
  );
}
