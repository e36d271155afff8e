import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  FORCED_REFRESH_THROTTLE_MS,
  QUICK_REFRESH_ATTEMPTS,
  QUICK_REFRESH_DELAY_MS,
} from "~/lib/access-refresh";

/**
 * A forced refresh of the page's data (the viewer's subscription, trial and
 * usage come with it), at most once per 2 seconds. `refresh` returns false
 * when a call is turned away by the throttle.
 */
export function useForcedRefresh() {
  // The router's revalidate function is stable across renders.
  const { revalidate, state } = useRevalidator();
  const lastAt = useRef(Number.NEGATIVE_INFINITY);
  const [throttled, setThrottled] = useState(false);

  useEffect(() => {
    if (!throttled) return;
    const timer = setTimeout(() => setThrottled(false), FORCED_REFRESH_THROTTLE_MS);
    return () => clearTimeout(timer);
  }, [throttled]);

  const refresh = useCallback(() => {
    const now = Date.now();
    if (now - lastAt.current < FORCED_REFRESH_THROTTLE_MS) {
      setThrottled(true);
      return false;
    }
    lastAt.current = now;
    setThrottled(false);
    revalidate();
    return true;
  }, [revalidate]);

  return { refresh, refreshing: state === "loading", throttled };
}

/**
 * The quick refresh after a payment: while `waiting` (no subscription seen
 * yet), reload the page's data every 2 seconds, up to QUICK_REFRESH_ATTEMPTS
 * times, then stop. `restart` begins a new round.
 */
export function useQuickRefresh(waiting: boolean, attempts = QUICK_REFRESH_ATTEMPTS) {
  const { revalidate, state } = useRevalidator();
  const [done, setDone] = useState(0);
  const idle = state === "idle";

  useEffect(() => {
    if (!waiting || !idle || done >= attempts) return;
    const timer = setTimeout(() => {
      setDone((count) => count + 1);
      revalidate();
    }, QUICK_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting, idle, done, attempts, revalidate]);

  const restart = useCallback(() => setDone(0), []);
  return {
    /** Still trying (or about to). */
    checking: waiting && (done < attempts || !idle),
    attemptsMade: done,
    restart,
  };
}
