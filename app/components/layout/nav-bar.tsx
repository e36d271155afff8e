import { Form, Link, NavLink, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { MEMBER_NAV, PUBLIC_NAV, SITE, STUDY_NAV } from "~/lib/site";
import { daysLeftText } from "~/lib/feature-screen";
import {
  hasAccess,
  type Viewer,
  type ViewerSubscription,
  type ViewerToday,
  type ViewerTrial,
} from "~/lib/viewer";
import { cn } from "~/lib/cn";
import { Logo } from "./logo";

/** Sign-in and sign-out submissions change who the viewer is: show skeletons meanwhile. */
const AUTH_ACTIONS = ["/login", "/api/auth/logout", "/verify-email"];

export function NavBar({ viewer }: { viewer: Viewer }) {
  const navigation = useNavigation();
  const changingViewer =
    navigation.state !== "idle" && AUTH_ACTIONS.includes(navigation.formAction ?? "");
  const member = hasAccess(viewer);
  const links = member ? MEMBER_NAV : PUBLIC_NAV;
  const today = viewer.status === "authenticated" ? (viewer.today ?? null) : null;

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
          {member ? (
            <li>
              <StudyMenu today={today} />
            </li>
          ) : null}
        </ul>

        <div className="ml-auto hidden items-center gap-2 lg:flex">
          {changingViewer ? <UserSkeleton /> : <AccountArea viewer={viewer} />}
        </div>

        <MobileMenu
          viewer={viewer}
          links={links}
          study={member ? STUDY_NAV : []}
          today={today}
          loading={changingViewer}
        />
      </nav>
    </header>
  );
}

/** "3 of 5 done today": the planner's day, as the navigation shows it. */
function todayText(today: ViewerToday): string {
  return today.done >= today.total
    ? `All ${today.total} done today`
    : `${today.done} of ${today.total} done today`;
}

/** The study tools, as a disclosure (works without JavaScript), with today's plan when there is one. */
function StudyMenu({ today }: { today: ViewerToday | null }) {
  const ref = useDisclosureDismiss();
  const location = useLocation();
  const active = STUDY_NAV.some((link) => location.pathname.startsWith(link.to));
  const left = today ? today.total - today.done : 0;
  return (
    <details ref={ref} className="relative" data-testid="study-menu">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium",
          active
            ? "bg-brand-50 text-brand-800"
            : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
        )}
      >
        Study
        {left > 0 ? (
          <span className="rounded-full bg-brand-700 px-1.5 text-xs font-semibold text-white">
            {left}
            <span className="sr-only"> {left === 1 ? "task" : "tasks"} left today</span>
          </span>
        ) : null}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 011.4 0L10 10.6l3.3-3.3a1 1 0 111.4 1.4l-4 4a1 1 0 01-1.4 0l-4-4a1 1 0 010-1.4z" />
        </svg>
      </summary>
      <ul className="absolute left-0 mt-2 w-64 space-y-1 rounded-xl border border-slate-200 bg-white p-2 shadow-lg">
        {STUDY_NAV.map((link) => (
          <li key={link.to}>
            <StudyLink link={link} today={today} />
          </li>
        ))}
      </ul>
    </details>
  );
}

function StudyLink({
  link,
  today,
  large = false,
}: {
  link: { to: string; label: string };
  today: ViewerToday | null;
  large?: boolean;
}) {
  return (
    <NavLink
      to={link.to}
      prefetch="intent"
      className={({ isActive }) =>
        cn(
          "block rounded-md px-3 font-medium",
          large ? "py-3 text-base" : "py-2 text-sm",
          isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
        )
      }
    >
      {link.label}
      {link.to === "/planner" && today ? (
        <span className="block text-xs font-normal text-slate-600">{todayText(today)}</span>
      ) : null}
    </NavLink>
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

function UserMenuBody({
  viewer,
  studyLinks = true,
}: {
  viewer: Extract<Viewer, { status: "authenticated" }>;
  /** The mobile menu lists the study tools in its own section. */
  studyLinks?: boolean;
}) {
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
            {studyLinks
              ? STUDY_NAV.map((link) => (
                  <MenuLink key={link.to} to={link.to}>
                    {link.label}
                  </MenuLink>
                ))
              : null}
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
  study,
  today,
  loading,
}: {
  viewer: Viewer;
  links: readonly { to: string; label: string }[];
  study: readonly { to: string; label: string }[];
  today: ViewerToday | null;
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
        {study.length > 0 ? (
          <div className="mt-3 border-t border-slate-200 pt-3">
            <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-600">
              Study
            </p>
            <ul className="mt-1 space-y-1">
              {study.map((link) => (
                <li key={link.to}>
                  <StudyLink link={link} today={today} large />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
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
            <UserMenuBody viewer={viewer} studyLinks={false} />
          )}
        </div>
      </div>
    </details>
  );
}
