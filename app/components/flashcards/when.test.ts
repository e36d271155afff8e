import { describe, expect, it } from "vitest";
import { dueLabel, scheduleLabel } from "./when";

// 20:00 on 20 November 2026 in India.
const now = Date.UTC(2026, 10, 20, 14, 30);
const MINUTE = 60_000;

describe("due times in words (India time)", () => {
  it("says now, minutes, today, tomorrow or the date", () => {
    expect(dueLabel(now - MINUTE, now)).toBe("now");
    expect(dueLabel(now + 10 * MINUTE, now)).toBe("in 10 min");
    expect(dueLabel(now + 3 * 60 * MINUTE, now)).toBe("today at 11:00 pm");
    expect(dueLabel(now + 14 * 60 * MINUTE, now)).toBe("tomorrow at 10:00 am");
    expect(dueLabel(now + 3 * 24 * 60 * MINUTE, now)).toBe("on 23 Nov 2026");
  });

  it("labels a card in the list by its place in the schedule", () => {
    expect(scheduleLabel({ isNew: true, due: now - MINUTE }, now)).toBe("New");
    expect(scheduleLabel({ isNew: false, due: now - MINUTE }, now)).toBe("Due now");
    expect(scheduleLabel({ isNew: false, due: now + 10 * MINUTE }, now)).toBe("Due in 10 min");
  });
});
