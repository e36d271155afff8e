import type { ReactNode } from "react";
import { allowanceText, daysLeftText, type FeatureScreenAccess } from "~/lib/feature-screen";
import type { FeatureKey } from "~/lib/features";
import { ChoosePlanCard } from "./choose-plan-card";
import { FeatureHeader } from "./feature-header";
import { LimitBanner } from "./limit-banner";

/**
 * A guarded learning screen's frame: the Choose Your Plan card without access;
 * otherwise the heading, what is left of the feature's allowance (or the limit
 * banner when none is), then the screen itself.
 */
export function FeatureScreen({
  feature,
  featureName,
  title,
  description,
  access,
  actions,
  children,
}: {
  feature: FeatureKey;
  /** How the Choose Your Plan card names the feature ("Clinical quizzes"). */
  featureName: string;
  title: string;
  description: string;
  access: FeatureScreenAccess;
  /** Buttons under the heading (the flashcards hero's Create New Card, Browse Categories). */
  actions?: ReactNode;
  children?: ReactNode;
}) {
  if (access.state === "no-access") {
    return <ChoosePlanCard feature={featureName} trialEnded={access.trialEnded} />;
  }
  return (
    <>
      <FeatureHeader title={title} description={description}>
        {access.state === "allowed" ? (
          <p
            className="mt-4 inline-flex flex-wrap items-center gap-x-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-brand-900 ring-1 ring-brand-200"
            data-testid="feature-allowance"
          >
            {allowanceText(feature, access)}
            {access.accessType === "trial" ? (
              <span className="font-normal text-slate-600">
                · {daysLeftText(access.daysRemaining)}
              </span>
            ) : null}
          </p>
        ) : null}
        {actions}
      </FeatureHeader>
      {access.state === "limit-reached" ? (
        <div className="mx-auto w-full max-w-5xl px-4 pt-6 sm:px-6">
          <LimitBanner message={access.message} />
        </div>
      ) : null}
      {children}
    </>
  );
}
