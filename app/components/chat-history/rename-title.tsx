import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { controlClass } from "~/components/ui/fields";
import { Button, buttonClasses } from "~/components/ui/button";
import { historyHref, type HistoryView } from "~/lib/chat-history";
import { chatTitleSchema } from "~/lib/chat-session";
import { cn } from "~/lib/cn";
import { Icon } from "./icons";

/**
 * The open conversation's title, renamed in place. "Rename" links to the
 * same page with `rename=1` (JavaScript off); with JavaScript it switches to
 * the form without a round trip. Mount it with a key that changes on every
 * navigation, so a saved (or abandoned) rename closes the form.
 */
export function RenameTitle({
  view,
  sessionId,
  title,
  editingAtFirst,
  lastResult,
}: {
  view: HistoryView;
  sessionId: string;
  title: string;
  editingAtFirst: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const [editing, setEditing] = useState(editingAtFirst);
  const opened = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const renameLink = useRef<HTMLAnchorElement>(null);
  const navigation = useNavigation();
  const saving =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "rename";

  const [form, fields] = useForm({
    id: `rename-${sessionId}`,
    lastResult,
    defaultValue: { title },
    // Not on blur: Escape and Cancel remove the field while it has focus, and a
    // blur validation then would submit the departing form.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: chatTitleSchema }),
  });

  // Focus follows the switch: into the field on Rename, back to Rename on Cancel.
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      return;
    }
    if (editing) input.current?.select();
    else renameLink.current?.focus();
  }, [editing]);

  const cancelHref = historyHref(view);
  const heading = (
    <h2
      id="conversation-title"
      tabIndex={-1}
      className={cn(
        "min-w-0 flex-1 break-words text-xl font-bold text-slate-900 sm:text-2xl",
        editing && "sr-only",
      )}
    >
      {title}
    </h2>
  );

  if (!editing) {
    return (
      <div className="flex items-start justify-between gap-3">
        {heading}
        <Link
          ref={renameLink}
          to={historyHref(view, {}, { rename: "1" })}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            setEditing(true);
          }}
          className={buttonClasses("ghost", "sm", "-mr-2 mt-0.5 shrink-0")}
        >
          <Icon name="pencil" className="size-4" />
          Rename
        </Link>
      </div>
    );
  }

  return (
    <>
      {heading}
      <Form
        method="post"
        action={historyHref(view)}
        preventScrollReset
        {...getFormProps(form)}
        noValidate
      >
        <input type="hidden" name="intent" value="rename" />
        <input type="hidden" name="sessionId" value={sessionId} />
        <label
          htmlFor={fields.title.id}
          className="mb-1.5 block text-sm font-medium text-slate-800"
        >
          Conversation title
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            ref={input}
            {...getInputProps(fields.title, { type: "text" })}
            key={fields.title.key}
            autoComplete="off"
            className={controlClass}
            onKeyDown={(event) => {
              if (event.key === "Escape") {
                event.preventDefault();
                setEditing(false);
              }
            }}
          />
          <div className="flex shrink-0 gap-2">
            <Button type="submit" disabled={saving} aria-disabled={saving}>
              {saving ? "Saving…" : "Save"}
            </Button>
            <Link
              to={cancelHref}
              preventScrollReset
              onClick={(event) => {
                event.preventDefault();
                setEditing(false);
              }}
              className={buttonClasses("secondary")}
            >
              Cancel
            </Link>
          </div>
        </div>
        <p id={fields.title.errorId} className="mt-1.5 text-sm text-red-700 empty:hidden">
          {fields.title.errors?.[0]}
        </p>
      </Form>
    </>
  );
}
