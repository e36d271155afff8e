import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useSyncExternalStore, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { CharacterCount, SendingLabel } from "~/components/ui/character-count";
import { showToastMessage } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";
import {
  checkContactForm,
  CONTACT_CATEGORIES,
  CONTACT_CONSTRAINT,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  DEFAULT_CONTACT_CATEGORY,
  isContactFormIncomplete,
  type ContactActionData,
  type ContactNotice,
} from "~/lib/contact";

/** Where the form posts; the fragment brings a no-JavaScript visitor back to the form and its result. */
const CONTACT_FORM_ACTION = "/contact#send-message";

/** False during the server render and the first client render, true once React runs in the browser. */
function useHydrated() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
const subscribeToNothing = () => () => {};

const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-brand-600 aria-[invalid=true]:border-red-600 aria-[invalid=true]:focus:outline-red-600";

function Field({
  meta,
  label,
  required,
  hint,
  children,
}: {
  meta: { id: string; errorId: string; errors?: string[] };
  label: string;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={meta.id} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      <div className="mt-1.5 flex items-start justify-between gap-4 text-sm">
        <p id={meta.errorId} className="text-red-700">
          {meta.errors?.[0]}
        </p>
        {hint}
      </div>
    </div>
  );
}

function NoticeBox({ notice }: { notice: ContactNotice }) {
  const error = notice.type === "error";
  return (
    <div
      role={error ? "alert" : "status"}
      className={cn(
        "rounded-xl border px-4 py-3",
        error
          ? "border-red-200 bg-red-50 text-red-900"
          : "border-brand-200 bg-brand-50 text-brand-900",
      )}
    >
      <p className="font-semibold">{notice.title}</p>
      <p className="mt-0.5 text-sm">{notice.description}</p>
    </div>
  );
}

/**
 * The contact form. Works as a plain POST without JavaScript (the server checks
 * everything and the page comes back with the result); with JavaScript the same
 * rules check fields as they are filled in and the result also arrives as a toast.
 * A signed-in learner's name and address (`sender`) start filled in.
 */
export function ContactForm({
  actionData,
  sender = null,
}: {
  actionData: ContactActionData | undefined;
  sender?: { name: string; email: string } | null;
}) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const sending =
    navigation.state === "submitting" &&
    navigation.formAction?.split(/[?#]/)[0] === CONTACT_FORM_ACTION.split("#")[0];

  const [form, fields] = useForm({
    id: "contact-form",
    lastResult: navigation.state === "idle" ? actionData?.result : null,
    constraint: CONTACT_CONSTRAINT,
    defaultValue: {
      category: DEFAULT_CONTACT_CATEGORY,
      ...(sender ? { name: sender.name, email: sender.email } : {}),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => checkContactForm(formData),
  });

  const notice = actionData?.notice;
  useEffect(() => {
    if (notice) showToastMessage(notice);
  }, [notice]);

  const messageLength = (fields.message.value ?? "").replace(/\r\n/g, "\n").length;
  const incomplete = isContactFormIncomplete({
    name: fields.name.value,
    email: fields.email.value,
    message: fields.message.value,
  });
  const counterId = `${fields.message.id}-count`;
  const { key: nameKey, ...nameProps } = getInputProps(fields.name, { type: "text" });
  const { key: emailKey, ...emailProps } = getInputProps(fields.email, { type: "email" });
  const { key: categoryKey, ...categoryProps } = getSelectProps(fields.category);
  const { key: subjectKey, ...subjectProps } = getInputProps(fields.subject, { type: "text" });
  const { key: messageKey, ...messageProps } = getTextareaProps(fields.message, {
    ariaDescribedBy: counterId,
  });
  const { key: honeypotKey, ...honeypotProps } = getInputProps(fields[CONTACT_HONEYPOT_FIELD], {
    type: "text",
    ariaAttributes: false,
  });

  return (
    <>
      <div aria-live="polite">
        {notice && !sending ? (
          <div className="mb-6">
            <NoticeBox key={notice.id} notice={notice} />
          </div>
        ) : null}
      </div>

      <Form
        method="post"
        action={CONTACT_FORM_ACTION}
        preventScrollReset
        {...getFormProps(form)}
        aria-busy={sending}
        className="space-y-5"
      >
        <p className="text-sm text-slate-600">
          Fields marked{" "}
          <span className="text-red-700" aria-hidden="true">
            *
          </span>
          <span className="sr-only">as required</span> are required.
        </p>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field meta={fields.name} label="Your name" required>
            <input key={nameKey} {...nameProps} autoComplete="name" className={controlClass} />
          </Field>
          <Field meta={fields.email} label="E-mail address" required>
            <input
              key={emailKey}
              {...emailProps}
              autoComplete="email"
              inputMode="email"
              spellCheck={false}
              className={controlClass}
            />
          </Field>
        </div>

        <Field meta={fields.category} label="Category">
          <select key={categoryKey} {...categoryProps} className={controlClass}>
            {CONTACT_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </select>
        </Field>

        <Field meta={fields.subject} label="Subject" required>
          <input
            key={subjectKey}
            {...subjectProps}
            placeholder="What is your message about?"
            className={controlClass}
          />
        </Field>

        <Field
          meta={fields.message}
          label="Message"
          required
          hint={
            <CharacterCount id={counterId} length={messageLength} max={CONTACT_LIMITS.messageMax} />
          }
        >
          <textarea
            key={messageKey}
            {...messageProps}
            rows={7}
            placeholder="Tell us how we can help. For a problem, include what you did and what you saw."
            className={cn(controlClass, "min-h-40 resize-y")}
          />
        </Field>

        {/* Honeypot: people never see or reach it; bots that fill every field give themselves away. */}
        <div
          aria-hidden="true"
          className="absolute -left-[9999px] top-auto size-px overflow-hidden"
        >
          <label htmlFor={fields[CONTACT_HONEYPOT_FIELD].id}>Leave this field empty</label>
          <input key={honeypotKey} {...honeypotProps} tabIndex={-1} autoComplete="off" />
        </div>

        <div className="flex flex-col-reverse items-stretch gap-3 pt-1 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-slate-600">We reply within 24 hours.</p>
          <Button
            type="submit"
            size="lg"
            disabled={hydrated && (sending || incomplete)}
            className="sm:min-w-44"
          >
            {sending ? <SendingLabel /> : "Send message"}
          </Button>
        </div>
      </Form>
    </>
  );
}
