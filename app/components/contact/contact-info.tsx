import type { ReactNode } from "react";
import { BUSINESS_HOURS, BUSINESS_HOURS_TIME_ZONE, CONTACT_CATEGORIES } from "~/lib/contact";
import { SITE } from "~/lib/site";
import { ClockIcon, ExternalIcon, MailIcon, PhoneIcon, PinIcon } from "./icons";

function InfoCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function DetailRow({
  icon,
  label,
  children,
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="relative min-h-9 pl-12">
      <dt className="text-sm font-medium text-slate-500">
        <span className="absolute left-0 top-0.5 flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-0.5 break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function ContactDetails({ supportEmail }: { supportEmail: string }) {
  const phoneHref = `tel:${SITE.phone.replace(/[^+\d]/g, "")}`;
  return (
    <InfoCard id="contact-details-heading" title="Contact information">
      <dl className="space-y-4">
        <DetailRow icon={<MailIcon />} label="E-mail">
          <a
            href={`mailto:${supportEmail}`}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {supportEmail}
          </a>
        </DetailRow>
        <DetailRow icon={<PhoneIcon />} label="Phone">
          <a
            href={phoneHref}
            className="font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            {SITE.phone}
          </a>
        </DetailRow>
        <DetailRow icon={<PinIcon />} label="Address">
          <address className="not-italic leading-relaxed">
            {SITE.legalName}
            <br />
            {SITE.address}
          </address>
        </DetailRow>
      </dl>
    </InfoCard>
  );
}

export function BusinessHours() {
  return (
    <InfoCard id="business-hours-heading" title="Business hours">
      <table className="w-full text-left text-sm">
        <caption className="mb-3 flex items-center gap-2 text-left text-slate-600">
          <ClockIcon className="size-4 shrink-0 text-brand-700" />
          <span>All times are {BUSINESS_HOURS_TIME_ZONE}.</span>
        </caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Hours</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {BUSINESS_HOURS.map((row) => (
            <tr key={row.days}>
              <th scope="row" className="py-2 pr-4 font-medium text-slate-700">
                {row.days}
              </th>
              <td
                className={
                  row.hours === "Closed"
                    ? "whitespace-nowrap py-2 text-right font-medium text-slate-500"
                    : "whitespace-nowrap py-2 text-right font-medium text-slate-900"
                }
              >
                {row.hours}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </InfoCard>
  );
}

export function SocialLinks() {
  return (
    <InfoCard id="social-heading" title="Follow us">
      <ul className="flex flex-wrap gap-2">
        {SITE.social.map((network) => (
          <li key={network.name}>
            <a
              href={network.href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 px-3.5 py-1.5 text-sm font-medium text-slate-700 transition-colors hover:border-brand-600 hover:bg-brand-50 hover:text-brand-800"
            >
              {network.name}
              <ExternalIcon className="size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>
    </InfoCard>
  );
}

export function ContactCategories() {
  return (
    <InfoCard id="categories-heading" title="What can we help with?">
      <p className="-mt-2 mb-4 text-sm text-slate-600">
        Choose the closest category in the form so your message reaches the right person.
      </p>
      <ul className="space-y-3">
        {CONTACT_CATEGORIES.map((category) => (
          <li key={category.value} className="border-l-2 border-brand-200 pl-3">
            <p className="text-sm font-semibold text-slate-900">{category.label}</p>
            <p className="text-sm text-slate-600">{category.description}</p>
          </li>
        ))}
      </ul>
    </InfoCard>
  );
}
