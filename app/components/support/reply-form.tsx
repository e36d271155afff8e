import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { CharacterCount, SendingLabel } from "~/components/ui/character-count";
import { controlClass, Field } from "~/components/ui/fields";
import { useHydrated } from "~/components/ui/use-hydrated";
import { cn } from "~/lib/cn";
import { checkReplyForm, REPLY_MAX_LENGTH } from "~/lib/support";

/**
 * The reply form of a ticket, for the learner on /support and the team in
 * the inbox: a plain POST (JavaScript off works the same), checked in the
 * browser by the server's rule as it is typed, with the reply's key so
 * sending twice stores it once. Give it `key={replyKey}`: a sent reply brings
 * a new key, and the form starts empty again.
 */
export function ReplyForm({
  action,
  ticketId,
  replyKey,
  lastResult,
  label,
  submitLabel,
  hint,
  intent,
}: {
  action: string;
  ticketId: string;
  replyKey: string;
  lastResult: SubmissionResult<string[]> | null;
  label: string;
  submitLabel: string;
  hint?: string;
  /** Sent as the form's `intent`, for pages with several forms. */
  intent?: string;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sending =
    navigation.state === "submitting" && navigation.formData?.get("replyKey") === replyKey;
  const [form, fields] = useForm({
    id: `reply-${ticketId}`,
    lastResult: navigation.state === "idle" ? lastResult : null,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkReplyForm(formData),
  });
  const length = (fields.body.value ?? "").replace(/\r\n/g, "\n").length;
  const counterId = `${fields.body.id}-count`;
  const { key, ...bodyProps } = getTextareaProps(fields.body, { ariaDescribedBy: counterId });

  return (
    <Form
      method="post"
      action={action}
      preventScrollReset
      {...getFormProps(form)}
      aria-busy={sending}
      className="space-y-3"
    >
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name="ticketId" value={ticketId} />
      <input type="hidden" name="replyKey" value={replyKey} />
      {form.errors?.length ? (
        <p id={form.errorId} role="alert" className="text-sm font-medium text-red-700">
          {form.errors[0]}
        </p>
      ) : null}
      <Field meta={fields.body} label={label} hint={hint}>
        <textarea
          key={key}
          {...bodyProps}
          rows={4}
          maxLength={REPLY_MAX_LENGTH}
          required
          className={cn(controlClass, "min-h-28 resize-y")}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="text-sm">
          <CharacterCount id={counterId} length={length} max={REPLY_MAX_LENGTH} />
        </div>
        <Button type="submit" disabled={hydrated && sending}>
          {sending ? <SendingLabel /> : submitLabel}
        </Button>
      </div>
    </Form>
  );
}
