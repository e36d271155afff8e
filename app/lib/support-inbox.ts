/**
 * The admin support inbox's address and filters, shared by its page, the
 * admin API and the browser (the learner's side is app/lib/support.ts).
 */
import { ADMIN_PATH } from "./admin";
import { CATEGORY_VALUES } from "./contact";
import type { TicketStatus } from "./support";

/** The support inbox inside the hidden dashboard (docs/decisions/043-support-tickets.md). */
export const ADMIN_SUPPORT_PATH = `${ADMIN_PATH}/support`;

/** What the inbox shows for each state. */
export const INBOX_STATUS_LABELS: Record<TicketStatus, string> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
};

export const INBOX_STATUS_FILTERS = ["open", "answered", "closed", "all"] as const;
export const INBOX_PRIORITY_FILTERS = ["all", "priority", "standard"] as const;
export const INBOX_CATEGORY_FILTERS = ["all", ...CATEGORY_VALUES] as const;
export const INBOX_PAGE_SIZE = 25;

export type InboxFilters = {
  status: (typeof INBOX_STATUS_FILTERS)[number];
  priority: (typeof INBOX_PRIORITY_FILTERS)[number];
  category: (typeof INBOX_CATEGORY_FILTERS)[number];
  page: number;
};

export const DEFAULT_INBOX_FILTERS: InboxFilters = {
  status: "open",
  priority: "all",
  category: "all",
  page: 1,
};

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return allowed.find((option) => option === value);
}

/**
 * The inbox filters in an address. Anything unknown falls back to the
 * default; `problem` names the first such value (the API answers it with a
 * 400, the page just shows the default).
 */
export function parseInboxFilters(params: URLSearchParams): {
  filters: InboxFilters;
  problem: string | null;
} {
  const problems: string[] = [];
  const read = <T extends string>(name: keyof InboxFilters, allowed: readonly T[], fallback: T) => {
    const raw = params.get(name);
    if (raw === null || raw === "") return fallback;
    const value = pick(raw, allowed);
    if (value === undefined) problems.push(`${name} must be one of ${allowed.join(", ")}.`);
    return value ?? fallback;
  };
  const status = read("status", INBOX_STATUS_FILTERS, DEFAULT_INBOX_FILTERS.status);
  const priority = read("priority", INBOX_PRIORITY_FILTERS, DEFAULT_INBOX_FILTERS.priority);
  const category = read("category", INBOX_CATEGORY_FILTERS, DEFAULT_INBOX_FILTERS.category);
  const rawPage = params.get("page");
  let page = 1;
  if (rawPage !== null && rawPage !== "") {
    if (/^[1-9]\d{0,5}$/.test(rawPage)) page = Number(rawPage);
    else problems.push("page must be a whole number from 1.");
  }
  return {
    filters: { status, priority, category, page },
    problem: problems[0] ?? null,
  };
}

/** The query string for `filters` (defaults left out), with an open ticket if given. */
function inboxQuery(filters: InboxFilters, ticketId?: string | null): string {
  const params = new URLSearchParams();
  for (const key of ["status", "priority", "category"] as const) {
    if (filters[key] !== DEFAULT_INBOX_FILTERS[key]) params.set(key, filters[key]);
  }
  if (filters.page !== 1) params.set("page", String(filters.page));
  if (ticketId) params.set("ticket", ticketId);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** The inbox under `filters`, with `ticketId` open. */
export function inboxHref(filters: InboxFilters, ticketId: string | null = null): string {
  return `${ADMIN_SUPPORT_PATH}${inboxQuery(filters, ticketId)}`;
}
