import type { SubmissionResult } from "@conform-to/react";
import * as Dialog from "@radix-ui/react-dialog";
import { DialogCloseButton, DialogOverlay } from "~/components/ui/dialog";
import { Link } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { buttonClasses } from "~/components/ui/button";
import { ASSESSMENT_MESSAGES, type AssessmentKind } from "~/lib/assessments";
import { SetupForm } from "./setup-form";
import { KIND_TEXT } from "./texts";

function PlusIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The create card. Its button opens the setup dialog; without
 * JavaScript it is a link to the same form shown in the page (`?new=1`).
 */
export function CreateCard({
  kind,
  startKey,
  showForm,
  lastResult,
  onStart,
  formKey,
}: {
  kind: AssessmentKind;
  startKey: string;
  /** The form in the page: the no-JavaScript step, or a post that came back with errors. */
  showForm: boolean;
  lastResult: SubmissionResult<string[]> | null;
  onStart: (topic: string, count: number) => void;
  /** Changes when Back resets everything, so the form starts empty again. */
  formKey: number;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const text = KIND_TEXT[kind];
  const formId = `${kind}-setup`;

  return (
    <section
      aria-labelledby={`${kind}-create-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <PlusIcon />
          </span>
          <div>
            <h2 id={`${kind}-create-heading`} className="text-xl font-semibold text-slate-900">
              {text.createTitle}
            </h2>
            <p className="mt-1 max-w-xl text-slate-600">{text.createDescription}</p>
          </div>
        </div>
        {showForm && !open ? null : (
          <Link
            to="?new=1"
            preventScrollReset
            className={buttonClasses("primary", "lg", "shrink-0")}
            aria-haspopup={hydrated ? "dialog" : undefined}
            onClick={(event) => {
              event.preventDefault();
              setOpen(true);
            }}
          >
            {text.createTitle}
          </Link>
        )}
      </div>

      {showForm && !open ? (
        <div className="mt-6 border-t border-slate-200 pt-6">
          {lastResult?.error ? (
            <div
              role="alert"
              className="mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900"
            >
              <p className="font-semibold">{ASSESSMENT_MESSAGES.validationTitle}</p>
              <p className="mt-0.5 text-sm">{Object.values(lastResult.error).flat()[0]}</p>
            </div>
          ) : null}
          <SetupForm
            key={formKey}
            id={formId}
            kind={kind}
            startKey={startKey}
            lastResult={lastResult}
            onStart={onStart}
          />
        </div>
      ) : null}

      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <DialogOverlay />
          <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl sm:p-8">
            <Dialog.Title className="text-lg font-semibold text-slate-900">
              {text.createTitle}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-sm text-slate-600">
              {text.dialogDescription}
            </Dialog.Description>
            <div className="mt-6">
              <SetupForm
                key={formKey}
                id={`${formId}-dialog`}
                kind={kind}
                startKey={startKey}
                onStart={(topic, count) => {
                  setOpen(false);
                  onStart(topic, count);
                }}
              />
            </div>
            <DialogCloseButton />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
