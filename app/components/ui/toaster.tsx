import { useEffect } from "react";
import { Toaster as Sonner, toast as showToast } from "sonner";
import type { Toast } from "~/lib/toast";

/** The toast region. Toasts flashed by the server arrive through `serverToast`. */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  useEffect(() => {
    if (serverToast) showToastMessage(serverToast);
  }, [serverToast]);
  return <Sonner position="top-center" richColors closeButton duration={6000} />;
}

export function showToastMessage(toast: Pick<Toast, "type" | "title" | "description"> & { id?: string }) {
  const options = { id: toast.id, description: toast.description };
  if (toast.type === "success") showToast.success(toast.title, options);
  else if (toast.type === "error") showToast.error(toast.title, options);
  else showToast.info(toast.title, options);
}

/** With JavaScript off the toast library never runs, so the flashed message is shown inline. */
export function NoScriptToast({ toast }: { toast: Toast | null }) {
  if (!toast) return null;
  return (
    <noscript>
      <div
        role={toast.type === "error" ? "alert" : "status"}
        className={
          toast.type === "error"
            ? "mx-auto mt-4 max-w-3xl rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900"
            : "mx-auto mt-4 max-w-3xl rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900"
        }
      >
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p>{toast.description}</p> : null}
      </div>
    </noscript>
  );
}
