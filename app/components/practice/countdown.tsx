import { useEffect, useRef, useState } from "react";
import { cn } from "~/lib/cn";
import { clockText } from "~/lib/practice";

const TIME_FORMAT = new Intl.DateTimeFormat("en-IN", {
  hour: "numeric",
  minute: "2-digit",
  timeZone: "Asia/Kolkata",
});

/** Said once as the time runs down (seconds left → words). */
const WARNINGS: ReadonlyArray<readonly [number, string]> = [
  [300, "Five minutes left."],
  [60, "One minute left."],
  [10, "Ten seconds left."],
];

/**
 * A timed test's countdown to the server's deadline, so it survives a
 * reload: the page renders the time left when it was read (all there is
 * without JavaScript: the server submits the test at the deadline whatever
 * the browser does); with JavaScript it ticks, corrected by the server's
 * clock, says five minutes, one minute and ten seconds left to screen
 * readers, and calls `onExpire` once at zero.
 */
export function Countdown({
  deadlineAt,
  serverNow,
  onExpire,
}: {
  deadlineAt: number;
  serverNow: number;
  onExpire?: () => void;
}) {
  const [left, setLeft] = useState((deadlineAt - serverNow) / 1000);
  const [warning, setWarning] = useState("");
  const expire = useRef(onExpire);
  useEffect(() => {
    expire.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    const skew = serverNow - Date.now();
    let previous = Infinity;
    let expired = false;
    const tick = () => {
      const remaining = (deadlineAt - (Date.now() + skew)) / 1000;
      setLeft(remaining);
      for (const [at, words] of WARNINGS) {
        if (previous > at && remaining <= at && remaining > 0) setWarning(words);
      }
      previous = remaining;
      if (remaining <= 0 && !expired) {
        expired = true;
        setWarning("Time is up. Submitting your test.");
        expire.current?.();
      }
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadlineAt, serverNow]);

  const low = left <= 300;
  return (
    <div
      className={cn(
        "rounded-xl px-4 py-2 text-right ring-1",
        low
          ? "bg-amber-50 text-amber-950 ring-amber-300"
          : "bg-white text-slate-900 ring-slate-200",
      )}
      data-testid="countdown"
    >
      <p className="text-sm font-medium">
        Time left{" "}
        <span role="timer" aria-live="off" className="font-mono text-xl font-bold tabular-nums">
          {clockText(left)}
        </span>
      </p>
      <p className="text-xs text-slate-600">
        {`Submits itself at ${TIME_FORMAT.format(new Date(deadlineAt))} (India time)`}
      </p>
      <p className="sr-only" aria-live="assertive">
        {warning}
      </p>
    </div>
  );
}
