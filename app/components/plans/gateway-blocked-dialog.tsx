import * as Dialog from "@radix-ui/react-dialog";
import { Button } from "~/components/ui/button";
import { PAYMENT_TITLES } from "~/lib/payment-messages";

/**
 * Shown when the checkout script cannot load (an ad blocker, a privacy
 * extension or the network): the reason, and Retry Payment or Close. The order
 * stays valid, so retrying opens checkout for it without a new one.
 */
export default function GatewayBlockedDialog({
  message,
  onRetry,
  onClose,
}: {
  message: string | null;
  onRetry: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={message !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/70" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl sm:p-8">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            {PAYMENT_TITLES.gatewayIssue}
          </Dialog.Title>
          <Dialog.Description className="mt-3 leading-relaxed text-slate-700">
            {message}
          </Dialog.Description>
          <p className="mt-3 text-sm text-slate-600">
            Nothing has been charged. Allow our payment partner’s checkout in your blocker (or use
            another browser), then retry.
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
            <Button onClick={onRetry}>Retry Payment</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
