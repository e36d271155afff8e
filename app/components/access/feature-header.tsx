import type { ReactNode } from "react";

/** The heading band every learning screen opens with; `children` sit under the description. */
export function FeatureHeader({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-slate-200 bg-brand-50/60">
      <div className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
        <p className="mt-2 max-w-2xl text-slate-700">{description}</p>
        {children}
      </div>
    </header>
  );
}
