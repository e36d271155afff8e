import { Link } from "@remix-run/react";
import { buttonClasses } from "~/components/ui/button";

/**
 * A study page whose data could not be read: says what happened and that
 * nothing is lost, with Try again reloading the page from the server.
 */
export function LoadFailed({
  id,
  title,
  kept,
  retryHref,
}: {
  id: string;
  title: string;
  /** What is safe, e.g. "your answers are kept". */
  kept: string;
  retryHref: string;
}) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6" aria-labelledby={id}>
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        <p className="mt-2">{`Nothing is lost: ${kept}. Please try again in a moment.`}</p>
        <Link to={retryHref} reloadDocument className={buttonClasses("secondary", "md", "mt-4")}>
          Try again
        </Link>
      </div>
    </section>
  );
}
