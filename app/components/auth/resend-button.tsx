import type { ReactNode } from "react";
import { useCountdown } from "./countdown";
import { useHydrated } from "~/components/ui/use-hydrated";

/**
 * "Resend code", waiting out the 60 s cooldown with a countdown once JavaScript
 * runs. Without JavaScript it is always enabled and the server answers an early
 * request with how long to wait. A new `key` restarts the countdown.
 */
export function ResendButton({
  seconds,
  pending,
  children,
}: {
  seconds: number;
  pending: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const left = useCountdown(seconds);
  const waiting = hydrated && left > 0;
  return (
    <button
      type="submit"
      name="intent"
      value="resend"
      disabled={waiting || pending}
      className="font-semibold text-brand-800 underline-offset-2 hover:underline disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
    >
      {pending ? "Sending…" : children}
      {waiting ? <span className="tabular-nums"> in {left}s</span> : null}
    </button>
  );
}
