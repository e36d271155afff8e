import { getFeature } from "./feature-catalogue";
import { FeatureCard } from "./feature-card";
import { SectionHeading } from "./section-heading";
import { ButtonLink } from "~/components/ui/button";

const HOME_FEATURES = [getFeature("chat"), getFeature("simulations"), getFeature("quizzes")];

export function FeatureGrid({ signedIn }: { signedIn: boolean }) {
  return (
    <section aria-labelledby="features-title" className="py-16 sm:py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading
          id="features-title"
          eyebrow="What you can do"
          title="Learn it, test it, apply it"
        >
          <p>
            Understand a topic with the mentor, check yourself with a quiz, then use it on a patient
            case. Three habits that stick better than rereading notes.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {HOME_FEATURES.map((feature) => (
            <FeatureCard key={feature.id} feature={feature} signedIn={signedIn} />
          ))}
        </ul>
        <p className="mt-8 text-center">
          <ButtonLink to="/features" variant="ghost" className="text-brand-800">
            See all eight features <span aria-hidden="true">→</span>
          </ButtonLink>
        </p>
      </div>
    </section>
  );
}
