/**
 * What the dashboard page at /admin_dashboard_2025 shows, from its address
 * (so it works with JavaScript off): the login form, or the dashboard on a
 * tab, with the create form or a delete confirmation as steps in the query.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_TIERS,
  OVERVIEW_TAB,
  indiaDate,
  parseAdminTab,
  suggestPromoCode,
} from "~/lib/admin";
import type { AdminPageAuth } from "./admin-auth.server";
import {
  type AdminPromoCode,
  type DashboardData,
  loadDashboard,
  promoCodeParam,
  recentCoupons,
} from "./admin-promo.server";
import type { Database } from "~/db/client.server";

export type LoginScreen = {
  view: "login";
  notice: { type: "error" | "info"; message: string } | null;
};

export type DashboardTab = { tab: string; label: string; count: number | null };

export type DashboardScreen = {
  view: "dashboard";
  admin: { email: string; firstName: string; expiresAt: number };
  now: number;
  tab: string;
  tabs: DashboardTab[];
  /** Null when loading failed ('Failed to load dashboard data. Please try again.'). */
  data: DashboardData | null;
  recent: AdminPromoCode[];
  /** The create form as a step in the page (?create=1). */
  create: boolean;
  /** The code a delete waits to be confirmed for (?confirm=CODE). */
  confirm: AdminPromoCode | null;
  /** India's date: the earliest expiry the form accepts. */
  today: string;
  /** A suggested code per tier, by basis points (001 §9). */
  suggestions: Record<number, string>;
};

export function loginScreen(auth: Exclude<AdminPageAuth, { status: "admin" }>): LoginScreen {
  if (auth.status === "expired")
    return { view: "login", notice: { type: "info", message: ADMIN_MESSAGES.sessionExpired } };
  if (auth.status === "learner")
    return { view: "login", notice: { type: "error", message: ADMIN_MESSAGES.learnerSignedIn } };
  return { view: "login", notice: null };
}

export async function dashboardScreen(
  db: Database,
  auth: Extract<AdminPageAuth, { status: "admin" }>,
  params: URLSearchParams,
  now: number,
): Promise<DashboardScreen> {
  const data = await loadDashboard(db, now).catch((error: unknown) => {
    console.error("[admin] could not load the dashboard", error);
    return null;
  });
  const types = data?.discountTypes ?? ADMIN_TIERS.map((tier) => ({ ...tier, count: null }));
  const tabs: DashboardTab[] = [
    { tab: OVERVIEW_TAB, label: "Overview", count: data?.overview.totalCoupons ?? null },
    ...types.map((type) => ({ tab: type.tab, label: type.label, count: type.count })),
  ];
  const tab = parseAdminTab(
    params.get("tab"),
    tabs.map((entry) => entry.tab),
  );
  const confirmCode = promoCodeParam(params.get("confirm") ?? undefined);
  const confirm =
    (confirmCode &&
      data?.discountTypes
        .flatMap((type) => type.codes)
        .find((code) => code.code === confirmCode)) ||
    null;
  return {
    view: "dashboard",
    admin: {
      email: auth.session.email,
      firstName: auth.session.firstName,
      expiresAt: auth.session.expiresAt,
    },
    now,
    tab,
    tabs,
    data,
    recent: data ? recentCoupons(data) : [],
    create: params.get("create") === "1",
    confirm,
    today: indiaDate(now),
    suggestions: Object.fromEntries(
      ADMIN_TIERS.map((tier) => [tier.basisPoints, suggestPromoCode(tier.basisPoints, now)]),
    ),
  };
}
