import { useEffect } from "react";
import { showToastMessage } from "~/components/ui/toaster";
import type { AuthAlert } from "~/lib/auth-messages";
import { cn } from "~/lib/cn";

/**
 * A form's outcome: shown in the page (so it works, and stays readable, with
 * JavaScript off) and, when JavaScript runs, also as a toast with the spec's title.
 */
export function FormAlert({
  alert,
  toast = true,
}: {
  alert: AuthAlert | null | undefined;
  toast?: boolean;
}) {
  useEffect(() => {
    if (alert && toast)
      showToastMessage({
        id: alert.id,
        type: alert.type,
        title: alert.title,
        description: alert.message,
      });
  }, [alert, toast]);

  return (
    <div aria-live="polite">
      {alert ? (
        <div
          role={alert.type === "error" ? "alert" : "status"}
          data-testid="form-alert"
          className={cn(
            "mb-5 rounded-xl border px-4 py-3 text-sm",
            alert.type === "error"
              ? "border-red-200 bg-red-50 text-red-900"
              : "border-brand-200 bg-brand-50 text-brand-900",
          )}
        >
          <p className="font-semibold">{alert.title}</p>
          <p className="mt-0.5">{alert.message}</p>
        </div>
      ) : null}
    </div>
  );
}
