import type { MetaFunction } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { FEATURES } from "~/components/home/feature-catalogue";
import { FeatureCard } from "~/components/home/feature-card";
import { PageHeader, SectionHeading } from "~/components/home/section-heading";
import { ButtonLink } from "~/components/ui/button";
import { SITE } from "~/lib/site";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: `Features · ${SITE.name}` },
  {
    name: "description",
    content:
      "AI mentor chat, clinical simulations, clinical quizzes, flashcards, a study planner, CV and SOP help, career guidance and exam preparation for medical learners in India.",
  },
];

export default function Features() {
  const signedIn = useRouteLoaderData<typeof rootLoader>("root")?.viewer.status === "authenticated";
  return (
    <>
      <PageHeader eyebrow="Our features" title="Everything you need between lectures and the ward">
        <p>
          Eight tools built around one AI mentor. Use them on their own or together: understand a
          topic, test yourself, then apply it to a patient.
        </p>
      </PageHeader>

      <section aria-labelledby="all-features" className="py-14 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="all-features" className="sr-only">
            All features
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {FEATURES.map((feature) => (
              <FeatureCard key={feature.id} feature={feature} signedIn={signedIn} />
            ))}
          </ul>
          {signedIn ? null : (
            <p className="mt-8 text-center text-sm text-slate-600">
              Simulations, quizzes, flashcards and exam preparation keep your work in your account,
              so they ask you to log in first.
            </p>
          )}
        </div>
      </section>

      <section aria-labelledby="progress-title" className="bg-slate-50 py-14 sm:py-16">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-2">
          <SectionHeading
            id="progress-title"
            eyebrow="Progress analytics"
            title="See what is sticking"
            align="left"
          >
            <p>
              On the Plus and Pro plans, progress analytics show how your quizzes and simulations
              have gone over the past 30 days, so revision goes where it is needed instead of where
              it feels comfortable.
            </p>
          </SectionHeading>
          <div className="flex flex-wrap gap-3 lg:justify-end">
            <ButtonLink to="/plans" size="lg">
              Compare plans
            </ButtonLink>
            <ButtonLink to="/support" variant="secondary" size="lg">
              Read the FAQ
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
