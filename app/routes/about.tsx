import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon, type IconName } from "~/components/home/icons";
import { PageHeader, SectionHeading } from "~/components/home/section-heading";
import { ButtonLink } from "~/components/ui/button";
import { SITE } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: `About · ${SITE.name}` },
  {
    name: "description",
    content:
      "Why we built MedMentor, the values behind it and the team that keeps its AI clinical mentor accurate, affordable and available to learners across India.",
  },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.env.SUPPORT_EMAIL };
}

const VALUES = [
  {
    title: "Excellence",
    text: "We hold the mentor to the standard of a good teaching round: correct, current and clear about what it does not know.",
  },
  {
    title: "Innovation",
    text: "We use AI where it genuinely helps learning, such as practice that adapts to you, and leave out what is only novelty.",
  },
  {
    title: "Accessibility",
    text: "Prices in rupees that a student can manage, pages that load on a slow phone connection, and no jargon beyond the medical kind.",
  },
  {
    title: "Integrity",
    text: "Your notes and chats are yours. We say plainly that MedMentor is for learning, never a substitute for clinical judgement.",
  },
] as const;

const HIGHLIGHTS = [
  "An AI mentor that explains, questions and adapts to your year of training",
  "Clinical quizzes and patient simulations generated on any topic you choose",
  "Personal flashcard decks, sorted by subject",
  "Help with study timetables, CVs, SOPs and career decisions",
] as const;

const STATS = [
  { value: "10,000+", label: "Students learning with us" },
  { value: "50,000+", label: "Practice questions" },
  { value: "95%", label: "Success rate" },
  { value: "24/7", label: "AI support" },
] as const;

const TEAM = [
  {
    title: "Clinicians and educators",
    text: "Doctors, dentists, nurses and psychologists who teach. They write the mentor’s instructions and case templates and review its answers against standard textbooks and national guidelines.",
  },
  {
    title: "Learning designers",
    text: "They turn how people really revise, in short bursts between postings and the night before a viva, into quizzes, simulations and flashcards that build on each other.",
  },
  {
    title: "Engineers",
    text: "A small team in Bengaluru that keeps MedMentor fast on budget phones and patchy connections, and keeps your data private and secure.",
  },
  {
    title: "Learner support",
    text: "Real people who answer your questions about accounts, plans and payments within 24 hours.",
  },
] as const;

export default function About() {
  return (
    <>
      <PageHeader eyebrow="About us" title={`About ${SITE.name}`}>
        <p>
          We are a small team of clinicians, teachers and engineers building the mentor we wished we
          had in medical school: patient, always available and honest about uncertainty.
        </p>
      </PageHeader>
      <MissionAndVision />
      <Values />
      <Highlights />
      <Stats />
      <Team />
      <Contact />
    </>
  );
}

function MissionAndVision() {
  return (
    <section aria-label="Mission and vision" className="py-14 sm:py-16">
      <div className="mx-auto grid max-w-7xl gap-6 px-4 sm:px-6 md:grid-cols-2">
        <Statement title="Our mission">
          To give every medical, dental, nursing and psychology learner in India a patient clinical
          mentor, whichever college they study at and whatever hour they study.
        </Statement>
        <Statement title="Our vision">
          A generation of clinicians who reason clearly, keep learning after the exams end and care
          for patients with confidence, because good teaching reached them when they needed it.
        </Statement>
      </div>
    </section>
  );
}

function Statement({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-brand-100 bg-brand-50 p-6 sm:p-8">
      <h2 className="text-xl font-bold text-brand-900">{title}</h2>
      <p className="mt-3 leading-relaxed text-slate-700">{children}</p>
    </div>
  );
}

function Values() {
  return (
    <section aria-labelledby="values-title" className="bg-slate-50 py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="values-title" eyebrow="What guides us" title="Our core values" />
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li
              key={value.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="text-lg font-semibold text-slate-900">{value.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{value.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Highlights() {
  return (
    <section aria-labelledby="highlights-title" className="py-14 sm:py-16">
      <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 sm:px-6 lg:grid-cols-2">
        <SectionHeading
          id="highlights-title"
          eyebrow="What we offer"
          title="One mentor, many ways to learn"
          align="left"
        >
          <p>Everything is built around the same AI mentor, so it meets you where you are.</p>
        </SectionHeading>
        <div>
          <ul className="space-y-3">
            {HIGHLIGHTS.map((highlight) => (
              <li key={highlight} className="flex gap-3 text-slate-700">
                <Icon name="check" className="mt-0.5 size-5 text-brand-700" />
                {highlight}
              </li>
            ))}
          </ul>
          <ButtonLink to="/features" variant="secondary" className="mt-6">
            Explore Features
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}

function Stats() {
  return (
    <section aria-labelledby="stats-title" className="bg-brand-800 py-14 text-white sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <h2 id="stats-title" className="text-center text-2xl font-bold sm:text-3xl">
          {SITE.name} in numbers
        </h2>
        <dl className="mt-10 grid grid-cols-2 gap-8 text-center lg:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse gap-1">
              <dt className="text-sm text-brand-100">{stat.label}</dt>
              <dd className="text-4xl font-bold tracking-tight">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function Team() {
  return (
    <section aria-labelledby="team-title" className="py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="team-title" eyebrow="The people behind it" title="Our team">
          <p>
            Clinical accuracy, sound teaching and good engineering, each owned by people who care
            about it.
          </p>
        </SectionHeading>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {TEAM.map((group) => (
            <li key={group.title} className="rounded-2xl border border-slate-200 p-6">
              <h3 className="text-lg font-semibold text-slate-900">{group.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{group.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Contact() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="contact-title" className="bg-slate-50 py-14 sm:py-16">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 sm:px-6 lg:grid-cols-2">
        <SectionHeading id="contact-title" eyebrow="Get in touch" title="Contact us" align="left">
          <p>
            Questions about your account, a partnership or a mistake you spotted in an answer? We
            would like to hear it.
          </p>
        </SectionHeading>
        <div className="space-y-6">
          <address className="space-y-4 not-italic text-slate-700">
            <ContactLine icon="mail" label="E-mail">
              <a
                href={`mailto:${supportEmail}`}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {supportEmail}
              </a>
            </ContactLine>
            <ContactLine icon="phone" label="Phone">
              <a
                href={`tel:${SITE.phone.replace(/\s/g, "")}`}
                className="font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                {SITE.phone}
              </a>
            </ContactLine>
            <ContactLine icon="pin" label="Office">
              {SITE.legalName}, {SITE.address}
            </ContactLine>
          </address>
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Follow us</h3>
            <ul className="mt-2 flex flex-wrap gap-3">
              {SITE.social.map((network) => (
                <li key={network.name}>
                  <a
                    href={network.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-block rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-100"
                  >
                    {network.name}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </div>
    </section>
  );
}

function ContactLine({
  icon,
  label,
  children,
}: {
  icon: IconName;
  label: string;
  children: ReactNode;
}) {
  return (
    <p className="flex gap-3">
      <Icon name={icon} className="mt-0.5 size-5 text-brand-700" />
      <span>
        <span className="block text-sm font-semibold text-slate-900">{label}</span>
        {children}
      </span>
    </p>
  );
}
