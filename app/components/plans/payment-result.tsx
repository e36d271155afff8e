import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { ButtonLink } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatRupees } from "~/lib/plans";
import { formatDate } from "./format";
import { TestModeBanner } from "./test-mode-banner";

export type PaymentOutcome =
  | {
      kind: "success";
      planName: string;
      endDate: string;
      /** When the plan was bought while another runs: the day it starts (the other one's end). */
      startsLater: string | null;
      /** An upgrade: it started at once, replacing the plan named here, whose unused part was credited. */
      upgrade: { fromPlanName: string; creditPaise: number } | null;
      paymentId: string | null;
      /** Granted by this very request (the address carried a payment id not yet confirmed). */
      justActivated: boolean;
    }
  | { kind: "welcome-back"; planName: string; endDate: string }
  | { kind: "processing"; planName: string; paymentId: string; message: string }
  | { kind: "failed"; paymentId: string | null; message: string }
  | {
      /** The order could no longer take the payment: it was not captured, or was refunded. */
      kind: "refused";
      paymentId: string;
      message: string;
      refunded: boolean;
    }
  | { kind: "none" };

/** What an upgrade's success page says: it runs now, and what the old plan's unused part was worth. */
function upgradeLead(
  planName: string,
  upgrade: { fromPlanName: string; creditPaise: number },
): string {
  const credit =
    upgrade.creditPaise > 0
      ? ` The unused part of your ${upgrade.fromPlanName} plan, ${formatRupees(upgrade.creditPaise)}, was taken off the price.`
      : "";
  return `Welcome to MedMentor ${planName}. It replaces your ${upgrade.fromPlanName} plan from today, and everything in ${planName} is unlocked now.${credit}`;
}

/** The payment-success page's card for each outcome the server decided. */
export function PaymentResult({
  outcome,
  testMode,
  stillChecking,
}: {
  outcome: PaymentOutcome;
  testMode: boolean;
  stillChecking: boolean;
}) {
  const location = useLocation();
  switch (outcome.kind) {
    case "success":
      return (
        <ResultCard
          tone="success"
          title={outcome.paymentId ? "Payment successful" : "Subscription activated"}
          lead={
            outcome.startsLater
              ? `Your MedMentor ${outcome.planName} plan starts on ${formatDate(outcome.startsLater)}, when your current plan ends. Until then you keep your current plan.`
              : outcome.upgrade
                ? upgradeLead(outcome.planName, outcome.upgrade)
                : `Welcome to MedMentor ${outcome.planName}. Everything in your plan is unlocked now.`
          }
        >
          {testMode ? (
            <TestModeBanner className="mt-6 text-left">
              Test mode: no real money was charged.
            </TestModeBanner>
          ) : null}
          <SubscriptionDetails
            planName={outcome.planName}
            endDate={outcome.endDate}
            paymentId={outcome.paymentId}
            startsLater={outcome.startsLater}
          />
          <Actions primary={["/", "Go to Homepage"]} secondary={["/plans", "View Plans"]} />
        </ResultCard>
      );
    case "welcome-back":
      return (
        <ResultCard
          tone="success"
          title="Welcome back!"
          lead={`Your ${outcome.planName} plan is active. There is no new payment to show.`}
        >
          <SubscriptionDetails
            planName={outcome.planName}
            endDate={outcome.endDate}
            paymentId={null}
          />
          <Actions primary={["/", "Go to Homepage"]} secondary={["/plans", "View Plans"]} />
        </ResultCard>
      );
    case "processing":
      return (
        <ResultCard
          tone="pending"
          title="Confirming your payment"
          lead={`We have your payment for the ${outcome.planName} plan and are waiting for the bank to confirm it. Your plan starts the moment it does.`}
        >
          <div role="status" className="mt-6 text-slate-700">
            {stillChecking ? (
              <p className="flex items-center justify-center gap-3">
                <span
                  aria-hidden="true"
                  className="size-5 animate-spin rounded-full border-2 border-brand-100 border-t-brand-700 motion-reduce:animate-none"
                />
                Checking again in a few seconds…
              </p>
            ) : (
              <p>{outcome.message}</p>
            )}
          </div>
          <dl className="mx-auto mt-6 max-w-sm text-left text-sm">
            <Detail
              label="Payment ID"
              value={<code className="break-all">{outcome.paymentId}</code>}
            />
          </dl>
          <Actions
            primary={[`${location.pathname}${location.search}`, "Check again"]}
            secondary={["/", "Go to Homepage"]}
          />
        </ResultCard>
      );
    case "failed":
      return (
        <ResultCard tone="error" title="We could not confirm this payment" lead={outcome.message}>
          <p className="mt-4 text-slate-600">
            If money left your account,{" "}
            <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-2">
              contact support
            </Link>
            {outcome.paymentId ? (
              <>
                {" "}
                with the payment ID <code className="break-all">{outcome.paymentId}</code>
              </>
            ) : null}{" "}
            and we will sort it out.
          </p>
          <Actions primary={["/plans", "View Plans"]} secondary={["/", "Go to Homepage"]} />
        </ResultCard>
      );
    case "refused":
      return (
        <ResultCard
          tone="error"
          title={outcome.refunded ? "Payment refunded" : "Payment not taken"}
          lead={outcome.message}
        >
          <p className="mt-4 text-slate-600">
            No plan was started with this payment. Choose a plan again to subscribe; if you have
            questions,{" "}
            <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-2">
              contact support
            </Link>{" "}
            with the payment ID <code className="break-all">{outcome.paymentId}</code>.
          </p>
          <Actions primary={["/plans", "View Plans"]} secondary={["/", "Go to Homepage"]} />
        </ResultCard>
      );
    case "none":
      return (
        <ResultCard
          tone="neutral"
          title="No payment to show"
          lead="Your account has no active plan and there is no recent payment on this page. If you have just paid, it can take a minute to confirm; open this page again from the link in your confirmation."
        >
          <Actions primary={["/plans", "View Plans"]} secondary={["/", "Go to Homepage"]} />
        </ResultCard>
      );
  }
}

