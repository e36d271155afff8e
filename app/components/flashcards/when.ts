/**
 * When a card is due, in words, in India's time zone (the app's day, as for
 * usage windows) so the server's and the browser's render agree:
 * "now", "in 10 min", "today at 4:30 pm", "tomorrow at 9:00 am", "on 12 Mar 2026".
 */
const IST = "Asia/Kolkata";
const time = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: IST,
});
const date = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: IST,
});
const dayKey = new Intl.DateTimeFormat("en-CA", { timeZone: IST });

export function dueLabel(due: number, now: number): string {
  const ahead = due - now;
  if (ahead <= 0) return "now";
  if (ahead < 60 * 60_000) return `in ${Math.max(1, Math.round(ahead / 60_000))} min`;
  const day = dayKey.format(due);
  if (day === dayKey.format(now)) return `today at ${time.format(due)}`;
  if (day === dayKey.format(now + 86_400_000)) return `tomorrow at ${time.format(due)}`;
  return `on ${date.format(due)}`;
}

/** A card's place in the review schedule, for the card list. */
export function scheduleLabel(study: { isNew: boolean; due: number }, now: number): string {
  if (study.isNew) return "New";
  return study.due <= now ? "Due now" : `Due ${dueLabel(study.due, now)}`;
}
