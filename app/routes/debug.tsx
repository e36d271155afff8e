import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useForcedRefresh } from "~/components/access/use-access-refresh";
import { Button, buttonClasses } from "~/components/ui/button";
import { describeAccess } from "~/lib/access";
import { FEATURE_KEYS, FEATURE_LABELS, type FeatureKey } from "~/lib/features";
import { UNLIMITED } from "~/lib/plans";
import { SITE } from "~/lib/site";
import { ANONYMOUS } from "~/lib/viewer";
import { getAuth } from "~/models/auth.server";
import {
  type AccessSummary,
  checkFeature,
  getAccessSummary,
  usageDeps,
} from "~/models/usage.server";

export const meta: MetaFunction = () => [
  { title: `Debug · ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

type FeatureRow = {
  feature: FeatureKey;
  allowed: boolean;
  /** Counts from the meter; null when they do not apply (signed out, or no access). */
  used: number | null;
  limit: number | null;
  remaining: number | null;
  reason: string;
};

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * /debug: what the server knows about the viewer right now. Access is read
 * fresh from the per-user meter (not the KV read copy), and each feature is
 * checked with the meter as a use would be, without recording one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getAuth(request, context);
  const meterKey = auth ? auth.user.id : "anonymous";
  const startedAt = Date.now();
  const meter = await context.meter
    .health(meterKey)
    .then((health) => ({
      ok: true as const,
      latencyMs: Date.now() - startedAt,
      calls: health.calls,
    }))
    .catch((error: unknown) => ({ ok: false as const, error: errorText(error) }));
  const checkedAt = new Date().toISOString();

  if (!auth) {
    const features: FeatureRow[] = describeAccess(ANONYMOUS).map((row) => ({
      feature: row.feature,
      allowed: false,
      used: null,
      limit: null,
      remaining: null,
      reason: row.reason,
    }));
    return { checkedAt, user: null, summary: null, features, meter, error: null };
  }

  const { user } = auth;
  const deps = usageDeps(context);
  const profile = {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
  };
  try {
    const summary: AccessSummary = await getAccessSummary(deps, user.id, { fresh: true });
    const checks = await Promise.all(
      FEATURE_KEYS.map((feature) => checkFeature(deps, user.id, feature)),
    );
    const features: FeatureRow[] = checks.map((check, index) => ({
      feature: FEATURE_KEYS[index]!,
      allowed: check.hasAccess,
      used: check.accessType === "none" ? null : check.currentUsage,
      limit: check.accessType === "none" ? null : check.limit,
      remaining: check.accessType === "none" ? null : check.remaining,
      reason: check.hasAccess
        ? check.accessType === "subscription"
          ? `Subscription (${summary.subscription?.planName ?? "plan"})`
          : "Free trial"
        : (check.message ?? "Access denied"),
    }));
    return { checkedAt, user: profile, summary, features, meter, error: null };
  } catch (error) {
    return {
      checkedAt,
      user: profile,
      summary: null,
      features: [] as FeatureRow[],
      meter,
      error: errorText(error),
    };
  }
}

const timeFormat = new Intl.DateTimeFormat("en-IN", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Asia/Kolkata",
});
const formatTime = (iso: string) => `${timeFormat.format(new Date(iso))} IST`;

const SOURCE_LABELS: Record<AccessSummary["source"], string> = {
  meter: "Durable Object (read fresh)",
  kv: "KV read copy",
  none: "No counts (no plan or trial in force)",
};

function count(value: number | null): string {
  if (value === null) return "—";
  return value === UNLIMITED ? "Unlimited" : String(value);
}

function trialStatus(trial: NonNullable<AccessSummary["trial"]>): string {
  if (trial.isActive) return "Active";
  if (trial.isExpired) return "Expired";
  return "Exhausted";
}

/** /debug: what the server knows about the viewer right now. */
export default function Debug() {
  const state = useLoaderData<typeof loader>();
  const { refresh, refreshing, throttled } = useForcedRefresh();
  const { user, summary } = state;
  const subscription = summary?.subscription ?? null;
  const trial = summary?.trial ?? null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Debug</h1>
          <p className="mt-1 text-sm text-slate-600">
            Checked <time dateTime={state.checkedAt}>{formatTime(state.checkedAt)}</time>
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <div className="flex gap-2">
            {/* Without JavaScript the link reloads the page; with it, the data refreshes in place. */}
            <Link
              to="/debug"
              onClick={(event) => {
                event.preventDefault();
                refresh();
              }}
              className={buttonClasses("secondary")}
              aria-busy={refreshing}
            >
              {refreshing ? "Refreshing…" : "Refresh"}
            </Link>
            <Button
              variant="secondary"
              onClick={() => console.log("[debug] state", state)}
              title="Writes the state to the browser console"
            >
              Log
            </Button>
          </div>
          <p className="min-h-5 text-xs text-slate-600" aria-live="polite">
            {throttled ? "Refreshed moments ago; one refresh every 2 seconds." : ""}
          </p>
        </div>
      </div>

      {state.error ? (
        <p
          role="alert"
          className="mt-6 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          Could not read access: {state.error}
        </p>
      ) : null}

      <div
        className={`mt-8 grid gap-6 md:grid-cols-2 ${refreshing ? "opacity-60" : ""}`}
        aria-busy={refreshing}
      >
        <Panel title="Authentication">
          {user === null ? (
            <Row label="Status" value="Not signed in" />
          ) : (
            <>
              <Row label="Status" value="Signed in" />
              <Row label="Name" value={`${user.firstName} ${user.lastName}`} />
              <Row label="E-mail" value={user.email} />
              <Row label="Role" value={user.role} />
              <Row label="User id" value={user.id} mono />
            </>
          )}
        </Panel>

        <Panel title="Subscription">
          {subscription ? (
            <>
              <Row label="Plan" value={`${subscription.planName} (${subscription.planId})`} />
              <Row
                label="Status"
                value={subscription.status === "active" ? "Active" : "Cancelled (runs to end)"}
              />
              <Row label="Started" value={formatTime(subscription.startDate)} />
              <Row label="Ends" value={formatTime(subscription.endDate)} />
              <Row label="Days remaining" value={String(subscription.daysRemaining)} />
            </>
          ) : (
            <Row label="Status" value="No active subscription" />
          )}
        </Panel>

        <Panel title="Trial">
          {trial ? (
            <>
              <Row label="Status" value={trialStatus(trial)} />
              <Row label="Started" value={formatTime(trial.startedAt)} />
              <Row label="Ends" value={formatTime(trial.endsAt)} />
              <Row label="Days remaining" value={String(trial.daysRemaining)} />
              <Row
                label="Used"
                value={`${trial.totalUsed} of ${trial.totalLimit} (${trial.percentageUsed}%)`}
              />
              {subscription ? <Row label="In force" value="No: the subscription applies" /> : null}
            </>
          ) : (
            <Row label="Status" value={user ? "No trial started" : "No active trial"} />
          )}
        </Panel>

        <Panel title="Usage meter">
          {state.meter.ok ? (
            <>
              <Row label="Durable Object" value="Healthy" />
              <Row label="Round trip" value={`${state.meter.latencyMs} ms`} />
            </>
          ) : (
            <>
              <Row label="Durable Object" value="Unreachable" />
              <Row label="Error" value={state.meter.error} />
            </>
          )}
          {summary ? (
            <>
              <Row label="Access type" value={summary.accessType} mono />
              <Row label="Counts from" value={SOURCE_LABELS[summary.source]} />
            </>
          ) : null}
        </Panel>
      </div>

      {trial ? (
        <Panel title="Trial uses by feature" className="mt-6" list={false}>
          <Table
            label="Trial uses by feature"
            columns={["Used", "Limit", "Remaining"]}
            rows={FEATURE_KEYS.map((feature) => ({
              feature,
              cells: [
                String(trial.features[feature].used),
                String(trial.features[feature].limit),
                String(trial.features[feature].remaining),
              ],
            }))}
          />
        </Panel>
      ) : null}

      <Panel title="Feature access" className="mt-6" list={false}>
        <Table
          label="Feature access"
          columns={["Access", "Used", "Limit", "Remaining", "Why"]}
          rows={state.features.map((row) => ({
            feature: row.feature,
            cells: [
              <span key="access" className={row.allowed ? "text-brand-800" : "text-red-700"}>
                {row.allowed ? "Allowed" : "Denied"}
              </span>,
              count(row.used),
              count(row.limit),
              count(row.remaining),
              row.reason,
            ],
          }))}
        />
      </Panel>
    </div>
  );
}

function Table({
  label,
  columns,
  rows,
}: {
  label: string;
  columns: string[];
  rows: { feature: FeatureKey; cells: ReactNode[] }[];
}) {
  return (
    // On narrow screens the table scrolls sideways; keyboard users reach it with Tab.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table className="w-full text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200 text-slate-600">
            <th scope="col" className="py-2 pr-4 font-medium">
              Feature
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 pr-4 font-medium">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.feature} className="border-b border-slate-100 last:border-0">
              <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                {FEATURE_LABELS[row.feature]}
                <span className="block font-mono text-xs font-normal text-slate-500">
                  {row.feature}
                </span>
              </th>
              {row.cells.map((cell, index) => (
                <td
                  key={columns[index]}
                  className={`py-2 pr-4 text-slate-700 ${columns[index] === "Why" ? "min-w-56" : "whitespace-nowrap"}`}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Panel({
  title,
  children,
  className = "",
  list = true,
}: {
  title: string;
  children: ReactNode;
  className?: string;
  /** Children are label/value rows (a description list), or free content. */
  list?: boolean;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {list ? (
        <dl className="mt-3 space-y-2">{children}</dl>
      ) : (
        <div className="mt-3">{children}</div>
      )}
    </section>
  );
}

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div className="flex justify-between gap-4 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd
        className={`break-all text-right font-medium text-slate-900 ${mono ? "font-mono text-xs" : ""}`}
      >
        {value}
      </dd>
    </div>
  );
}
