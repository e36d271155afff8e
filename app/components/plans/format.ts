/**
 * Dates on the plans and payment pages: one fixed zone (India's), so the
 * server's render and the browser's agree whatever the reader's clock says.
 */
const longDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

/** "12 May 2027". */
export function formatDate(value: string | Date): string {
  return longDate.format(typeof value === "string" ? new Date(value) : value);
}

/** "42 days remaining", "1 day remaining", or "Expires soon" when none are left. */
export function daysRemainingText(days: number): string {
  if (days <= 0) return "Expires soon";
  return days === 1 ? "1 day remaining" : `${days} days remaining`;
}
