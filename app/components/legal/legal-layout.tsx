import type { ReactNode } from "react";

/** Both legal documents were last revised together. */
const LEGAL_LAST_UPDATED = "January 2025";

export type LegalSection = { id: string; title: string; content: ReactNode };

/** A legal document: title, revision date, contents list and numbered sections. */
export function LegalLayout({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header className="border-b border-slate-200 pb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-3 text-sm font-medium text-slate-600">
          Last updated: {LEGAL_LAST_UPDATED}
        </p>
        <div className="mt-6 leading-relaxed text-slate-700">{summary}</div>
      </header>

      <nav aria-label="Contents" className="mt-8 rounded-2xl bg-slate-50 p-5">
        <p className="text-sm font-semibold text-slate-900">Contents</p>
        <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm sm:grid-cols-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="text-brand-800 underline-offset-2 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-4">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-20 pt-8"
          >
            <h2 id={`${section.id}-title`} className="text-xl font-semibold text-slate-900">
              {index + 1}. {section.title}
            </h2>
            <div className="leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-brand-800 [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-1.5 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
              {section.content}
            </div>
          </section>
        ))}
      </div>
    </article>
  );
}
