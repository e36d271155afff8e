/**
 * What the admin dashboard (/admin_dashboard_2025) shows, as the page's
 * loader, the /api/admin routes and the browser all see it: one promo code as
 * listed, each discount type's figures, the dashboard's data, and the page's
 * two screens (the login form, or the dashboard on a tab). The figures are
 * computed in app/models/admin-promo.server.ts
 * (docs/decisions/026-admin-dashboard.md).
 */

/** One code as the dashboard lists it (each code's name, discount, state, dates and uses). */
export type AdminPromoCode = {
  code: string;
  description: string;
  discountPercentage: number;
  isActive: boolean;
  /** Past its expiry date: it no longer applies, whatever isActive says. */
  isExpired: boolean;
  createdAt: string;
  /** The last day it applies (India time), YYYY-MM-DD; null never expires. */
  expiryDate: string | null;
  /** The instant it stops applying, ISO 8601; null never. */
  expiresAt: string | null;
  /** How many times it can be used (null: unlimited). */
  totalInstances: number | null;
  /** Instances taken: paid uses plus uses held by checkouts still open. */
  usedInstances: number;
  /** Paid uses. */
  currentUses: number;
  maxUses: number | null;
};

export type DiscountTypeStats = {
  percentage: number;
  label: string;
  tab: string;
  /** Codes of this type (the tab's count). */
  count: number;
  usageStats: {
    totalCoupons: number;
    /** Active and not expired: codes a learner can use now. */
    activeCoupons: number;
    /** Codes with at least one paid use. */
    usedCoupons: number;
    /** Paid uses of all of them. */
    totalUses: number;
  };
  codes: AdminPromoCode[];
};

export type DashboardData = {
  overview: { totalActiveCoupons: number; totalCoupons: number; lastUpdated: string };
  discountTypes: DiscountTypeStats[];
};

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
  /** A suggested code per tier, by basis points. */
  suggestions: Record<number, string>;
};
