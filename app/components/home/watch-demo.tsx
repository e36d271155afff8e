import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { buttonClasses } from "~/components/ui/button";
import { DEMO_VIDEO, DemoVideoPlayer } from "./demo-video";
import { Icon } from "./icons";

const loadDialog = () => import("./demo-video-dialog");
const DemoVideoDialog = lazy(loadDialog);

/**
 * "Watch demo": a link to #demo-video that, once the page is interactive, opens
 * the video in a modal instead. Without JavaScript the fragment opens a CSS-only
 * overlay (NoScriptVideo), so the button works either way.
 */
export function WatchDemo() {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);

  function show() {
    setMounted(true);
    setOpen(true);
  }

  // A click made before the page finished loading only changed the fragment: honour it now.
  useEffect(() => {
    function openFromHash() {
      if (window.location.hash === `#${DEMO_VIDEO.anchorId}`) show();
    }
    openFromHash();
    window.addEventListener("hashchange", openFromHash);
    return () => window.removeEventListener("hashchange", openFromHash);
  }, []);

  return (
    <>
      <a
        ref={triggerRef}
        id={DEMO_VIDEO.triggerId}
        href={`#${DEMO_VIDEO.anchorId}`}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          show();
        }}
        onPointerEnter={loadDialog}
        onFocus={loadDialog}
        className={buttonClasses("ghost", "lg", "text-brand-800 hover:bg-brand-50")}
      >
        <span className="grid size-8 place-items-center rounded-full bg-brand-700 text-white">
          <Icon name="play" className="size-4" />
        </span>
        Watch demo
      </a>
      {mounted ? (
        <Suspense fallback={null}>
          <DemoVideoDialog open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
      <NoScriptVideo />
    </>
  );
}

function NoScriptVideo() {
  const titleId = `${DEMO_VIDEO.anchorId}-title`;
  const descriptionId = `${DEMO_VIDEO.anchorId}-description`;
  return (
    <noscript>
      <div
        id={DEMO_VIDEO.anchorId}
        className="fixed inset-0 z-50 hidden items-center justify-center bg-slate-950/80 p-4 target:flex"
      >
        <div
          role="dialog"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          className="max-h-full w-full max-w-3xl overflow-y-auto rounded-2xl bg-white p-4 shadow-xl sm:p-6"
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold text-slate-900 sm:text-xl">
              {DEMO_VIDEO.title}
            </h2>
            <a
              href={`#${DEMO_VIDEO.triggerId}`}
              className={buttonClasses("secondary", "sm", "shrink-0 whitespace-nowrap")}
            >
              Close video
            </a>
          </div>
          <DemoVideoPlayer />
          <p id={descriptionId} className="mt-3 text-sm leading-relaxed text-slate-600">
            {DEMO_VIDEO.description}
          </p>
        </div>
      </div>
    </noscript>
  );
}
