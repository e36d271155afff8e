/**
 * What the admin dashboard page at /admin_dashboard_2025 shows, from its
 * address (so it works with JavaScript off): the login form, or the dashboard
 * on a tab, with the create form or a delete confirmation as steps in the
 * query. The figures come from app/models/admin-promo.server.ts.
 */
import {
  ADMIN_MESSAGES,
  ADMIN_TIERS,
  OVERVIEW_TAB,
  indiaDate,
  parseAdminTab,
  suggestPromoCode,
} from "~/lib/admin";
import type { DashboardScreen, DashboardTab, LoginScreen } from "~/lib/admin-dashboard";
import type { Database } from "~/db/client.server";
import type { AdminPageAuth } from "~/models/admin-auth.server";
import { loadDashboard, promoCodeParam, recentCoupons } from "~/models/admin-promo.server";

export function loginScreen(auth: Exclude<AdminPageAuth, { status: "admin" }>): LoginScreen {
  if (auth.status === "expired")
    return { view: "login", notice: { type: "info", message: ADMIN_MESSAGES.sessionExpired } };
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
