import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";

function NotFoundScreen() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-7xl font-black text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Oops! Page not found</h1>
      <p className="mt-3 text-slate-600">
        The page you were looking for has moved or never existed.
      </p>
      <Link
        to="/"
        className="mt-8 rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
      >
        Return to Home
      </Link>
    </section>
  );
}

/** One error boundary for the whole app: 404s get the not-found screen, everything else an apology. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  useEffect(() => {
    if (notFound) console.error(`404: no page at ${window.location.pathname}`);
    else console.error(error);
  }, [error, notFound]);

  if (notFound) return <NotFoundScreen />;

  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : "Something went wrong on our side. Please try again in a moment.";
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center" role="alert">
      <p className="text-5xl font-black text-red-700" aria-hidden="true">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-bold text-slate-900">We could not load this page</h1>
      <p className="mt-3 text-slate-600">{message}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link
          to="/"
          className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Return to Home
        </Link>
        <Link
          to="/contact"
          className="rounded-md border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Contact support
        </Link>
      </div>
    </section>
  );
}
