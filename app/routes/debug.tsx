import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { describeAccess } from "~/lib/access";
import { FEATURE_LABELS } from "~/lib/features";
import { SITE } from "~/lib/site";
import { getViewer } from "~/models/viewer.server";

export const meta: MetaFunction = () => [
  { title: `Debug · ${SITE.name}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await getViewer(request, context);
  const meterKey = viewer.status === "authenticated" ? viewer.user.id : "anonymous";
  const startedAt = Date.now();
  const meter = await context.meter
    .health(meterKey)
    .then((health) => ({ ok: true as const, latencyMs: Date.now() - startedAt, calls: health.calls }))
    .catch((error: unknown) => ({ ok: false as const, error: String(error) }));
  return {
    checkedAt: new Date().toISOString(),
    viewer,
    access: describeAccess(viewer),
    meter,
  };
}

const timeFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium" });

/** /debug: what the server knows about the viewer right now. */
export default function Debug() {
  const state = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { viewer } = state;
  const refreshing = revalidator.state === "loading";

  return (
    <section className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900">Debug</h1>
          <p className="mt-1 text-sm text-slate-600">
            Checked <time dateTime={state.checkedAt}>{timeFormat.format(new Date(state.checkedAt))}</time>
          </p>
        </div>
        <div className="flex gap-2">
          {/* Without JavaScript the link reloads the page; with it, the data refreshes in place. */}
          <Link
            to="/debug"
            onClick={(event) => {
              event.preventDefault();
              revalidator.revalidate();
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
      </div>

      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <Panel title="Authentication">
          {viewer.status === "anonymous" ? (
            <Row label="Status" value="Not signed in" />
          ) : (
            <>
              <Row label="Status" value="Signed in" />
              <Row label="Name" value={`${viewer.user.firstName} ${viewer.user.lastName}`} />
              <Row label="E-mail" value={viewer.user.email} />
              <Row label="Role" value={viewer.user.role} />
            </>
          )}
        </Panel>

        <Panel title="Subscription">
          {viewer.status === "authenticated" && viewer.access.type === "subscription" ? (
            <>
              <Row label="Plan" value={viewer.access.subscription.planName} />
              <Row label="Status" value="Active" />
              <Row label="Ends" value={timeFormat.format(new Date(viewer.access.subscription.endDate))} />
              <Row label="Days remaining" value={String(viewer.access.subscription.daysRemaining)} />
            </>
          ) : (
            <Row label="Status" value="No active subscription" />
          )}
        </Panel>

        <Panel title="Trial">
          {viewer.status === "authenticated" && viewer.access.type === "trial" ? (
            <>
              <Row label="Status" value="Active" />
              <Row
                label="Used"
                value={`${viewer.access.trial.totalUsed} of ${viewer.access.trial.totalLimit}`}
              />
              <Row label="Days remaining" value={String(viewer.access.trial.daysRemaining)} />
            </>
          ) : (
            <Row label="Status" value="No active trial" />
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
        </Panel>
      </div>

      <Panel title="Feature access" className="mt-6" list={false}>
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-200 text-slate-600">
              <th scope="col" className="py-2 pr-4 font-medium">Feature</th>
              <th scope="col" className="py-2 pr-4 font-medium">Access</th>
              <th scope="col" className="py-2 font-medium">Why</th>
            </tr>
          </thead>
          <tbody>
            {state.access.map((row) => (
              <tr key={row.feature} className="border-b border-slate-100 last:border-0">
                <th scope="row" className="py-2 pr-4 font-medium text-slate-900">
                  {FEATURE_LABELS[row.feature]}
                  <span className="block font-mono text-xs font-normal text-slate-500">{row.feature}</span>
                </th>
                <td className={row.allowed ? "py-2 pr-4 text-brand-800" : "py-2 pr-4 text-red-700"}>
                  {row.allowed ? "Allowed" : "Denied"}
                </td>
                <td className="py-2 text-slate-700">{row.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </section>
  );
}

function Panel({
  title,
  children,
  className = "",
  list = true,
}: {
  title: string;
  children: React.ReactNode;
  className?: string;
  /** Children are label/value rows (a description list), or free content. */
  list?: boolean;
}) {
  return (
    <section className={`rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${className}`}>
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      {list ? <dl className="mt-3 space-y-2">{children}</dl> : <div className="mt-3">{children}</div>}
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4 text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}
