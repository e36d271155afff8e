/**
 * The bar above the conversation: its title, "New conversation" (signed in
 * only) and the maximize toggle (once the page's JavaScript is running).
 */
import { Link } from "@remix-run/react";
import { Button, buttonClasses } from "~/components/ui/button";

export function ChatPanelHeader({
  titleId,
  title,
  newConversationHref,
  canMaximize,
  maximized,
  onToggleMaximized,
}: {
  titleId: string;
  title: string;
  /** Where "New conversation" goes; null hides it. */
  newConversationHref: string | null;
  canMaximize: boolean;
  maximized: boolean;
  onToggleMaximized: () => void;
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-slate-200 px-3 py-2 sm:px-5">
      <h2
        id={titleId}
        className="min-w-0 truncate text-base font-semibold text-slate-900"
        title={title}
      >
        {title}
      </h2>
      <div className="flex shrink-0 items-center gap-1">
        {newConversationHref ? (
          <Link to={newConversationHref} className={buttonClasses("ghost", "sm")}>
            <PlusIcon />
            <span className="sr-only sm:not-sr-only">New conversation</span>
          </Link>
        ) : null}
        {canMaximize ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={maximized}
            aria-keyshortcuts="Control+M Meta+M"
            title="Maximize the chat (Ctrl+M)"
            onClick={onToggleMaximized}
          >
            <MaximizeIcon maximized={maximized} />
            <span className="sr-only sm:not-sr-only">Maximize</span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function PlusIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M12 5v14M5 12h14" strokeLinecap="round" />
    </svg>
  );
}

function MaximizeIcon({ maximized }: { maximized: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {maximized ? (
        <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />
      ) : (
        <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
      )}
    </svg>
  );
}
