import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { ButtonLink } from "~/components/ui/button";
import { SITE } from "~/lib/site";
import { getAuth } from "~/models/auth.server";
import { cancelOrder } from "~/models/payments.server";
import { readCancelledOrder } from "~/routes/checkout.server";

export const meta: MetaFunction = () => [
  { title: `Payment cancelled · ${SITE.name}` },
  { name: "description", content: "Your payment was cancelled and nothing was charged." },
  { name: "robots", content: "noindex" },
];

/**
 * GET /payment-cancelled?order_id=…: the checkout was closed, so the order is
 * cancelled for its signed-in owner and its promo use given back at once.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const orderId = readCancelledOrder(new URL(request.url).searchParams);
  if (!orderId) return { released: false };
  const auth = await getAuth(request, context);
  if (!auth) return { released: false };
  const result = await cancelOrder(context.db, auth.user.id, orderId, Date.now());
  return { released: result.ok };
}

/**
 * A checkout that returns here with a form post (from the provider's site, so
 * without the session cookie) lands on the same page, as a plain GET.
 */
export function action({ request }: ActionFunctionArgs) {
  const orderId = readCancelledOrder(new URL(request.url).searchParams);
  return redirect(orderId ? `/payment-cancelled?order_id=${orderId}` : "/payment-cancelled", 303);
}

export default function PaymentCancelled() {
  const { released } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center px-4 py-16 text-center sm:py-24">
      <span
        aria-hidden="true"
        className="grid size-16 place-items-center rounded-full bg-amber-100 text-amber-800"
      >
        <svg
          viewBox="0 0 24 24"
          className="size-8"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 7.5v5.5M12 16.5v.01" />
        </svg>
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-slate-900">Payment cancelled</h1>
      <p className="mt-4 text-lg leading-relaxed text-slate-700">
        Your payment was not completed, so nothing was charged.
      </p>
      {released ? (
        <p className="mt-3 leading-relaxed text-slate-600" data-testid="order-released">
          That order is closed and can no longer be paid; any promo code on it is free to use again.
        </p>
      ) : null}
      <p className="mt-3 leading-relaxed text-slate-600">
        You can try again whenever you are ready; your account and any trial you have are just as
        you left them. If your bank or UPI app does show a debit for this attempt,{" "}
        <Link to="/contact" className="font-medium text-brand-800 underline underline-offset-2">
          contact support
        </Link>{" "}
        with the transaction reference and we will trace it.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to="/plans" size="lg">
          Try Payment Again
        </ButtonLink>
        <ButtonLink to="/" variant="secondary" size="lg">
          Back to Homepage
        </ButtonLink>
      </div>
    </section>
  );
}
