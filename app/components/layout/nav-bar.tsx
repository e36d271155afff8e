import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { MEMBER_NAV, PUBLIC_NAV, SITE } from "~/lib/site";
import { daysLeftText } from "~/lib/feature-screen";
import { hasAccess, type Viewer, type ViewerSubscription, type ViewerTrial } from "~/lib/viewer";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";

/** Sign-in and sign-out submissions change who the viewer is: show skeletons meanwhile. */
const AUTH_ACTIONS = ["/login", "/api/auth/logout", "/verify-email"];

export function NavBar({ viewer }: { viewer: Viewer }) {
  const navigation = useNavigation();
  const changingViewer =
    navigation.state !== "idle" && AUTH_ACTIONS.includes(navigation.formAction ?? "");
  const links = hasAccess(viewer) ? MEMBER_NAV : PUBLIC_NAV;

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6"
      >
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md"
          aria-label={`${SITE.name} home`}
        >
          <Logo />
        </Link>

        <ul className="ml-6 hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                prefetch="intent"
                className={({ isActive }) =>
                  cn(
                    "rounded-md px-3 py-2 text-sm font-medium transition-colors",
                    isActive
                      ? "bg-brand-50 text-brand-800"
                      : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {changingViewer ? <UserSkeleton /> : <AccountArea viewer={viewer} />}
        </div>

        <MobileMenu viewer={viewer} links={links} loading={changingViewer} />
      </nav>
    </header>
  );
}

function AccountArea({ viewer }: { viewer: Viewer }) {
  if (viewer.status === "anonymous") {
    return (
      <>
        <Link
          to="/login"
          className="rounded-md px-3 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          Login
        </Link>
        <Link
          to="/register"
          className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
        >
          Register
        </Link>
      </>
    );
  }
  return <UserMenu viewer={viewer} />;
}

/** Closes a <details> menu on outside click, Escape, and navigation. Works without JS as a plain disclosure. */
function useDisclosureDismiss() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    function onPointer(event: PointerEvent) {
      const el = ref.current;
      if (el?.open && event.target instanceof Node && !el.contains(event.target)) el.open = false;
    }
    function onKey(event: KeyboardEvent) {
      const el = ref.current;
      if (event.key === "Escape" && el?.open) {
        el.open = false;
        el.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  return ref;
}

function UserMenu({ viewer }: { viewer: Extract<Viewer, { status: "authenticated" }> }) {
  const ref = useDisclosureDismiss();
  const { user } = viewer;
  return (
    <details ref={ref} className="relative">
      <summary
        className="flex cursor-pointer items-center gap-2 rounded-full border border-slate-200 py-1 pl-1 pr-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
        aria-label={`Account menu for ${user.firstName}`}
      >
        <span
          aria-hidden="true"
          className="grid size-8 place-items-center rounded-full bg-brand-100 font-semibold text-brand-800"
        >
          {user.firstName.charAt(0).toUpperCase()}
        </span>
        {user.firstName}
      </summary>
      <div className="absolute right-0 mt-2 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        <UserMenuBody viewer={viewer} />
      </div>
    </details>
  );
}

function UserMenuBody({ viewer }: { viewer: Extract<Viewer, { status: "authenticated" }> }) {
  const { user, access } = viewer;
  return (
    <div className="text-sm">
      <div className="border-b border-slate-100 px-3 pb-3 pt-2">
        <p className="font-semibold text-slate-900">
          {user.firstName} {user.lastName}
        </p>
        <p className="truncate text-slate-600">{user.email}</p>
        <Link
          to="/account"
          className="mt-1 inline-block font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          Account settings
        </Link>
      </div>
      <div className="space-y-1 py-2">
        {access.type === "subscription" ? (
          <>
            <PlanLine subscription={access.subscription} />
            <MenuLink to="/flashcards">Your Flashcards</MenuLink>
          </>
        ) : access.type === "trial" ? (
          <>
            <TrialBox trial={access.trial} />
            <MenuLink to="/plans" emphasis>
              Upgrade to Pro
            </MenuLink>
          </>
        ) : (
          <MenuLink to="/plans" emphasis>
            Choose Plan
          </MenuLink>
        )}
      </div>
      <Form method="post" action="/api/auth/logout" className="border-t border-slate-100 pt-2">
        <button
          type="submit"
          className="w-full rounded-md px-3 py-2 text-left font-medium text-red-700 hover:bg-red-50"
        >
          Logout
        </button>
      </Form>
    </div>
  );
}

const endDateFormat = new Intl.DateTimeFormat("en-IN", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "Asia/Kolkata",
});

/** The subscriber's plan and how long it runs. */
function PlanLine({ subscription }: { subscription: ViewerSubscription }) {
  const ends = endDateFormat.format(new Date(subscription.endDate));
  return (
    <p className="mx-1 rounded-lg bg-slate-50 px-3 py-2 text-slate-700" data-testid="plan-line">
      <span className="font-semibold text-slate-900">{subscription.planName} plan</span>
      <span className="block">
        {subscription.status === "cancelled"
          ? `Cancelled · access until ${ends}`
          : subscription.daysRemaining > 0
            ? `${daysLeftText(subscription.daysRemaining)} · until ${ends}`
            : "Expires soon"}
      </span>
    </p>
  );
}

function TrialBox({ trial }: { trial: ViewerTrial }) {
  const used = `${trial.totalUsed} of ${trial.totalLimit} uses`;
  return (
    <div
      className="mx-1 rounded-lg border border-brand-200 bg-brand-50 p-3"
      data-testid="trial-box"
    >
      <p className="font-semibold text-brand-900">Free Trial Active</p>
      <div className="mt-1 flex justify-between gap-2 text-slate-700">
        <span>Features used</span>
        <span className="font-medium text-slate-900">{used}</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-white ring-1 ring-brand-200"
        role="progressbar"
        aria-label="Free trial uses"
        aria-valuemin={0}
        aria-valuemax={trial.totalLimit}
        aria-valuenow={trial.totalUsed}
        aria-valuetext={used}
      >
        <div
          className="h-full rounded-full bg-brand-600"
          style={{ width: `${Math.min(100, trial.percentageUsed)}%` }}
        />
      </div>
      <p className="mt-2 text-slate-700">{daysLeftText(trial.daysRemaining)}</p>
    </div>
  );
}

function MenuLink({
  to,
  children,
  emphasis = false,
}: {
  to: string;
  children: React.ReactNode;
  emphasis?: boolean;
}) {
  return (
    <Link
      to={to}
      className={cn(
        "block rounded-md px-3 py-2 font-medium",
        emphasis
          ? "bg-brand-700 text-center text-white hover:bg-brand-800"
          : "text-slate-700 hover:bg-slate-100",
      )}
    >
      {children}
    </Link>
  );
}

function UserSkeleton() {
  return (
    <div className="flex items-center gap-2" aria-busy="true" aria-label="Loading your account">
      <span className="size-8 animate-pulse rounded-full bg-slate-200" />
      <span className="h-4 w-20 animate-pulse rounded bg-slate-200" />
    </div>
  );
}

function MobileMenu({
  viewer,
  links,
  loading,
}: {
  viewer: Viewer;
  links: readonly { to: string; label: string }[];
  loading: boolean;
}) {
  const ref = useDisclosureDismiss();
  return (
    <details ref={ref} className="group ml-auto lg:hidden" data-testid="mobile-menu">
      <summary
        className="grid size-10 cursor-pointer place-items-center rounded-md text-slate-700 hover:bg-slate-100"
        aria-label="Open menu"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6 group-open:hidden"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path strokeLinecap="round" d="M4 7h16M4 12h16M4 17h16" />
        </svg>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="hidden size-6 group-open:block"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path strokeLinecap="round" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </summary>
      <div className="absolute inset-x-0 top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg">
        <ul className="space-y-1">
          {links.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.to === "/"}
                className={({ isActive }) =>
                  cn(
                    "block rounded-md px-3 py-3 text-base font-medium",
                    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100",
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-4 border-t border-slate-200 pt-4">
          {loading ? (
            <UserSkeleton />
          ) : viewer.status === "anonymous" ? (
            <div className="grid grid-cols-2 gap-3">
              <Link
                to="/login"
                className="rounded-md border border-slate-300 px-4 py-3 text-center font-semibold text-slate-800"
              >
                Login
              </Link>
              <Link
                to="/register"
                className="rounded-md bg-brand-700 px-4 py-3 text-center font-semibold text-white"
              >
                Register
              </Link>
            </div>
          ) : (
            <UserMenuBody viewer={viewer} />
          )}
        </div>
      </div>
    </details>
  );
}
