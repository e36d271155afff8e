import { useMemo, useSyncExternalStore } from "react";
import { chatDateLabel } from "~/lib/chat-session";

/** The zone the server renders dates in; most learners are in India. */
const SERVER_TIME_ZONE = "Asia/Kolkata";

const MINUTE_MS = 60_000;

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || SERVER_TIME_ZONE;
  } catch {
    return SERVER_TIME_ZONE;
  }
}

const subscribeToNothing = () => () => {};

/** The browser's clock to the minute, ticking so "Today" becomes "Yesterday" at midnight. */
const subscribeToClock = (onTick: () => void) => {
  const timer = setInterval(onTick, MINUTE_MS);
  return () => clearInterval(timer);
};
const clockMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

export type ChatDates = {
  /** Today, Yesterday, 'N days ago' up to a week, else a local date. */
  label: (at: number) => string;
  /** The clock time of a message, e.g. "4:05 pm". */
  time: (at: number) => string;
  /** Date and time in full, for a tooltip. */
  full: (at: number) => string;
};

/**
 * Dates as the learner reads them. The server renders in India's zone at the
 * loader's clock; hydration repeats exactly that (so the markup matches), and
 * the render right after switches to the browser's own zone and clock.
 */
export function useChatDates(serverNow: number): ChatDates {
  const timeZone = useSyncExternalStore(
    subscribeToNothing,
    browserTimeZone,
    () => SERVER_TIME_ZONE,
  );
  const now = useSyncExternalStore(subscribeToClock, clockMinute, () => serverNow);
  return useMemo(() => {
    const time = new Intl.DateTimeFormat("en-IN", {
      timeZone,
      hour: "numeric",
      minute: "2-digit",
    });
    const full = new Intl.DateTimeFormat("en-IN", {
      timeZone,
      dateStyle: "medium",
      timeStyle: "short",
    });
    return {
      label: (at) => chatDateLabel(at, now, timeZone),
      time: (at) => time.format(new Date(at)),
      full: (at) => full.format(new Date(at)),
    };
  }, [now, timeZone]);
}
