import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { RouteHandle } from "~/components/layout/page-chrome";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { ADMIN_PATH } from "~/lib/admin";
import { OPTION_LETTERS } from "~/lib/assessments";
import { cn } from "~/lib/cn";
import { REPORT_REASON_LABELS } from "~/lib/question-reports";
import { SITE } from "~/lib/site";
import { requireAdminPage } from "~/models/admin-auth.server";
import {
  fixSchema,
  HOLD_AFTER_REPORTS,
  resolveItem,
  reviewQueue,
  type ReviewItem,
} from "~/models/question-reports.server";
import { redirectWithToast } from "~/http/toast.server";

export const handle: RouteHandle = { chrome: "admin" };

export const meta: MetaFunction = () => [
  { title: `Question reports · ${SITE.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

const QUEUE_PATH = `${ADMIN_PATH}/questions`;

/**
 * The review queue: every pool item learners reported, held ones first (out
 * of rotation after three independent reports), with the reports beside it.
 * Restore, retire, or fix and restore. Works without JavaScript.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdminPage(request, context);
  const items = await reviewQueue(context.db);
  return data(
    { items, holdAfter: HOLD_AFTER_REPORTS },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  const bankId = String(form.get("bankId") ?? "");
  const admin = { id: auth.session.userId, email: auth.session.email };
  const back = (type: "success" | "error", title: string, description?: string) =>
    redirectWithToast(QUEUE_PATH, { type, title, description }, context.env, { status: 303 });

  if (intent === "restore" || intent === "retire") {
    const done = await resolveItem(context.db, admin, bankId, intent, Date.now());
    if (!done) return back("error", "Question not found");
    return back(
      "success",
      intent === "restore" ? "Back in rotation" : "Retired",
      intent === "restore"
        ? `${bankId} is used again and its reports are closed.`
        : `${bankId} will not be used again.`,
    );
  }
  if (intent === "fix") {
    const parsed = fixSchema.safeParse({
      bankId,
      question: form.get("question"),
      options: [0, 1, 2, 3].map((index) => form.get(`option${index}`)),
      correctIndex: form.get("correctIndex"),
      explanations: [0, 1, 2, 3].map((index) => form.get(`explanation${index}`)),
      takeaway: form.get("takeaway"),
      reference: form.get("reference"),
    });
    if (!parsed.success) {
      return back(
        "error",
        "The fix was not saved",
        "Every field is needed: the question, four options, the correct one, four explanations, the takeaway and the reference.",
      );
    }
    const done = await resolveItem(context.db, admin, bankId, "fix", Date.now(), parsed.data);
    if (!done) return back("error", "Question not found");
    return back("success", "Fixed", `${bankId} is corrected and back in rotation.`);
  }
  return redirect(QUEUE_PATH, 303);
}

const dateFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeZone: "Asia/Kolkata",
});

function ReviewCard({ item }: { item: ReviewItem }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("bankId") === item.id;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="review-item"
    >
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span
          className={cn(
            "rounded-full px-2.5 py-0.5 font-semibold",
            item.status === "held" ? "bg-red-100 text-red-900" : "bg-amber-100 text-amber-900",
          )}
        >
          {item.status === "held" ? "Out of rotation" : "In rotation"}
        </span>
        <span className="text-slate-700">{`${item.subject} · ${item.topic}`}</span>
        <span className="text-slate-600">{`${item.id} · ${item.source === "ai" ? "AI-written" : "reviewed bank"}`}</span>
      </div>
      {item.case ? (
        <dl className="mt-3 space-y-1 text-sm text-slate-800">
          <div>
            <dt className="inline font-semibold">History: </dt>
            <dd className="inline">{item.case.history}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Examination: </dt>
            <dd className="inline">{item.case.examination}</dd>
          </div>
          <div>
            <dt className="inline font-semibold">Results: </dt>
            <dd className="inline">{item.case.results}</dd>
          </div>
        </dl>
      ) : null}
      <p className="mt-3 font-medium text-slate-900">{item.question}</p>
      <ol className="mt-2 space-y-1 text-sm">
        {item.options.map((option, index) => (
          <li
            key={index}
            className={
              index === item.correctIndex ? "font-semibold text-emerald-900" : "text-slate-800"
            }
          >
            {`${OPTION_LETTERS[index]}. ${option}${index === item.correctIndex ? " (keyed)" : ""}`}
            <span className="block font-normal text-slate-600">{item.explanations[index]}</span>
          </li>
        ))}
      </ol>
      <p className="mt-2 text-sm text-slate-800">
        <span className="font-semibold">Takeaway: </span>
        {item.takeaway}
      </p>
      <p className="mt-1 text-xs text-slate-600">{`Reference: ${item.reference ?? "none"}`}</p>

      <h3 className="mt-4 text-sm font-semibold text-slate-900">{`Reports (${item.openReports})`}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {item.reports.map((report, index) => (
          <li key={index} className="text-slate-800">
            {`${dateFormat.format(report.createdAt)}: ${REPORT_REASON_LABELS[report.reason]}`}
            {report.note ? <q className="ml-1 text-slate-600">{report.note}</q> : null}
          </li>
        ))}
      </ul>

      <div className="mt-4 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="bankId" value={item.id} />
          <Button type="submit" name="intent" value="restore" variant="secondary" disabled={busy}>
            Restore as it is
          </Button>
        </Form>
        <Form method="post">
          <input type="hidden" name="bankId" value={item.id} />
          <Button type="submit" name="intent" value="retire" variant="secondary" disabled={busy}>
            Retire
          </Button>
        </Form>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-800 underline underline-offset-2">
          Fix it
        </summary>
        <Form method="post" className="mt-2 space-y-2 text-sm">
          <input type="hidden" name="bankId" value={item.id} />
          <input type="hidden" name="intent" value="fix" />
          <label className="block">
            <span className="font-medium">Question</span>
            <textarea
              name="question"
              defaultValue={item.question}
              rows={3}
              required
              className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1"
            />
          </label>
          <fieldset>
            <legend className="font-medium">Options (choose the correct one)</legend>
            {item.options.map((option, index) => (
              <div key={index} className="mt-1 flex items-start gap-2">
                <input
                  type="radio"
                  name="correctIndex"
                  value={index}
                  defaultChecked={index === item.correctIndex}
                  aria-label={`Option ${OPTION_LETTERS[index]} is correct`}
                  className="mt-2"
                />
                <div className="grid flex-1 gap-1">
                  <input
                    name={`option${index}`}
                    defaultValue={option}
                    required
                    aria-label={`Option ${OPTION_LETTERS[index]}`}
                    className="rounded-lg border border-slate-300 px-2 py-1"
                  />
                  <textarea
                    name={`explanation${index}`}
                    defaultValue={item.explanations[index]}
                    rows={2}
                    required
                    aria-label={`Why option ${OPTION_LETTERS[index]} is right or wrong`}
                    className="rounded-lg border border-slate-300 px-2 py-1"
                  />
                </div>
              </div>
            ))}
          </fieldset>
          <label className="block">
            <span className="font-medium">Takeaway</span>
            <input
              name="takeaway"
              defaultValue={item.takeaway}
              required
              className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1"
            />
          </label>
          <label className="block">
            <span className="font-medium">Reference (with edition or year)</span>
            <input
              name="reference"
              defaultValue={item.reference ?? ""}
              required
              className="mt-1 w-full rounded-lg border border-slate-300 px-2 py-1"
            />
          </label>
          <Button type="submit" disabled={busy}>
            Save the fix and restore
          </Button>
        </Form>
      </details>
    </li>
  );
}

export default function AdminQuestions() {
  const { items, holdAfter } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <p className="text-sm">
        <Link to={ADMIN_PATH} className="font-medium text-brand-800 underline underline-offset-2">
          Promo Code Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900">Question reports</h1>
      <p className="mt-1 text-sm text-slate-600">
        {`Questions and cases learners reported. After ${holdAfter} independent reports an item leaves rotation until you restore, fix or retire it. A fix here is recorded in the audit log; carry it into the bank files too.`}
      </p>
      {items.length === 0 ? (
        <p
          className="mt-8 rounded-xl border border-slate-200 bg-white p-6 text-slate-700"
          data-testid="review-empty"
        >
          No reports to review.
        </p>
      ) : (
        <ul className="mt-6 space-y-5">
          {items.map((item) => (
            <ReviewCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
