import { useLocation } from "@remix-run/react";
import { useEffect, useState, type ComponentType } from "react";
import type * as SonnerLibrary from "sonner";
import type { ToasterProps } from "sonner";
import type { Toast } from "~/lib/toast";

/**
 * Toasts, loaded on demand: the toast library (about 10 KB gzip) is fetched the
 * first time a toast is shown, so pages that never toast never pay for it.
 */
type SonnerModule = typeof SonnerLibrary;

let sonner: Promise<SonnerModule> | null = null;
const loadSonner = () => (sonner ??= import("sonner"));

type MountToaster = () => Promise<void>;

/**
 * Resolves with the mounted <Toaster>'s mount function. A page's effects run
 * before the root layout's, so a toast shown as a page first loads waits here
 * for the toast region instead of being lost.
 */
let announceToaster: (mount: MountToaster) => void = () => undefined;
let toasterMount: Promise<MountToaster> = new Promise((resolve) => (announceToaster = resolve));

type ToastMessage = Pick<Toast, "type" | "title" | "description"> & { id?: string };

/**
 * The page (path) each toast was raised on. A toast belongs to its page: when
 * the learner moves to another page, the old page's toasts go (a "Verification
 * Failed" must not linger on the home page after the right code signed them in).
 */
const raisedOn = new Map<string, string>();
let nextToastId = 0;

export function showToastMessage(message: ToastMessage): void {
  const id = message.id ?? `toast-${(nextToastId += 1)}`;
  if (typeof window !== "undefined") raisedOn.set(id, window.location.pathname);
  void (async () => {
    const mount = await toasterMount;
    const [{ toast }] = await Promise.all([loadSonner(), mount()]);
    // Its page was left while the toast library loaded: too late to show it.
    if (!raisedOn.has(id)) return;
    const options = { id, description: message.description };
    if (message.type === "success") toast.success(message.title, options);
    else if (message.type === "error") toast.error(message.title, options);
    else toast.info(message.title, options);
  })();
}

/** The toast region. Toasts flashed by the server arrive through `serverToast`. */
export function Toaster({ serverToast }: { serverToast: Toast | null }) {
  const [Sonner, setSonner] = useState<ComponentType<ToasterProps> | null>(null);

  useEffect(() => {
    let ready: Promise<void> | null = null;
    announceToaster(
      () =>
        (ready ??= loadSonner().then(
          (module) =>
            new Promise<void>((resolve) => {
              mountedCallbacks.add(resolve);
              setSonner(() => module.Toaster);
            }),
        )),
    );
    return () => {
      toasterMount = new Promise((resolve) => (announceToaster = resolve));
    };
  }, []);

  useEffect(() => {
    if (serverToast) showToastMessage(serverToast);
  }, [serverToast]);

  // A new page: the toasts raised on other pages are dismissed.
  const { pathname } = useLocation();
  useEffect(() => {
    const stale = [...raisedOn].filter(([, path]) => path !== pathname).map(([id]) => id);
    if (stale.length === 0) return;
    for (const id of stale) raisedOn.delete(id);
    void loadSonner().then(({ toast }) => stale.forEach((id) => toast.dismiss(id)));
  }, [pathname]);

  return Sonner ? <MountedSonner Sonner={Sonner} /> : null;
}

const mountedCallbacks = new Set<() => void>();

function MountedSonner({ Sonner }: { Sonner: ComponentType<ToasterProps> }) {
  useEffect(() => {
    for (const resolve of mountedCallbacks) resolve();
    mountedCallbacks.clear();
  }, []);
  // Below the sticky 64px navigation bar, so a toast never hides behind it.
  return (
    <Sonner
      position="top-center"
      offset={{ top: 76 }}
      mobileOffset={{ top: 72, left: 16, right: 16 }}
      richColors
      closeButton
      duration={6000}
    />
  );
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
