import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { LearnerTickets } from "~/components/support/learner-tickets";
import { authPageHeaders } from "~/http/page-headers.server";
import { Icon, type IconName } from "~/components/home/icons";
import { PageHeader, SectionHeading } from "~/components/home/section-heading";
import { ButtonLink } from "~/components/ui/button";
import { TRIAL } from "~/lib/features";
import { PLAN_FEATURES } from "~/lib/plan-features";
import { REPLY_TARGETS } from "~/lib/support";
import { formatRupees, PLANS, UNLIMITED, type Plan } from "~/lib/plans";
import { SITE } from "~/lib/site";
import { loadSupportPage, type SupportActionData, supportAction } from "~/routes/support.server";

export const meta: MetaFunction = () => [
  { title: `Support · ${SITE.name}` },
  {
    name: "description",
    content:
      "Answers about MedMentor accounts, plans, payments, the free trial, the AI mentor and premium features, and how to reach our support team.",
  },
];

/** A signed-in learner's tickets are on the page: never kept by a browser or proxy. */
export const headers: HeadersFunction = authPageHeaders;

/** Visitors get the public page; a signed-in learner also their tickets (app/routes/support.server.ts). */
export function loader({ request, context }: LoaderFunctionArgs) {
  return loadSupportPage(request, context);
}

/** A learner's reply on one of their tickets. */
export function action({ request, context }: ActionFunctionArgs) {
  return supportAction(request, context);
}

type Faq = { question: string; answer: ReactNode };
type FaqGroup = { id: string; title: string; faqs: readonly Faq[] };

const list = new Intl.ListFormat("en-IN", { style: "long", type: "conjunction" });

function planPrices(): string {
  return list.format(
    PLANS.map(
      (plan) =>
        `${plan.name} ${formatRupees(plan.pricePaise)} for ${plan.duration}${plan.mostPopular ? " (our most popular)" : ""}`,
    ),
  );
}

function simulationAllowance(plan: Plan): string {
  return plan.simulationsPerWeek === UNLIMITED
    ? `${plan.name}: unlimited`
    : `${plan.name}: ${plan.simulationsPerWeek} a week`;
}

const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: "account-billing",
    title: "Account & Billing",
    faqs: [
      {
        question: "What plans are there and what do they cost?",
        answer: (
          <p>
            Three plans, each paid once for a fixed period: {planPrices()}. Every plan includes the
            AI mentor, clinical quizzes and flashcards; they differ in clinical simulations and
            extras. See <InlineLink to="/plans">Plans</InlineLink> for the full comparison.
          </p>
        ),
      },
      {
        question: "Is there a free trial?",
        answer: (
          <p>
            Yes. The free trial lasts {TRIAL.days} days and gives you {TRIAL.usesPerFeature} uses of
            each feature (AI mentor chat, clinical quizzes, flashcards and clinical simulations),{" "}
            {TRIAL.totalUses} uses in all. When the days or the uses run out, choose a plan to keep
            going. Your flashcards and chat history stay in your account.
          </p>
        ),
      },
      {
        question: "How do I pay, and is it safe?",
        answer: (
          <p>
            Payments are processed by Razorpay. You enter your payment details on Razorpay’s secure
            checkout; your card details never reach our servers. We only receive confirmation that
            the payment succeeded.
          </p>
        ),
      },
      {
        question: "Will my plan renew automatically?",
        answer: (
          <p>
            No. Plans do not renew automatically and we never charge you again without asking. When
            your plan ends you can choose a new one from the Plans page.
          </p>
        ),
      },
      {
        question: "How do I cancel, and what happens to my access?",
        answer: (
          <p>
            You can cancel at any time. You keep full access until your plan’s end date, and nothing
            is charged afterwards. If you need help cancelling,{" "}
            <InlineLink to="/contact">contact support</InlineLink>.
          </p>
        ),
      },
      {
        question: "I paid, but my plan is not showing. What should I do?",
        answer: (
          <p>
            Confirmation usually takes a few seconds. Reload the page after a minute; if your plan
            is still missing, <InlineLink to="/contact">contact support</InlineLink> with the
            Razorpay payment ID from your receipt (it starts with “pay_”) and we will activate it.
          </p>
        ),
      },
      {
        question: "I forgot my password.",
        answer: (
          <p>
            Choose “Forgot password” on the <InlineLink to="/login">login page</InlineLink>. We
            e-mail you a six-digit code, valid for 15 minutes, to set a new password.
          </p>
        ),
      },
    ],
  },
  {
    id: "ai-mentor",
    title: "Using the AI mentor",
    faqs: [
      {
        question: `Who is ${SITE.mentorName}?`,
        answer: (
          <p>
            {SITE.mentorName} is {SITE.name}’s AI clinical mentor: a language model instructed to
            teach like a good senior, with short answers, step-by-step reasoning and a question back
            to check you followed.
          </p>
        ),
      },
      {
        question: "Can I rely on its answers for patient care?",
        answer: (
          <p>
            No. {SITE.name} is for education only and is not medical advice. The mentor can be wrong
            or out of date. Check important points against your textbooks, current guidelines and
            your faculty, and never use it to make decisions about a real patient. Please do not
            enter names or other details that could identify a patient.
          </p>
        ),
      },
      {
        question: "What are the conversation modes?",
        answer: (
          <p>
            Pick a mode at the top of the chat: General, Study Help, Clinical Simulation, Study
            Schedule, CV/SOP Help or Career Guidance. Each one shapes how the mentor answers, for
            example Study Schedule builds a timetable and Career Guidance asks about your goals.
          </p>
        ),
      },
      {
        question: "Are my conversations saved?",
        answer: (
          <p>
            Yes. When you are logged in, your conversations are saved to Chat History, where you can
            search them, continue one where you left off, delete one or clear them all.
          </p>
        ),
      },
      {
        question: "Does chatting count towards my limits?",
        answer: (
          <p>
            On any paid plan, chat with the mentor is unlimited. On the free trial it counts towards
            your {TRIAL.usesPerFeature} chat uses, part of the {TRIAL.totalUses} uses in all.
          </p>
        ),
      },
    ],
  },
  {
    id: "premium",
    title: "Premium Features",
    faqs: [
      {
        question: "How many clinical simulations can I run?",
        answer: (
          <p>
            It depends on your plan: {list.format(PLANS.map(simulationAllowance))}. Free trial users
            get {TRIAL.usesPerFeature} simulation uses.
          </p>
        ),
      },
      {
        question: "Are quizzes and flashcards limited on paid plans?",
        answer: (
          <p>
            No. AI mentor chat, clinical quizzes and flashcards are unlimited on all three plans.
          </p>
        ),
      },
      {
        question: "What does each plan add?",
        answer: (
          <ul className="list-disc space-y-1 pl-5">
            {PLANS.map((plan) => (
              <li key={plan.id}>
                <span className="font-semibold text-slate-900">{plan.name}:</span>{" "}
                {plan.highlights.join(", ")}.
              </li>
            ))}
          </ul>
        ),
      },
      ...(
        [
          ["What are practice tests?", PLAN_FEATURES.practiceTests],
          ["What do progress analytics show?", PLAN_FEATURES.progressAnalytics],
          ["How does the study planner work?", PLAN_FEATURES.studyPlanner],
          ["What is a mock exam?", PLAN_FEATURES.mockExams],
          ["What are case studies?", PLAN_FEATURES.caseStudies],
          ["What is AI mentor feedback?", PLAN_FEATURES.mentorFeedback],
        ] as const
      ).map(([question, tool]): Faq => ({
        question,
        answer: (
          <p>
            {tool.summary}{" "}
            {tool.plan === "pro"
              ? "Included in Pro; on the free trial, Starter and Plus the page shows what it does."
              : "Included in Plus and Pro; on the free trial and Starter the page shows what it does."}{" "}
            Open it at <InlineLink to={tool.path}>{tool.path}</InlineLink>.
          </p>
        ),
      })),
      {
        question: "What is priority support?",
        answer: (
          <p>
            When you write to us signed in on the Pro plan, your message is marked priority and
            answered first: {REPLY_TARGETS.priority.replace("Priority support: we", "we")} Every
            message you send signed in, and our replies, are listed on this page while you are
            signed in.
          </p>
        ),
      },
    ],
  },
];

