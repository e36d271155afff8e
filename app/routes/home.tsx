import type { MetaFunction } from "@remix-run/cloudflare";
import { useRouteLoaderData } from "@remix-run/react";
import { DemoChatSection } from "~/components/home/demo-chat";
import { FeatureGrid } from "~/components/home/feature-grid";
import { Hero } from "~/components/home/hero";
import { PlanTeaser } from "~/components/home/plan-teaser";
import { Testimonials } from "~/components/home/testimonials";
import { SITE } from "~/lib/site";
import { ANONYMOUS } from "~/lib/viewer";
import type { loader as rootLoader } from "~/root";

export const meta: MetaFunction = () => [
  { title: `${SITE.tagline} · ${SITE.name}` },
  {
    name: "description",
    content:
      "MedMentor is an AI clinical mentor for Indian medical, dental, nursing and psychology learners: mentor chat, clinical quizzes, patient simulations and flashcards, with plans from ₹499.",
  },
];

/** No loader of its own: the viewer comes from the root loader, so the home page costs nothing extra. */
export default function Home() {
  const viewer = useRouteLoaderData<typeof rootLoader>("root")?.viewer ?? ANONYMOUS;
  const signedIn = viewer.status === "authenticated";
  return (
    <>
      <Hero signedIn={signedIn} />
      <DemoChatSection viewer={viewer} />
      <FeatureGrid signedIn={signedIn} />
      <Testimonials />
      <PlanTeaser signedIn={signedIn} />
    </>
  );
}
