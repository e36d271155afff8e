import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { LegalLayout, type LegalSection } from "~/components/legal/legal-layout";
import { SITE } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: `Terms of Service · ${SITE.name}` },
  {
    name: "description",
    content:
      "The terms for using MedMentor: accounts, plans and fees, refunds, renewal and cancellation, acceptable use, AI-generated content and limits of liability.",
  },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.env.SUPPORT_EMAIL };
}

function termsSections(supportEmail: string): LegalSection[] {
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return [
    {
      id: "agreement",
      title: "Agreement",
      content: (
        <p>
          These terms are an agreement between you and {SITE.legalName}, {SITE.address} (“
          {SITE.name}”, “we”). By creating an account or using the service you accept them. If you
          do not agree, please do not use {SITE.name}.
        </p>
      ),
    },
    {
      id: "educational-use",
      title: "Educational use only",
      content: (
        <p>
          {SITE.name} is a learning tool for students and healthcare trainees. It does not give
          medical advice and must not be used to diagnose or treat anyone. Answers from the AI
          mentor, quizzes and simulations can be incomplete or wrong; check them against standard
          references and follow your institution’s and supervisors’ guidance.
        </p>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      content: (
        <>
          <p>
            You must be at least 13 years old to use {SITE.name}, and under 18 only with the consent
            of a parent or guardian. Give accurate details when you register and keep your password
            to yourself; you are responsible for what happens under your account.
          </p>
          <p>Accounts are personal. Do not share them or resell access.</p>
        </>
      ),
    },
    {
      id: "fees",
      title: "Plans, fees and payment",
      content: (
        <>
          <p>
            Paid plans give access for the fixed period shown on the <Link to="/plans">Plans</Link>{" "}
            page. Fees are billed in advance for the whole period you choose, from monthly to
            annual, in Indian rupees, and payments are processed by Razorpay. Your card details are
            handled by Razorpay and never reach our servers.
          </p>
          <p>
            The free trial is offered at our discretion, with the time and usage limits shown in the
            app.
          </p>
        </>
      ),
    },
    {
      id: "refunds",
      title: "Refunds",
      content: (
        <p>
          Fees are non-refundable, except where a refund is required by law. If you were charged
          twice or charged for a plan you did not receive, write to {mail} and we will put it right.
        </p>
      ),
    },
    {
      id: "price-changes",
      title: "Price changes",
      content: (
        <p>
          We may change our prices. We will give you at least 30 days’ notice by e-mail or on the
          site before a change affects you. A change never applies to a period you have already paid
          for.
        </p>
      ),
    },
    {
      id: "renewal-cancellation",
      title: "Renewal and cancellation",
      content: (
        <>
          <p>
            Auto-renewal: a plan renews automatically only if it was clearly offered to you as a
            renewing plan when you bought it, and you can turn renewal off at any time before the
            next billing date. The plans offered today are one-time purchases that do not renew
            automatically.
          </p>
          <p>
            You can cancel at any time. After cancelling, you keep access until the end of the
            period you have paid for, and you will not be charged again.
          </p>
        </>
      ),
    },
    {
      id: "acceptable-use",
      title: "Acceptable use",
      content: (
        <>
          <p>When you use {SITE.name}, you agree not to:</p>
          <ul>
            <li>enter information that could identify a real patient;</li>
            <li>use the service for clinical decisions about real people;</li>
            <li>break the law, harass others or upload content you have no right to share;</li>
            <li>
              probe, overload or work around our security or usage limits, or scrape the service
              with automated tools;
            </li>
            <li>copy or resell the service or its content as your own.</li>
          </ul>
        </>
      ),
    },
    {
      id: "your-content",
      title: "Your content",
      content: (
        <p>
          You own what you create, such as your flashcards and your messages. You give us permission
          to store and process it only so that we can provide the service to you. See our{" "}
          <Link to="/privacy">Privacy Policy</Link> for how we handle personal data.
        </p>
      ),
    },
    {
      id: "our-content",
      title: "Our content",
      content: (
        <p>
          The {SITE.name} name, logo, software, and the questions, cases and text we provide belong
          to us or our licensors. You may use them for your own study, not for commercial purposes.
        </p>
      ),
    },
    {
      id: "suspension",
      title: "Suspension and termination",
      content: (
        <p>
          We may suspend or close an account that breaks these terms, after telling you why where we
          reasonably can. You may close your account at any time by writing to {mail}.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Disclaimers and limitation of liability",
      content: (
        <>
          <p>
            We work hard to keep {SITE.name} accurate and available, but we provide it “as is” and
            do not promise that it will be error-free or uninterrupted, or that it will lead to a
            particular exam result.
          </p>
          <p>
            To the extent the law allows, we are not liable for indirect or consequential losses,
            and our total liability to you for any claim is limited to the amount you paid us in the
            12 months before the claim arose.
          </p>
        </>
      ),
    },
    {
      id: "law",
      title: "Governing law",
      content: (
        <p>
          These terms are governed by the laws of India. Courts in Bengaluru, Karnataka have
          jurisdiction over any dispute, subject to any rights you have as a consumer.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to these terms",
      content: (
        <p>
          If we change these terms in a way that matters, we will tell you before the change takes
          effect. Continuing to use {SITE.name} afterwards means you accept the updated terms.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact",
      content: (
        <p>
          Questions about these terms: write to {mail} or to {SITE.legalName}, {SITE.address}.
        </p>
      ),
    },
  ];
}

export default function Terms() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <LegalLayout
      title="Terms of Service"
      summary={
        <p>
          The rules for using {SITE.name}, written to be read. The short version: it is a study
          tool, not medical advice; you pay in advance for the period you choose; and you can cancel
          at any time.
        </p>
      }
      sections={termsSections(supportEmail)}
    />
  );
}
