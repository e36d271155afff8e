import { describe, expect, it } from "vitest";
import { BUSINESS_HOURS } from "./contact";
import { hasPrioritySupport, replyDueAt, replyTargetText, SUPPORT_OPENING_HOURS } from "./support";
import { DEFAULT_INBOX_FILTERS, inboxHref, parseInboxFilters } from "./support-inbox";

/** An instant given as India time (UTC+5:30). */
const ist = (isoLocal: string) => Date.parse(`${isoLocal}+05:30`);
const asIst = (ms: number) =>
  new Date(ms + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");

// 2026-01-12 is a Monday.
describe("replyDueAt", () => {
  it("counts a priority ticket's 4 hours inside opening hours only", () => {
    expect(asIst(replyDueAt(ist("2026-01-12T10:00"), true))).toBe("2026-01-12 14:00");
    // Monday 17:00: one hour on Monday, three on Tuesday from 9:00.
    expect(asIst(replyDueAt(ist("2026-01-12T17:00"), true))).toBe("2026-01-13 12:00");
    // Before opening: the clock starts at 9:00.
    expect(asIst(replyDueAt(ist("2026-01-12T06:30"), true))).toBe("2026-01-12 13:00");
    // Saturday 15:00 (open 10-4): one hour, then Sunday is closed, Monday 9-12.
    expect(asIst(replyDueAt(ist("2026-01-17T15:00"), true))).toBe("2026-01-19 12:00");
    // Sunday: nothing counts until Monday 9:00.
    expect(asIst(replyDueAt(ist("2026-01-18T11:00"), true))).toBe("2026-01-19 13:00");
  });

  it("gives any other ticket the 24 hours the contact page promises, weekends included", () => {
    expect(asIst(replyDueAt(ist("2026-01-12T10:00"), false))).toBe("2026-01-13 10:00");
    // Friday night: Saturday night.
    expect(asIst(replyDueAt(ist("2026-01-16T23:00"), false))).toBe("2026-01-17 23:00");
    // Saturday: Sunday.
    expect(asIst(replyDueAt(ist("2026-01-17T11:00"), false))).toBe("2026-01-18 11:00");
  });
});

describe("the reply-time targets", () => {
  it("say 4 working hours for priority and the contact page's 24 hours otherwise", () => {
    expect(replyTargetText(true)).toBe("Priority support: we aim to reply within 4 working hours.");
    expect(replyTargetText(false)).toBe("We aim to reply within 24 hours.");
  });

  it("give priority to Pro only", () => {
    expect(hasPrioritySupport("pro")).toBe(true);
    expect(hasPrioritySupport("plus")).toBe(false);
    expect(hasPrioritySupport("starter")).toBe(false);
    expect(hasPrioritySupport(null)).toBe(false);
  });

  it("count the opening hours the contact page shows", () => {
    const clock = (hour: number) => `${((hour + 11) % 12) + 1}:00 ${hour < 12 ? "AM" : "PM"}`;
    const shown = (day: number) => {
      const hours = SUPPORT_OPENING_HOURS[day];
      return hours ? `${clock(hours[0])} – ${clock(hours[1])}` : "Closed";
    };
    expect(BUSINESS_HOURS.map((row) => row.hours)).toEqual([shown(1), shown(6), shown(0)]);
    for (const day of [2, 3, 4, 5]) expect(shown(day)).toBe(shown(1));
  });
});

describe("the inbox filters", () => {
  it("read an address, falling back to the defaults and naming what was wrong", () => {
    expect(parseInboxFilters(new URLSearchParams(""))).toEqual({
      filters: DEFAULT_INBOX_FILTERS,
      problem: null,
    });
    expect(
      parseInboxFilters(new URLSearchParams("status=all&priority=priority&category=bug&page=3")),
    ).toEqual({
      filters: { status: "all", priority: "priority", category: "bug", page: 3 },
      problem: null,
    });
    const bad = parseInboxFilters(new URLSearchParams("status=urgent&page=0"));
    expect(bad.filters).toEqual(DEFAULT_INBOX_FILTERS);
    expect(bad.problem).toBe("status must be one of open, answered, closed, all.");
  });

  it("write an address without the defaults", () => {
    expect(inboxHref(DEFAULT_INBOX_FILTERS)).toBe("/admin_dashboard_2025/support");
    expect(inboxHref({ ...DEFAULT_INBOX_FILTERS, priority: "priority" }, "abc")).toBe(
      "/admin_dashboard_2025/support?priority=priority&ticket=abc",
    );
  });
});
