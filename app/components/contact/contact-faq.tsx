import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { SITE } from "~/lib/site";
import { ChevronIcon } from "./icons";

type Faq = { question: string; answer: ReactNode };

const linkClass = "font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800";

function faqs(supportEmail: string): Faq[] {
  return [
    {
      question: "How do I reset my password?",
      answer: (
        <p>
          On the sign-in page, choose{" "}
          <Link to="/forgot-password" className={linkClass}>
            Forgot password
          </Link>{" "}
          and enter the e-mail address you registered with. We’ll e-mail you a 6-digit code: enter
          it on the reset page with your new password. The code works once and expires after 15
          minutes. If it hasn’t arrived within a few minutes, check your spam or promotions folder,
          or send us a message under Technical Support.
        </p>
      ),
    },
    {
      question: "Is there a MedMentor mobile app?",
      answer: (
        <p>
          Not yet. {SITE.name} is a web app: it works in the browser on your phone, tablet or
          computer, with nothing to install. A dedicated mobile app is in development, and we’ll
          announce it on our social channels when it’s ready.
        </p>
      ),
    },
    {
      question: "Can I cancel my subscription?",
      answer: (
        <p>
          Yes, at any time. After you cancel you keep full access until the end of the billing
          period you have already paid for, and you won’t be charged again. If you need a hand, send
          us a message under Billing &amp; Payments.
        </p>
      ),
    },
    {
      question: "How accurate is the AI mentor?",
      answer: (
        <p>
          {SITE.mentorName} is built to explain clinical concepts clearly, but like any AI it can be
          wrong, incomplete or out of date. Use it as a study companion: check important facts
          against standard textbooks and current guidelines. {SITE.name} is for education only and
          is not medical advice; never use it to make decisions about real patients.
        </p>
      ),
    },
    {
      question: "Do you offer student discounts?",
      answer: (
        <p>
          Yes. E-mail{" "}
          <a href={`mailto:${supportEmail}`} className={linkClass}>
            {supportEmail}
          </a>{" "}
          with a photo or scan of your current student ID and the plan you’re interested in, and
          we’ll let you know the discount you qualify for.
        </p>
      ),
    },
    {
      question: "Is my data secure?",
      answer: (
        <p>
          We take it seriously. Everything you send to {SITE.name} travels over an encrypted (HTTPS)
          connection, passwords are stored only as one-way hashes, and card payments are handled on
          our payment provider’s secure checkout, so we never see or store your card details. Our{" "}
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>{" "}
          explains what we collect and why.
        </p>
      ),
    },
  ];
}

export function ContactFaq({ supportEmail }: { supportEmail: string }) {
  return (
    <section aria-labelledby="faq-heading" className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:py-20">
        <h2 id="faq-heading" className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">
          Frequently asked questions
        </h2>
        <p className="mt-3 text-center text-slate-600">
          Quick answers to what learners ask us most.{" "}
          <Link to="/support" className={linkClass}>
            Visit the Support page
          </Link>{" "}
          for more.
        </p>
        <div className="mt-10 space-y-3">
          {faqs(supportEmail).map((faq) => (
            <details
              key={faq.question}
              className="group rounded-xl border border-slate-200 bg-white shadow-sm open:shadow"
            >
              <summary className="flex cursor-pointer items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-slate-900 group-open:rounded-b-none hover:bg-slate-50">
                {faq.question}
                <ChevronIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
              </summary>
              <div className="px-5 pb-5 leading-relaxed text-slate-700">{faq.answer}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
