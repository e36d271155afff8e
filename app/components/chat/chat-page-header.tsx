/**
 * The chat page's heading and what is left of the viewer's chat allowance
 * (read again after each reply). Compact, so on a phone the conversation and
 * the message box fit below it.
 */
import { allowanceText, daysLeftText, type FeatureScreenAccess } from "~/lib/feature-screen";

export function ChatPageHeader({ access }: { access: FeatureScreenAccess | null }) {
  return (
    <header className="border-b border-slate-200 bg-brand-50/60">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-4 sm:px-6">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Chat with AI Mentor</h1>
          <p className="mt-1 text-sm text-slate-700 max-sm:hidden">
            Ask clinical questions, work through cases and plan your study with the mentor.
          </p>
        </div>
        <Allowance access={access} />
      </div>
    </header>
  );
}

/** What is left of the chat allowance (read again after each reply). */
function Allowance({ access }: { access: FeatureScreenAccess | null }) {
  if (access?.state !== "allowed") return null;
  return (
    <p
      className="inline-flex flex-wrap items-center gap-x-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
      data-testid="feature-allowance"
    >
      {allowanceText("chatMessages", access)}
      {access.accessType === "trial" ? (
        <span className="font-normal text-slate-600">· {daysLeftText(access.daysRemaining)}</span>
      ) : null}
    </p>
  );
}
