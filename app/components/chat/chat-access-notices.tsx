/**
 * What the chat page says above the conversation: that the conversation asked
 * for was not found, that a plan is needed (signed in without a plan or
 * trial: the page stays open, sending leads to the plans), or that the
 * allowance is used up (also when a send was just refused for it).
 */
import { LimitBanner } from "~/components/access/limit-banner";
import { ButtonLink } from "~/components/ui/button";
import { type FeatureScreenAccess, trialEndedText } from "~/lib/feature-screen";
import { SITE } from "~/lib/site";

export function ChatAccessNotices({
  notice,
  access,
  refusal = null,
}: {
  notice: string | null;
  access: FeatureScreenAccess | null;
  /** Why the last send was refused (the allowance is spent); nothing of it was saved. */
  refusal?: string | null;
}) {
  const limitShown = access?.state === "limit-reached" ? access.message : null;
  return (
    <>
      {notice ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
          data-testid="chat-notice"
        >
          {notice}
        </p>
      ) : null}
      {access?.state === "no-access" ? <ChoosePlanPanel access={access} /> : null}
      {limitShown !== null ? <LimitBanner message={limitShown} /> : null}
      {refusal && refusal !== limitShown ? <LimitBanner message={refusal} urgent /> : null}
    </>
  );
}

/** Signed in without a plan or trial: the page stays open, sending leads to the plans. */
function ChoosePlanPanel({
  access,
}: {
  access: Extract<FeatureScreenAccess, { state: "no-access" }>;
}) {
  return (
    <section
      aria-labelledby="choose-plan-heading"
      className="rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:flex sm:items-center sm:justify-between sm:gap-6"
    >
      <div>
        <h2 id="choose-plan-heading" className="text-lg font-semibold text-slate-900">
          Choose Your Plan
        </h2>
        {access.trialEnded ? (
          <div
            className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
            data-testid="trial-ended"
          >
            <p className="font-semibold">Your free trial has ended</p>
            <p className="mt-1">{trialEndedText(access.trialEnded)}</p>
          </div>
        ) : null}
        <p className="mt-2 text-sm text-slate-700">
          The AI mentor chat is part of every {SITE.name} plan, along with quizzes, flashcards and
          patient simulations.
        </p>
      </div>
      <div className="mt-4 flex shrink-0 flex-wrap gap-3 sm:mt-0">
        <ButtonLink to="/plans">Choose Plan</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Back to Home
        </ButtonLink>
      </div>
    </section>
  );
}
