import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine } from "./icalendar";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("iCalendar text", () => {
  it("escapes backslashes, semicolons, commas and newlines", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("leaves short lines alone and folds long ones at 75 octets with a leading space", () => {
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
    const line = `DESCRIPTION:${"x".repeat(200)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.map(octets)).toEqual([75, 75, 64]);
    expect(parts.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
  });

  it("never splits a character across folded lines", () => {
    // "·" is 2 octets and "✓" 3: a line of them cannot break at exactly 75.
    const line = `SUMMARY:${"✓·".repeat(30)}`;
    const parts = foldLine(line).split("\r\n");
    for (const part of parts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      expect(part).not.toContain("\uFFFD");
    }
    expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join("")).toBe(line);
  });
});

describe("a calendar", () => {
  const calendar = buildCalendar({
    productId: "-//MedMentor//Study planner//EN",
    name: "MedMentor study plan",
    stamp: Date.UTC(2026, 10, 25, 6, 30, 0),
    events: [
      {
        uid: "study-2026-11-25-u1@medmentor",
        date: "2026-11-25",
        summary: "Study: 2 tasks, 1 h 30 min",
        description: "Practice test: Anatomy · Thorax; 40 questions\nRevision, Pathology",
        url: "https://medmentor.example/planner",
      },
      { uid: "study-2026-12-31-u1@medmentor", date: "2026-12-31", summary: "Year end" },
    ],
  });

  it("ends every line with CRLF and nothing else", () => {
    expect(calendar.endsWith("\r\n")).toBe(true);
    expect(calendar.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });

  it("has one all-day VEVENT per day with its UID, dates and escaped text", () => {
    const lines = calendar.split("\r\n");
    expect(lines.slice(0, 6)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//MedMentor//Study planner//EN",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:MedMentor study plan",
    ]);
    expect(lines.filter((line) => line === "BEGIN:VEVENT")).toHaveLength(2);
    expect(lines).toContain("UID:study-2026-11-25-u1@medmentor");
    expect(lines).toContain("DTSTAMP:20261125T063000Z");
    expect(lines).toContain("DTSTART;VALUE=DATE:20261125");
    expect(lines).toContain("DTEND;VALUE=DATE:20261126");
    expect(lines).toContain("SUMMARY:Study: 2 tasks\\, 1 h 30 min");
    // The year rolls over for an event on 31 December.
    expect(lines).toContain("DTEND;VALUE=DATE:20270101");
    const unfolded = calendar.replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "DESCRIPTION:Practice test: Anatomy · Thorax\\; 40 questions\\nRevision\\, Pathology",
    );
    expect(lines.at(-2)).toBe("END:VCALENDAR");
  });
});
