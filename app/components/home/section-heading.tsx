import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** Eyebrow, heading and intro at the top of a page section. `as` keeps the outline in order. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = "center",
  as: Heading = "h2",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: "center" | "left";
  as?: "h1" | "h2";
}) {
  return (
    <div className={cn("max-w-2xl", align === "center" && "mx-auto text-center")}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
      ) : null}
      <Heading
        id={id}
        className={cn(
          "mt-2 font-bold tracking-tight text-slate-900",
          Heading === "h1" ? "text-3xl sm:text-4xl" : "text-2xl sm:text-3xl",
        )}
      >
        {title}
      </Heading>
      {children ? (
        <div className="mt-4 text-base leading-relaxed text-slate-600 sm:text-lg">{children}</div>
      ) : null}
    </div>
  );
}

/** The tinted band at the top of an inner page, holding its one h1. */
export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-brand-100 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16">
        <SectionHeading as="h1" eyebrow={eyebrow} title={title}>
          {children}
        </SectionHeading>
      </div>
    </header>
  );
}
