/** How the progress page writes its figures (the same on the server and in the browser). */

const WEEK = new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", timeZone: "UTC" });
const DATE = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});
const COUNT = new Intl.NumberFormat("en-IN");

/** "2026-11-23" → "23 Nov". */
export function weekLabel(start: string): string {
  return WEEK.format(new Date(`${start}T00:00:00Z`));
}

/** A moment (ms) as its India date: "24 Nov 2026". */
export function dateLabel(at: number): string {
  return DATE.format(new Date(at));
}

/** 12345 → "12,345". */
export function count(value: number): string {
  // Below a thousand there is no separator to place: skip Intl's work (most figures on the page).
  return Number.isInteger(value) && value >= 0 && value < 1000
    ? String(value)
    : COUNT.format(value);
}

/** Mean seconds as the page shows them: "41 s" (none: "–"). */
export function seconds(value: number | null): string {
  return value === null ? "–" : `${Math.round(value)} s`;
}

/** Marks to one decimal where they have one: 14.82 → "14.8", 7 → "7". */
export function marks(value: number): string {
  return String(Math.round(value * 10) / 10);
}

/** "1 answer", "2 answers". */
export function plural(value: number, one: string, many = `${one}s`): string {
  return `${count(value)} ${value === 1 ? one : many}`;
}
