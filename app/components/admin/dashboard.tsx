import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect } from "react";
import { formatDate } from "~/components/plans/format";
import { Button, buttonClasses } from "~/components/ui/button";
import { ConfirmPanel } from "~/components/ui/confirm";
import { ADMIN_MESSAGES, ADMIN_PATH, adminHref, OVERVIEW_TAB, tierFor } from "~/lib/admin";
import type { AuthAlert } from "~/lib/auth-messages";
import { cn } from "~/lib/cn";
import { percentToBasisPoints } from "~/lib/pricing";
import { ADMIN_SUPPORT_PATH } from "~/lib/support-inbox";
import type {
  AdminPromoCode,
  DashboardScreen,
  DashboardTab,
  DiscountTypeStats,
} from "~/lib/admin-dashboard";
import { CodeList, CodeText, CopyButton, deleteConfirmation } from "./code-list";
import { CreateCoupon, CreateCouponPanel } from "./create-coupon";

/** setTimeout's largest delay; sessions are far shorter, but never wrap around. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * An expired admin session logs out. When the expiry passes, the page
 * asks the server again, which answers with the login form.
 */
function useSessionExpiry(expiresAt: number) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const delay = Math.min(Math.max(expiresAt - Date.now(), 0) + 250, MAX_TIMER_MS);
    const timer = setTimeout(() => revalidator.revalidate(), delay);
    return () => clearTimeout(timer);
    // The revalidator object changes on every render; the timer only depends on the expiry.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expiresAt]);
}

const clock = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  dateStyle: "medium",
  timeStyle: "short",
});

