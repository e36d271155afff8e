import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { LegalLayout, type LegalSection } from "~/components/legal/legal-layout";
import { SITE } from "~/lib/site";

export const meta: MetaFunction = () => [
  { title: `Privacy Policy · ${SITE.name}` },
  {
    name: "description",
    content:
      "What personal data MedMentor collects, why, who processes it, how long we keep it and your rights under India’s Digital Personal Data Protection Act, 2023.",
  },
];

export async function loader({ context }: LoaderFunctionArgs) {
  return { supportEmail: context.env.SUPPORT_EMAIL };
}

function privacySections(supportEmail: string): LegalSection[] {
  const mail = <a href={`mailto:${supportEmail}`}>{supportEmail}</a>;
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      content: (
        <p>
          {SITE.name} is run by {SITE.legalName}, {SITE.address}. For the personal data described
          here we are the data fiduciary under the Digital Personal Data Protection Act, 2023 (the
          “DPDP Act”).
        </p>
      ),
    },
    {
      id: "data-we-collect",
      title: "Data we collect",
      content: (
        <>
          <p>We collect only what we need to run the service:</p>
          <ul>
            <li>
              <strong>Account details:</strong> your name, e-mail address, medical school and year
              of study, and your password, which we store only as a salted hash. If you sign in with
              Google we receive your name and e-mail address from Google.
            </li>
            <li>
              <strong>Your learning:</strong> conversations with the AI mentor, the topics and
              results of your quizzes and simulations, and the flashcards you create.
            </li>
            <li>
              <strong>Usage:</strong> how many times you use each feature, so we can apply your
              plan’s or trial’s limits.
            </li>
            <li>
              <strong>Payments:</strong> the plan you bought, the amount, the date, and Razorpay’s
              order and payment references. Payments are handled by Razorpay; your card details
              never touch our servers, and we never see or store card numbers, UPI PINs or
              net-banking passwords.
            </li>
            <li>
              <strong>Messages to us:</strong> what you send through the contact form or by e-mail.
            </li>
            <li>
              <strong>Technical data:</strong> IP address, browser type and error logs kept for
              security and troubleshooting, and cookies that keep you signed in and carry one-time
              messages between pages. We do not use advertising cookies or sell data to advertisers.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "how-we-use-it",
      title: "How we use it",
      content: (
        <ul>
          <li>To create your account, sign you in and keep it secure.</li>
          <li>To provide the mentor, quizzes, simulations and flashcards, and save your work.</li>
          <li>To process payments and apply your plan or free trial.</li>
          <li>To answer your questions and send service e-mails such as verification codes.</li>
          <li>
            To find and fix problems and to improve the service, using aggregated data where we can.
          </li>
          <li>To meet our legal obligations, such as keeping tax records.</li>
        </ul>
      ),
    },
    {
      id: "ai-processing",
      title: "AI processing",
      content: (
        <>
          <p>
            When you use the mentor, quizzes or simulations, the text you write is sent to our AI
            model provider to generate a reply.
          </p>
          <p>
            Never enter information that could identify a patient, such as names, hospital numbers
            or photographs. {SITE.name} is for education and must not be used for patient care.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      content: (
        <>
          <p>
            We do not sell your personal data. We share it only with service providers who process
            it for us under contract: our hosting and database provider, our AI model provider,
            Razorpay for payments, and our e-mail delivery provider. Some of them may process data
            outside India, as the DPDP Act permits.
          </p>
          <p>
            We may also disclose data when the law requires it, for example to a court or regulator.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      content: (
        <p>
          We keep your data while your account is open. If you ask us to delete your account, we
          erase your personal data within 30 days, except payment records, which we keep for as long
          as tax and accounting law requires.
        </p>
      ),
    },
    {
      id: "your-rights",
      title: "Your rights",
      content: (
        <>
          <p>Under the DPDP Act you have the right to:</p>
          <ul>
            <li>get a summary of the personal data we hold about you and how we use it;</li>
            <li>have inaccurate or incomplete data corrected, completed or updated;</li>
            <li>have your data erased when it is no longer needed, and withdraw your consent;</li>
            <li>have your grievances addressed by us;</li>
            <li>nominate someone to exercise these rights if you die or become incapacitated.</li>
          </ul>
          <p>
            Write to {mail} to use any of these rights. If you are not satisfied with our response,
            you may complain to the Data Protection Board of India.
          </p>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      content: (
        <p>
          {SITE.name} is not for anyone under 13, and we do not knowingly collect their data. If you
          are under 18, you may use {SITE.name} only with the verifiable consent of a parent or
          lawful guardian. If you believe a child under 13 has an account, write to {mail} and we
          will delete it.
        </p>
      ),
    },
    {
      id: "security",
      title: "Security",
      content: (
        <p>
          All traffic is encrypted with HTTPS, passwords are stored only as salted hashes, and
          access to personal data inside our team is limited to those who need it. No system is
          perfectly secure; if a breach affects your data, we will tell you and the Data Protection
          Board as the law requires.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes to this policy",
      content: (
        <p>
          If we change this policy in a way that matters, we will tell you by e-mail or on the site
          before the change takes effect. The date at the top shows the latest version.
        </p>
      ),
    },
    {
      id: "contact",
      title: "Contact and grievances",
      content: (
        <p>
          Questions or complaints about your data: write to {mail} or to {SITE.legalName},{" "}
          {SITE.address}. We acknowledge grievances within 24 hours and aim to resolve them within
          15 days.
        </p>
      ),
    },
  ];
}

export default function Privacy() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <LegalLayout
      title="Privacy Policy"
      summary={
        <p>
          Your notes, chats and results are yours. This policy explains what we collect when you use{" "}
          {SITE.name}, why we collect it, and the choices and rights you have under Indian law.
        </p>
      }
      sections={privacySections(supportEmail)}
    />
  );
}
