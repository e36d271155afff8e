import * as Dialog from "@radix-ui/react-dialog";
import type { RefObject } from "react";
import { DEMO_VIDEO, DemoVideoPlayer } from "./demo-video";
import { Icon } from "./icons";

/**
 * The Watch demo modal. Loaded on demand (React.lazy) so Radix stays out of the
 * home page's first download; closing unmounts the video, which stops playback.
 */
export default function DemoVideoDialog({
  open,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/80" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl sm:p-6"
          onCloseAutoFocus={(event) => {
            // There is no Radix trigger (it lives in the page), so put focus back on the link ourselves.
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900 sm:text-xl">
              {DEMO_VIDEO.title}
            </Dialog.Title>
            <Dialog.Close className="grid size-10 place-items-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900">
              <Icon name="close" />
              <span className="sr-only">Close video</span>
            </Dialog.Close>
          </div>
          <DemoVideoPlayer />
          <Dialog.Description className="mt-3 text-sm leading-relaxed text-slate-600">
            {DEMO_VIDEO.description}
          </Dialog.Description>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