const CHANNELS: readonly {
  icon: IconName;
  title: string;
  text: string;
  cta: string;
  to: string;
}[] = [
  {
    icon: "chat",
    title: "Community",
    text: `Meet the team behind ${SITE.name} and follow us for study tips and product news.`,
    cta: "Community Support",
    to: "/about",
  },
  {
    icon: "star",
    title: "Premium",
    text: "On the Pro plan? Write to us signed in: your messages are marked priority and answered first.",
    cta: "Premium Support",
    to: "/contact",
  },
  {
    icon: "mail",
    title: "Contact us",
    text: "Billing, bugs or feedback: send us a message and we reply within 24 hours.",
    cta: "Contact Support",
    to: "/contact",
  },
];

export default function Support() {
  const { tickets } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as SupportActionData | undefined;
  return (
    <>
      <PageHeader eyebrow="Support" title="How can we help?">
        <p>
          Quick answers about plans, payments and using the mentor. Still stuck? Our team is a
          message away.
        </p>
      </PageHeader>
      {tickets ? <LearnerTickets tickets={tickets} lastReply={actionData ?? null} /> : null}
      <div className="mx-auto w-full max-w-3xl space-y-12 px-4 py-14 sm:px-6 sm:py-16">
        {FAQ_GROUPS.map((group) => (
          <FaqSection key={group.id} group={group} />
        ))}
      </div>
      <SupportChannels />
    </>
  );
}

function FaqSection({ group }: { group: FaqGroup }) {
  const headingId = `faq-${group.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-bold text-slate-900 sm:text-2xl">
        {group.title}
      </h2>
      <div className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200">
        {group.faqs.map((faq) => (
          <details key={faq.question} className="group">
            <summary className="flex cursor-pointer items-center justify-between gap-4 px-5 py-4 font-medium text-slate-900 hover:bg-slate-50">
              {faq.question}
              <span
                aria-hidden="true"
                className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45"
              >
                +
              </span>
            </summary>
            <div className="px-5 pb-5 text-sm leading-relaxed text-slate-700">{faq.answer}</div>
          </details>
        ))}
      </div>
    </section>
  );
}

function SupportChannels() {
  return (
    <section aria-labelledby="channels-title" className="bg-slate-50 py-14 sm:py-16">
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <SectionHeading id="channels-title" title="More ways to get help">
          <p>We are available Monday to Friday, 9 AM to 6 PM, and Saturday, 10 AM to 4 PM (IST).</p>
        </SectionHeading>
        <ul className="mx-auto mt-10 grid max-w-5xl gap-6 md:grid-cols-3">
          {CHANNELS.map((channel) => (
            <li
              key={channel.cta}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={channel.icon} />
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{channel.title}</h3>
              <p className="mt-2 flex-1 text-sm leading-relaxed text-slate-600">{channel.text}</p>
              <ButtonLink to={channel.to} variant="secondary" className="mt-6 self-start">
                {channel.cta}
              </ButtonLink>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function InlineLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
    >
      {children}
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
