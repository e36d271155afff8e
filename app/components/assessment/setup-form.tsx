import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, type FormEvent, type KeyboardEvent } from "react";
import { controlClass, Field } from "~/components/ui/fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { Button } from "~/components/ui/button";
import { toastInvalidSubmit } from "~/components/ui/invalid-submit-toast";
import {
  ASSESSMENT_LIMITS,
  ASSESSMENT_MESSAGES,
  type AssessmentKind,
  assessmentRequestSchema,
  MAX_TOPIC_LENGTH,
} from "~/lib/assessments";
import { KIND_TEXT } from "./texts";

/** The count input takes digits only. */
const BLOCKED_KEYS = new Set(["-", ".", "+", "e", "E", ","]);

function blockNonDigits(event: KeyboardEvent<HTMLInputElement>) {
  if (BLOCKED_KEYS.has(event.key)) event.preventDefault();
}

/**
 * The setup form (topic, number of items). Without JavaScript it posts to the
 * page's action; with JavaScript the same schema checks it as it is filled
 * in and `onStart` begins the generation in place.
 */
export function SetupForm({
  kind,
  startKey,
  lastResult,
  onStart,
  id,
}: {
  kind: AssessmentKind;
  startKey: string;
  lastResult?: SubmissionResult<string[]> | null;
  onStart: (topic: string, count: number) => void;
  id: string;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const text = KIND_TEXT[kind];
  const limits = ASSESSMENT_LIMITS[kind];
  const schema = assessmentRequestSchema(kind);
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  // The count only ever holds 0 to the maximum: a keystroke that would go past it is undone.
  const lastCount = useRef(String(limits.default));
  const keepCountInRange = (event: FormEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const value = input.value;
    if (value === "" || (/^\d+$/.test(value) && Number(value) <= limits.max)) {
      lastCount.current = value;
    } else {
      input.value = lastCount.current;
    }
  };
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    defaultValue: { topic: "", count: String(limits.default) },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit(event, { submission }) {
      if (!hydrated || submission?.status !== "success") return;
      event.preventDefault();
      onStart(submission.value.topic, submission.value.count);
    },
  });

  return (
    <Form
      method="post"
      {...getFormProps(form)}
      onSubmit={(event) => {
        toastInvalidSubmit(event, schema, {
          id: `${id}-invalid`,
          title: ASSESSMENT_MESSAGES.validationTitle,
        });
        form.onSubmit(event);
      }}
      className="space-y-5"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="startKey" value={startKey} />
      {form.errors?.length ? (
        <p role="alert" className="text-sm text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <Field meta={fields.topic} label={text.topicLabel}>
        <input
          {...getInputProps(fields.topic, { type: "text" })}
          key={fields.topic.key}
          placeholder={text.topicPlaceholder}
          maxLength={MAX_TOPIC_LENGTH}
          autoComplete="off"
          className={controlClass}
        />
      </Field>
      <Field
        meta={fields.count}
        label={text.countLabel}
        hint={`From ${limits.min} to ${limits.max}.`}
      >
        <input
          {...getInputProps(fields.count, { type: "number" })}
          key={fields.count.key}
          // Blocked keys cannot be typed; the range is the schema's to enforce,
          // so an out-of-range number shows the spec's message rather than the browser's.
          min={undefined}
          max={undefined}
          required={false}
          inputMode="numeric"
          step={1}
          onKeyDown={blockNonDigits}
          onInput={keepCountInRange}
          className={controlClass}
        />
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-disabled={busy}>
        {busy ? text.generating : text.generate}
      </Button>
    </Form>
  );
}
