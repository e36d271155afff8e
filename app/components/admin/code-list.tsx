import { Form, useNavigation } from "@remix-run/react";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatDate } from "~/components/plans/format";
import { Button, buttonClasses } from "~/components/ui/button";
import { type Confirmation, ConfirmAction } from "~/components/ui/confirm";
import { showToastMessage } from "~/components/ui/toaster";
import { ADMIN_MESSAGES, adminHref } from "~/lib/admin";
import { cn } from "~/lib/cn";
import type { AdminPromoCode } from "~/lib/admin-dashboard";

/** The confirmation asked before a delete. */
export function deleteConfirmation(code: AdminPromoCode): Confirmation {
  return {
    title: "Delete Promo Code",
    description: (
      <>
        Delete <strong className="font-mono font-semibold text-slate-900">{code.code}</strong>? It
        stops applying at once. Payments already made with it keep their record.
      </>
    ),
    confirm: "Delete",
    busy: "Deleting…",
    fields: { intent: "delete", code: code.code },
  };
}

function StatusBadge({ code }: { code: AdminPromoCode }) {
  const [label, tone] = code.isExpired
    ? ["Expired", "bg-amber-100 text-amber-900"]
    : code.isActive
      ? ["Active", "bg-emerald-100 text-emerald-900"]
      : ["Inactive", "bg-slate-200 text-slate-800"];
  return (
    <span className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", tone)}>{label}</span>
  );
}

/** The code as text anyone can select; with JavaScript, a Copy button beside it. */
export function CodeText({ code }: { code: string }) {
  return (
    <code className="select-all break-all font-mono text-base font-semibold text-slate-900">
      {code}
    </code>
  );
}

export function CopyButton({ code }: { code: string }) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Copy ${code}`}
      onClick={() => {
        navigator.clipboard.writeText(code).then(
          () =>
            showToastMessage({
              id: `copy-${code}`,
              type: "success",
              title: ADMIN_MESSAGES.copied,
              description: code,
            }),
          () => showToastMessage({ type: "error", title: ADMIN_MESSAGES.copyFailed }),
        );
      }}
    >
      Copy
    </Button>
  );
}

function ToggleButton({ code, tab }: { code: AdminPromoCode; tab: string }) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get("intent") === "toggle" &&
    navigation.formData.get("code") === code.code;
  const verb = code.isActive ? "Deactivate" : "Activate";
  return (
    <Form method="post" action={adminHref(tab)} preventScrollReset>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="code" value={code.code} />
      <input type="hidden" name="isActive" value={String(!code.isActive)} />
      <Button
        type="submit"
        variant="secondary"
        size="sm"
        disabled={busy}
        aria-label={`${verb} ${code.code}`}
      >
        {busy ? "Saving…" : verb}
      </Button>
    </Form>
  );
}

const count = (value: number | null) =>
  value === null ? "Unlimited" : value.toLocaleString("en-IN");

/** One code: its figures and its actions. */
function CodeItem({ code, tab }: { code: AdminPromoCode; tab: string }) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <CodeText code={code.code} />
            <StatusBadge code={code} />
          </div>
          <p className="mt-1 text-sm text-slate-600">{code.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyButton code={code.code} />
          <ToggleButton code={code} tab={tab} />
          <ConfirmAction
            confirmation={deleteConfirmation(code)}
            href={adminHref(tab, { confirm: code.code })}
            action={adminHref(tab)}
            label={`Delete ${code.code}`}
            focusFallback="#codes-heading"
            className={buttonClasses(
              "secondary",
              "sm",
              "text-red-700 hover:border-red-300 hover:bg-red-50",
            )}
          >
            Delete
          </ConfirmAction>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 lg:grid-cols-6">
        {[
          ["Created", formatDate(code.createdAt)],
          ["Expires", code.expiryDate ? formatDate(`${code.expiryDate}T12:00:00+05:30`) : "Never"],
          ["Instances", count(code.totalInstances)],
          ["Taken", count(code.usedInstances)],
          ["Uses", count(code.currentUses)],
          ["Max uses", count(code.maxUses)],
        ].map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/** A tab's codes, newest first, or what to do when there are none. */
export function CodeList({
  codes,
  tab,
  label,
}: {
  codes: AdminPromoCode[];
  tab: string;
  label: string;
}) {
  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading" tabIndex={-1} className="text-xl font-semibold text-slate-900">
        {label} codes
      </h2>
      {codes.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No {label} codes yet. Use Create Coupon to make the first one.
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {codes.map((code) => (
            <CodeItem key={code.code} code={code} tab={tab} />
          ))}
        </ul>
      )}
    </section>
  );
}
