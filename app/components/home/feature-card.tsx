import { ButtonLink } from "~/components/ui/button";
import type { Feature } from "./feature-catalogue";
import { Icon } from "./icons";
import { gatedHref } from "./links";

/** One feature with its Try button; login-only features send anonymous visitors to /login first. */
export function FeatureCard({
  feature,
  signedIn,
  headingLevel: Heading = "h3",
}: {
  feature: Feature;
  signedIn: boolean;
  headingLevel?: "h2" | "h3";
}) {
  const locked = feature.requiresLogin && !signedIn;
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={feature.icon} />
      </span>
      <Heading className="mt-4 text-lg font-semibold text-slate-900">{feature.title}</Heading>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{feature.summary}</p>
      {locked ? (
        <p className="mt-4 flex items-center gap-1.5 text-xs font-medium text-slate-600">
          <Icon name="lock" className="size-4" />
          Log in to use this feature
        </p>
      ) : null}
      <ButtonLink
        to={feature.requiresLogin ? gatedHref(feature.path, signedIn) : feature.path}
        variant="secondary"
        className="mt-4 self-start"
      >
        Try<span className="sr-only"> {feature.title}</span>
        <span aria-hidden="true">→</span>
      </ButtonLink>
    </li>
  );
}