const TONES = {
  success: { badge: "bg-emerald-100 text-emerald-800", path: "M5 12.5l4 4L19 7" },
  pending: { badge: "bg-brand-100 text-brand-800", path: "M12 7v5l3 2" },
  error: { badge: "bg-red-100 text-red-800", path: "M12 7.5v5.5M12 16.5v.01" },
  neutral: { badge: "bg-slate-100 text-slate-700", path: "M12 7.5v5.5M12 16.5v.01" },
} as const;

function ResultCard({
  tone,
  title,
  lead,
  children,
}: {
  tone: keyof typeof TONES;
  title: string;
  lead: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="payment-result-title"
      className="mx-auto flex w-full max-w-xl flex-1 flex-col px-4 py-16 text-center sm:py-20"
      data-testid="payment-result"
    >
      <span
        aria-hidden="true"
        className={cn("mx-auto grid size-16 place-items-center rounded-full", TONES[tone].badge)}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          {tone === "success" ? null : <circle cx="12" cy="12" r="9" />}
          <path d={TONES[tone].path} />
        </svg>
      </span>
      <h1
        id="payment-result-title"
        className="mt-6 text-3xl font-bold tracking-tight text-slate-900"
      >
        {title}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">{lead}</p>
      {children}
    </section>
  );
}

function SubscriptionDetails({
  planName,
  endDate,
  paymentId,
  startsLater = null,
}: {
  planName: string;
  endDate: string;
  paymentId: string | null;
  startsLater?: string | null;
}) {
  return (
    <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm">
      <h2 className="text-lg font-semibold text-slate-900">Subscription details</h2>
      <dl className="mt-3 divide-y divide-slate-100 text-sm" data-testid="subscription-details">
        <Detail label="Plan" value={planName} />
        <Detail
          label="Status"
          value={
            startsLater ? (
              <span className="rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-900">
                Starts <time dateTime={startsLater}>{formatDate(startsLater)}</time>
              </span>
            ) : (
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold text-emerald-900">
                Active
              </span>
            )
          }
        />
        <Detail label="Valid until" value={<time dateTime={endDate}>{formatDate(endDate)}</time>} />
        {paymentId ? (
          <Detail label="Payment ID" value={<code className="break-all">{paymentId}</code>} />
        ) : null}
      </dl>
    </div>
  );
}

function Detail({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** The two ways on from a result. */
function Actions({
  primary,
  secondary,
}: {
  primary: [path: string, label: string];
  secondary: [path: string, label: string];
}) {
  return (
    <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
      <ButtonLink to={primary[0]} size="lg">
        {primary[1]}
      </ButtonLink>
      <ButtonLink to={secondary[0]} variant="secondary" size="lg">
        {secondary[1]}
      </ButtonLink>
    </div>
  );
}
