import { Link, useMatches } from "@remix-run/react";
import { SITE } from "~/lib/site";
import { Logo } from "./logo";

/** What a route's `handle` may say about the page around it. */
export type RouteHandle = {
  /**
   * "admin": the hidden admin panel, signed in on its own, so none of the
   * learners' navigation, account menu or footer (which would offer Login and
   * Register to an administrator already at work).
   */
  chrome?: "admin";
};

/** The page around the current route: the site's, or the admin panel's. */
export function usePageChrome(): "site" | "admin" {
  const matches = useMatches();
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.chrome === "admin")
    ? "admin"
    : "site";
}

/** The admin panel's top bar: the logo back to the site, and where the administrator is. */
export function AdminBar() {
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" className="flex items-center rounded-md" aria-label={`${SITE.name} home`}>
          <Logo />
        </Link>
        <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-semibold uppercase tracking-wide text-white">
          Admin
        </span>
      </div>
    </header>
  );
}
