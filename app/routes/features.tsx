import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useRouteLoaderData } from "@remix-run/react";
import { FEATURES } from "~/components/home/feature-catalogue";
import { FeatureCard } from "~/components/home/feature-card";
import { PageHeader, SectionHeading } from "~/components/home/section-heading";
import { ButtonLink } from "~/components/ui/button";
import { PLAN_FEATURES } from "~/lib/plan-features";
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

const STUDY_TOOLS = [
  PLAN_FEATURES.practiceTests,
  PLAN_FEATURES.progressAnalytics,
  PLAN_FEATURES.studyPlanner,
  PLAN_FEATURES.mockExams,
  PLAN_FEATURES.caseStudies,
  PLAN_FEATURES.mentorFeedback,
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

      <section aria-labelledby="study-tools-title" className="bg-slate-50 py-14 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <SectionHeading
            id="study-tools-title"
            eyebrow="Plus and Pro"
            title="Study tools for exam preparation"
            align="left"
          >
            <p>
              The Plus and Pro plans add tools built on our reviewed question pool and your own
              answers; mock exams come with Pro.
            </p>
          </SectionHeading>
          <ul className="mt-8 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            {STUDY_TOOLS.map((tool) => (
              <li key={tool.key} className="rounded-2xl border border-slate-200 bg-white p-6">
                <h3 className="text-lg font-semibold text-slate-900">{tool.name}</h3>
                <p className="mt-1 text-sm font-medium text-brand-800">
                  {tool.plan === "pro" ? "Pro" : "Plus and Pro"}
                </p>
                <p className="mt-2 text-slate-700">{tool.summary}</p>
                <Link
                  to={tool.path}
                  className="mt-4 inline-block font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  Open {tool.name.toLowerCase()}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="/plans?plan=plus" size="lg">
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
