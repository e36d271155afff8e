import { useEffect, useState } from "react";

/**
 * Seconds left of a server-given duration, ticking once a second in the
 * browser. The server renders the starting value, so without JavaScript the
 * page still says how long was left when it was sent. To start over, remount
 * the component that uses it (give it a new `key`).
 */
export function useCountdown(seconds: number): number {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    if (seconds <= 0) return;
    const startedAt = Date.now();
    const timer = setInterval(() => {
      const remaining = Math.max(0, seconds - Math.floor((Date.now() - startedAt) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return left;
}

/** 600 → "10:00". */
function formatClock(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}:${String(safe % 60).padStart(2, "0")}`;
}

/** "Code expires in 9:59", then "Code expired". */
export function CodeExpiry({ seconds }: { seconds: number }) {
  const left = useCountdown(seconds);
  return (
    <p className="text-sm text-slate-600" data-testid="code-expiry">
      {left > 0 ? (
        <>
          Code expires in{" "}
          <span className="font-semibold tabular-nums text-slate-900" role="timer">
            {formatClock(left)}
          </span>
        </>
      ) : (
        <span className="font-semibold text-red-700">Code expired. Please request a new one.</span>
      )}
    </p>
  );
}
