import { useActionData, useFetcher, useLocation } from "@remix-run/react";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { REPORT_REASON_LABELS, REPORT_REASONS } from "~/lib/question-reports";

type ReportReply = { intent: "report"; bankId: string; ok: boolean; message: string };

function isReportReply(value: unknown, bankId: string): value is ReportReply {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { intent?: unknown }).intent === "report" &&
    (value as { bankId?: unknown }).bankId === bankId
  );
}

/**
 * "Report a problem" under a question from the reviewed bank: what is wrong
 * (wrong key, unclear, outdated, typo) and an optional note, posted to the
 * page's action. With JavaScript it stays in place (a fetcher); without, the
 * page comes back with the answer under the same question.
 */
export function ReportQuestion({ bankId, noun }: { bankId: string; noun: string }) {
  const fetcher = useFetcher<ReportReply>({ key: `report-${bankId}` });
  const actionData = useActionData();
  const location = useLocation();
  const id = useId();
  const reply = isReportReply(fetcher.data, bankId)
    ? fetcher.data
    : isReportReply(actionData, bankId)
      ? actionData
      : null;
  const sending = fetcher.state !== "idle";

  return (
    <details className="mt-3 text-sm" open={reply !== null || undefined}>
      <summary className="cursor-pointer font-medium text-slate-700 underline underline-offset-2">
        {`Report a problem with this ${noun}`}
      </summary>
      {reply?.ok ? (
        <p role="status" className="mt-2 rounded-lg bg-emerald-50 px-3 py-2 text-emerald-900">
          {reply.message}
        </p>
      ) : (
        <fetcher.Form
          method="post"
          action={`${location.pathname}${location.search}`}
          className="mt-2 space-y-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
        >
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="bankId" value={bankId} />
          <fieldset>
            <legend className="font-medium text-slate-800">What is wrong?</legend>
            <div className="mt-1 grid gap-1">
              {REPORT_REASONS.map((reason) => (
                <label key={reason} className="flex items-center gap-2 text-slate-800">
                  <input type="radio" name="reason" value={reason} required className="size-4" />
                  {REPORT_REASON_LABELS[reason]}
                </label>
              ))}
            </div>
          </fieldset>
          <div>
            <label htmlFor={`${id}-note`} className="font-medium text-slate-800">
              What should it say? (optional)
            </label>
            <textarea
              id={`${id}-note`}
              name="note"
              rows={2}
              maxLength={500}
              className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
            />
          </div>
          {reply && !reply.ok ? (
            <p role="alert" className="text-red-800">
              {reply.message}
            </p>
          ) : null}
          <Button type="submit" size="sm" variant="secondary" disabled={sending}>
            {sending ? "Sending…" : "Send report"}
          </Button>
        </fetcher.Form>
      )}
    </details>
  );
}
