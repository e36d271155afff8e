import type { ReactNode } from "react";

/** The frame every accounts screen sits in: a centred card with a heading, the form, and a footer line. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <section className="flex flex-1 items-start justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-10 sm:py-16">
      <div className={wide ? "w-full max-w-2xl" : "w-full max-w-md"}>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
        {footer ? <p className="mt-6 text-center text-sm text-slate-600">{footer}</p> : null}
      </div>
    </section>
  );
}

/** "or" between the e-mail form and the Google button. */
export function OrDivider() {
  return (
    <div className="my-6 flex items-center gap-3 text-xs font-medium uppercase tracking-wide text-slate-500">
      <span className="h-px flex-1 bg-slate-200" />
      or
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
