import type {
  ActionFunctionArgs,
  HeadersFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ContactFaq } from "~/components/contact/contact-faq";
import { ContactForm } from "~/components/contact/contact-form";
import {
  BusinessHours,
  ContactCategories,
  ContactDetails,
  SocialLinks,
} from "~/components/contact/contact-info";
import { buttonClasses } from "~/components/ui/button";
import { SITE } from "~/lib/site";
import { replyTargetText, SUPPORT_PATH, TICKETS_SECTION_ID } from "~/lib/support";
import { getAuth } from "~/models/auth.server";
import { clientIpOf, malformedContactRequest, submitContactMessage } from "~/models/contact.server";
import { ticketSenderFor } from "~/models/support-tickets.server";

export const meta: MetaFunction = () => [
  { title: `Contact Us · ${SITE.name}` },
  {
    name: "description",
    content:
      "Questions about MedMentor, your plan or the AI mentor? Send us a message, e-mail or call us. We reply within 24 hours.",
  },
];

/** The page keeps its parents' headers and passes on the action's Retry-After (sent with a 429). */
export const headers: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const result = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) result.set("Retry-After", retryAfter);
  return result;
};

/**
 * A signed-in learner's name and address fill the form in (they may change
 * them), and the page says their message becomes a ticket on /support, with
 * the reply time their plan gets.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await getAuth(request, context);
  const sender = auth
    ? await ticketSenderFor(context.db, auth.user.id, Date.now(), context.reads)
    : null;
  return {
    supportEmail: context.env.SUPPORT_EMAIL,
    learner:
      auth && sender
        ? {
            name: `${auth.user.firstName} ${auth.user.lastName}`.trim(),
            email: auth.user.email,
            replyTarget: replyTargetText(sender.priority),
          }
        : null,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData().catch(() => null);
  const auth = formData ? await getAuth(request, context) : null;
  const outcome = formData
    ? await submitContactMessage(
        { db: context.db, mail: context.mail, env: context.env },
        formData,
        clientIpOf(request),
        auth?.user.id ?? null,
      )
    : malformedContactRequest();
  return data(outcome.data, { status: outcome.status, headers: outcome.headers });
}

export default function ContactPage() {
  const { supportEmail, learner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  return (
    <>
      <header className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:py-16">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Contact</p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            We’re here to help
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-slate-600">
            Questions about {SITE.name}, your plan or the AI mentor? Send us a message and we’ll get
            back to you within 24 hours, or reach us directly by e-mail or phone.
          </p>
          <a href="#send-message" className={buttonClasses("primary", "md", "mt-6 lg:hidden")}>
            Send us a message
          </a>
        </div>
      </header>

      <div className="mx-auto grid w-full max-w-7xl gap-8 px-4 py-12 sm:px-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)] lg:gap-10 lg:py-16">
        <div className="space-y-6">
          <ContactDetails supportEmail={supportEmail} />
          <BusinessHours />
          <SocialLinks />
          <ContactCategories />
        </div>

        <section
          id="send-message"
          aria-labelledby="send-message-heading"
          className="relative scroll-mt-24 self-start rounded-2xl [@media(min-width:64rem)_and_(min-height:56rem)]:sticky [@media(min-width:64rem)_and_(min-height:56rem)]:top-24 border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
        >
          <h2 id="send-message-heading" className="text-2xl font-bold text-slate-900">
            Send us a message
          </h2>
          <p className="mb-6 mt-2 text-slate-600">
            Tell us what you need and we’ll reply to the e-mail address you give.
          </p>
          {learner ? (
            <p className="-mt-3 mb-6 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-900">
              {learner.replyTarget} Your message is kept as a support ticket: follow it and our
              replies under{" "}
              <Link
                to={`${SUPPORT_PATH}#${TICKETS_SECTION_ID}`}
                className="font-semibold underline underline-offset-2"
              >
                Your support tickets
              </Link>
              .
            </p>
          ) : null}
          <ContactForm
            actionData={actionData}
            sender={learner ? { name: learner.name, email: learner.email } : null}
          />
        </section>
      </div>

      <ContactFaq supportEmail={supportEmail} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
