import { Link } from "@remix-run/react";
import { FOOTER_LINKS, SITE } from "~/lib/site";
import { Logo } from "./logo";

export function Footer() {
  return (
    <footer className="mt-auto border-t border-slate-200 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <Logo inverted />
          <p className="mt-3 max-w-xs text-sm leading-relaxed text-slate-400">
            An AI clinical mentor and study companion for medical, nursing, dental and psychology
            learners. For education only; not medical advice.
          </p>
        </div>
        <nav aria-label="Footer" className="md:col-span-2">
          <ul className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-4">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="mt-6 flex flex-wrap gap-4 text-sm">
            {SITE.social.map((network) => (
              <li key={network.name}>
                <a
                  href={network.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="rounded hover:text-white hover:underline"
                >
                  {network.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        © {new Date().getFullYear()} {SITE.name}. Made in India for learners everywhere.
      </p>
    </footer>
  );
}