function Tabs({ tabs, active }: { tabs: DashboardTab[]; active: string }) {
  return (
    <nav
      aria-label="Discount types"
      className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0"
    >
      <ul className="flex min-w-max gap-1 border-b border-slate-200">
        {tabs.map((entry) => {
          const current = entry.tab === active;
          return (
            <li key={entry.tab}>
              <Link
                to={adminHref(entry.tab)}
                aria-current={current ? "page" : undefined}
                preventScrollReset
                className={cn(
                  "-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-semibold",
                  current
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900",
                )}
              >
                {entry.label}{" "}
                {entry.count !== null ? (
                  <span
                    className={cn(
                      "rounded-full px-2 py-0.5 text-xs",
                      current ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-700",
                    )}
                  >
                    {entry.count}
                    <span className="sr-only"> codes</span>
                  </span>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function TypeCard({ type }: { type: DiscountTypeStats }) {
  const stats = [
    ["Active codes", type.usageStats.activeCoupons],
    ["Total", type.usageStats.totalCoupons],
    ["Used", type.usageStats.usedCoupons],
    ["Total uses", type.usageStats.totalUses],
  ] as const;
  return (
    <section
      aria-labelledby={`type-${type.tab}`}
      className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h3 id={`type-${type.tab}`} className="font-semibold text-slate-900">
        {type.label}
      </h3>
      <dl className="mt-4 grid grid-cols-2 gap-3 text-sm">
        {stats.map(([term, value]) => (
          <div key={term}>
            <dt className="text-slate-600">{term}</dt>
            <dd className="text-xl font-bold text-slate-900">{value.toLocaleString("en-IN")}</dd>
          </div>
        ))}
      </dl>
      <Link
        to={adminHref(type.tab)}
        className="mt-4 text-sm font-semibold text-brand-800 underline-offset-2 hover:underline"
      >
        View {type.label} codes
      </Link>
    </section>
  );
}

function RecentCoupons({ codes }: { codes: AdminPromoCode[] }) {
  return (
    <section aria-labelledby="recent-heading" className="mt-8">
      <h2 id="recent-heading" className="text-xl font-semibold text-slate-900">
        Recent coupons
      </h2>
      {codes.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-slate-600">
          No coupons yet. Use Create Coupon to make the first one.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {codes.map((code) => (
            <li key={code.code} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-0">
                <CodeText code={code.code} />
                <p className="text-sm text-slate-600">
                  {tierFor(percentToBasisPoints(code.discountPercentage)).label} · created{" "}
                  {formatDate(code.createdAt)} · {code.isActive ? "Active" : "Inactive"} ·{" "}
                  {code.currentUses} {code.currentUses === 1 ? "use" : "uses"}
                </p>
              </div>
              <CopyButton code={code.code} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The dashboard could not be loaded; Try Again asks once more. */
function LoadFailed({ href }: { href: string }) {
  return (
    <div
      role="alert"
      className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-4 text-red-900"
    >
      <p className="font-semibold">{ADMIN_MESSAGES.loadFailed}</p>
      <Link to={href} className={buttonClasses("secondary", "sm")}>
        Try Again
      </Link>
    </div>
  );
}

/** The promo-code dashboard. */
export function Dashboard({
  screen,
  createResult,
  createAlert,
}: {
  screen: DashboardScreen;
  createResult: SubmissionResult<string[]> | null;
  createAlert: AuthAlert | null;
}) {
  useSessionExpiry(screen.admin.expiresAt);
  const navigation = useNavigation();
  const loggingOut = navigation.state !== "idle" && navigation.formData?.get("intent") === "logout";
  // Another tab (or Try Again) is loading: the current one dims until it arrives.
  const loading =
    navigation.state === "loading" &&
    !navigation.formData &&
    navigation.location.pathname === ADMIN_PATH;
  const { data, tab } = screen;
  const type = data?.discountTypes.find((entry) => entry.tab === tab) ?? null;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            Promo Code Dashboard
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            Signed in as {screen.admin.email}. Session ends {clock.format(screen.admin.expiresAt)}{" "}
            (India time).
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Link to={`${ADMIN_PATH}/questions`} className={buttonClasses("secondary")}>
            Question reports
          </Link>
          <Link to={ADMIN_SUPPORT_PATH} className={buttonClasses("secondary")}>
            Support inbox
          </Link>
          {screen.create ? null : (
            <CreateCoupon tab={tab} today={screen.today} suggestions={screen.suggestions} />
          )}
          <Form method="post" action={ADMIN_PATH}>
            <input type="hidden" name="intent" value="logout" />
            <Button type="submit" variant="secondary" disabled={loggingOut}>
              {loggingOut ? "Logging out…" : "Logout"}
            </Button>
          </Form>
        </div>
      </header>

      <div className="mt-8">
        <Tabs tabs={screen.tabs} active={tab} />
      </div>

      {data ? null : <LoadFailed href={adminHref(tab)} />}

      <div
        className={cn("mt-6 transition-opacity", loading && "opacity-60")}
        aria-busy={loading || undefined}
      >
        {screen.create ? (
          <CreateCouponPanel
            tab={tab}
            today={screen.today}
            suggestions={screen.suggestions}
            lastResult={createResult}
            alert={createAlert}
          />
        ) : null}
        {screen.confirm ? (
          <ConfirmPanel
            confirmation={deleteConfirmation(screen.confirm)}
            action={adminHref(tab)}
            cancelHref={adminHref(tab)}
          />
        ) : null}
        {data && tab === OVERVIEW_TAB ? (
          <>
            <h2 className="sr-only">Discount types</h2>
            <p className="mb-4 text-sm text-slate-600">
              {data.overview.totalActiveCoupons.toLocaleString("en-IN")} active of{" "}
              {data.overview.totalCoupons.toLocaleString("en-IN")} codes · updated{" "}
              {clock.format(new Date(data.overview.lastUpdated))}
            </p>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.discountTypes.map((entry) => (
                <TypeCard key={entry.tab} type={entry} />
              ))}
            </div>
            <RecentCoupons codes={screen.recent} />
          </>
        ) : null}
        {type ? <CodeList codes={type.codes} tab={tab} label={type.label} /> : null}
      </div>
    </div>
  );
}
