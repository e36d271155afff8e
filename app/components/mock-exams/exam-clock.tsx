import { useEffect, useState } from "react";
import { clockSpeech, clockText } from "~/lib/mock-exams";

const IST_TIME = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** "2:45 pm IST": when a deadline falls, in India's time. */
function istTime(ms: number): string {
  return `${IST_TIME.format(new Date(ms))} IST`;
}

/**
 * The server's clock in the browser: the offset between the server's time
 * when the page was read and the browser's, ticking every second once
 * JavaScript runs. Before that (or without JavaScript) it stays at the
 * server's time of the page.
 */
export function useServerNow(serverNow: number, live: boolean): number {
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!live) return;
    const shift = serverNow - Date.now();
    const tick = () => setNow(Date.now() + shift);
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [serverNow, live]);
  return now;
}

/** One countdown: what is left, for the eye and (as a label) for screen readers. */
export function Countdown({
  label,
  endsAt,
  now,
  live,
  urgentBelowMs,
}: {
  label: string;
  endsAt: number;
  now: number;
  live: boolean;
  urgentBelowMs: number;
}) {
  const left = endsAt - now;
  const urgent = left <= urgentBelowMs;
  return (
    <div
      role="timer"
      aria-label={`${label}: ${clockSpeech(left)} left, until ${istTime(endsAt)}`}
      className={
        urgent
          ? "rounded-lg bg-red-50 px-3 py-1.5 text-red-900 ring-1 ring-red-300"
          : "rounded-lg bg-white px-3 py-1.5 text-slate-900 ring-1 ring-slate-300"
      }
    >
      <p className="text-xs font-medium uppercase tracking-wide">{label}</p>
      <p className="font-mono text-lg font-bold tabular-nums" aria-hidden="true">
        {clockText(left)}
      </p>
      <p className="text-xs" aria-hidden="true">
        {live ? `until ${istTime(endsAt)}` : `left when this page loaded · ends ${istTime(endsAt)}`}
      </p>
    </div>
  );
}
