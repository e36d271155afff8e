import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { limitBannerKind } from "~/lib/usage-messages";

/**
 * The limit banner: a feature's allowance is used up. It shows the
 * server's message as given, with 'Buy Now' to /plans; wording about a week
 * or a month says when the allowance resets.
 *
 * On page load it is a polite status; after a refused action, pass
 * `urgent` so screen readers announce it at once.
 */
export function LimitBanner({
  message,
  title = "Limit Reached",
  urgent = false,
  className,
}: {
  message: string;
  title?: string;
  urgent?: boolean;
  className?: string;
}) {
  const { resets } = limitBannerKind(message);
  return (
    <div
      role={urgent ? "alert" : "status"}
      data-testid="limit-banner"
      className={cn(
        "flex flex-col gap-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center sm:justify-between",
        className,
      )}
    >
      <div className="flex gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 size-5 shrink-0 text-amber-700"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7v6M12 16.5v.5" strokeLinecap="round" />
        </svg>
        <div>
          <p className="font-semibold">{title}</p>
          <p className="mt-1 text-sm">{message}</p>
          {resets ? (
            <p className="mt-2 inline-flex rounded-full bg-white px-2.5 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300">
              {resets === "weekly" ? "Resets weekly" : "Resets monthly"}
            </p>
          ) : null}
        </div>
      </div>
      <Link to="/plans" className={buttonClasses("primary", "md", "shrink-0")}>
        Buy Now
      </Link>
    </div>
  );
}
