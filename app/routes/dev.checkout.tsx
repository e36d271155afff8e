import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Button } from "~/components/ui/button";
import { OFFLINE_KEY_ID } from "~/integrations/payments/offline.server";
import { formatRupees, getPlan, isPlanId } from "~/lib/plans";
import type { AppContext } from "~/load-context";
import { offlineGatewayOf, sameSiteUrl, simulateCheckout } from "~/routes/checkout.server";
import { requireLocalMode } from "~/http/local-only.server";
import { paymentDeps } from "~/models/payments.server";

export const meta: MetaFunction = () => [
  { title: "Test checkout" },
  { name: "robots", content: "noindex" },
];

const TEST_BANNER = "Test mode — no money moves";

type Session = {
  keyId: string;
  orderId: string;
  amountPaise: number;
  planName: string | null;
  merchant: string;
  description: string;
  email: string;
  contact: string;
  callbackUrl: string;
  cancelUrl: string;
};

type Stage =
  | { stage: "checkout"; session: Session }
  | {
      stage: "paid";
      session: Session;
      result: {
        razorpay_order_id: string;
        razorpay_payment_id: string;
        razorpay_signature: string;
      };
    }
  | {
      stage: "failed";
      session: Session;
      error: {
        code: string;
        description: string;
        metadata: { order_id: string; payment_id: string };
      };
    }
  | { stage: "off"; message: string }
  | { stage: "error"; message: string };

function text(source: FormData | URLSearchParams, name: string, max = 200): string {
  const value = source.get(name);
  return typeof value === "string" ? value.trim().slice(0, max) : "";
}

/**
 * The fields Razorpay's hosted checkout takes (key_id, order_id, name,
 * description, prefill[…], callback_url, cancel_url), checked against the
 * offline provider's own order: the amount shown is the order's.
 */
async function readSession(
  context: AppContext,
  request: Request,
  source: FormData | URLSearchParams,
): Promise<{ ok: true; session: Session } | { ok: false; stage: Stage; status: number }> {
  const gateway = offlineGatewayOf(context);
  if (!gateway) {
    return {
      ok: false,
      status: 409,
      stage: {
        stage: "off",
        message:
          "Razorpay keys are configured, so payments go through Razorpay and this test checkout is not used.",
      },
    };
  }
  const origin = new URL(request.url).origin;
  const orderId = text(source, "order_id", 64);
  const keyId = text(source, "key_id", 64);
  const callbackUrl = sameSiteUrl(text(source, "callback_url", 500) || null, origin);
  const cancelUrl = sameSiteUrl(text(source, "cancel_url", 500) || null, origin);
  const problem = (message: string, status = 400) =>
    ({ ok: false, status, stage: { stage: "error", message } }) as const;
  if (!orderId) return problem("No order was given to pay.");
  if (keyId && keyId !== OFFLINE_KEY_ID)
    return problem("This key does not belong to the test checkout.");
  if (!callbackUrl || !cancelUrl) {
    return problem(
      "The shop did not say where to return after payment (callback_url and cancel_url).",
    );
  }
  const order = await gateway.fetchOrder(orderId);
  if (!order) return problem("There is no test order with that id. It may have expired.", 404);
  if (order.status === "paid") return problem("This order has already been paid.", 409);
  const planId = order.notes.planId;
  return {
    ok: true,
    session: {
      keyId: OFFLINE_KEY_ID,
      orderId,
      amountPaise: order.amount,
      planName: isPlanId(planId) ? getPlan(planId).name : null,
      merchant: text(source, "name", 80) || "MedMentor",
      description: text(source, "description"),
      email: text(source, "prefill[email]"),
      contact: text(source, "prefill[contact]", 20),
      callbackUrl,
      cancelUrl,
    },
  };
}

/** GET /dev/checkout?order_id=…&callback_url=…&cancel_url=…: the same page, reached by a link. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireLocalMode(context.env);
  const search = new URL(request.url).searchParams;
  if (!search.get("order_id")) {
    return data<Stage>({
      stage: "error",
      message: "Nothing to pay here yet. Choose a plan on the plans page and press Subscribe.",
    });
  }
  const read = await readSession(context, request, search);
  if (!read.ok) return data<Stage>(read.stage, { status: read.status });
  return data<Stage>({ stage: "checkout", session: read.session });
}

/**
 * POST /dev/checkout: the shop's form opens the checkout; Pay and Fail ask
 * the offline provider to record a payment (its webhooks go to the webhook
 * handler); Pay then returns to callback_url with the signed result; Cancel
 * goes to cancel_url.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalMode(context.env);
  const form = await request.formData().catch(() => null);
  if (!form)
    return data<Stage>({ stage: "error", message: "The form could not be read." }, { status: 400 });
  const read = await readSession(context, request, form);
  if (!read.ok) return data<Stage>(read.stage, { status: read.status });
  const { session } = read;
  const intent = text(form, "intent", 10);
  if (intent === "cancel") throw redirect(session.cancelUrl, 303);
  if (intent !== "pay" && intent !== "fail") return data<Stage>({ stage: "checkout", session });

  const simulated = await simulateCheckout(paymentDeps(context), offlineGatewayOf(context)!, {
    orderId: session.orderId,
    outcome: intent,
    email: session.email || null,
    contact: session.contact || null,
  });
  if (!simulated.ok) {
    return data<Stage>(
      { stage: "error", message: simulated.message },
      { status: simulated.status },
    );
  }
  if (simulated.outcome === "pay") {
    return data<Stage>({ stage: "paid", session, result: simulated.result });
  }
  return data<Stage>({ stage: "failed", session, error: simulated.error });
}

export default function DevCheckout() {
  const loaded = useLoaderData<typeof loader>();
  const posted = useActionData<typeof action>();
  const state = posted ?? loaded;
  return (
    <section className="mx-auto w-full max-w-lg px-4 py-10 sm:py-16">
      <p
        className="rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 text-center font-semibold text-amber-950"
        data-testid="test-mode-banner"
      >
        {TEST_BANNER}
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Test checkout</h1>
        <p className="mt-1 text-sm text-slate-600">
          Stands in for Razorpay’s hosted checkout while no Razorpay keys are configured. Local mode
          only.
        </p>
        <StageView state={state} />
      </div>
    </section>
  );
}

function StageView({ state }: { state: Stage }) {
  if (state.stage === "off" || state.stage === "error") {
    return (
      <div className="mt-6">
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900"
        >
          {state.message}
        </p>
        <Link
          to="/plans"
          className="mt-4 inline-block font-medium text-brand-800 underline underline-offset-2"
        >
          Back to plans
        </Link>
      </div>
    );
  }
  const { session } = state;
  return (
    <>
      <OrderDetails session={session} />
      {state.stage === "checkout" ? <CheckoutButtons session={session} /> : null}
      {state.stage === "paid" ? <ReturnToShop session={session} result={state.result} /> : null}
      {state.stage === "failed" ? <FailedAttempt session={session} error={state.error} /> : null}
    </>
  );
}

function OrderDetails({ session }: { session: Session }) {
  return (
    <dl className="mt-6 divide-y divide-slate-100 text-sm" data-testid="test-checkout-order">
      <div className="flex justify-between gap-4 py-2">
        <dt className="text-slate-600">Merchant</dt>
        <dd className="font-medium text-slate-900">{session.merchant}</dd>
      </div>
      {session.planName ? (
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">Plan</dt>
          <dd className="font-medium text-slate-900">{session.planName}</dd>
        </div>
      ) : null}
      {session.description ? (
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">Description</dt>
          <dd className="text-right text-slate-900">{session.description}</dd>
        </div>
      ) : null}
      <div className="flex justify-between gap-4 py-2 text-base">
        <dt className="font-semibold text-slate-900">Amount</dt>
        <dd className="font-bold text-slate-900">{formatRupees(session.amountPaise)}</dd>
      </div>
    </dl>
  );
}

/** The hosted-checkout fields again, so each button's post carries the whole session. */
function SessionFields({ session }: { session: Session }) {
  const fields: Array<[string, string]> = [
    ["key_id", session.keyId],
    ["order_id", session.orderId],
    ["name", session.merchant],
    ["description", session.description],
    ["prefill[email]", session.email],
    ["prefill[contact]", session.contact],
    ["callback_url", session.callbackUrl],
    ["cancel_url", session.cancelUrl],
  ];
  return (
    <>
      {fields.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

function CheckoutButtons({ session }: { session: Session }) {
  return (
    <form method="post" action="/dev/checkout" className="mt-6">
      <SessionFields session={session} />
      <p className="text-sm text-slate-700">
        Pay records a captured test payment and returns you to {session.merchant}; Fail records a
        failed one; Cancel goes back without paying.
      </p>
      <div className="mt-5 grid gap-3 sm:grid-cols-3">
        <Button type="submit" name="intent" value="pay" size="lg">
          Pay
        </Button>
        <Button type="submit" name="intent" value="fail" variant="danger" size="lg">
          Fail
        </Button>
        <Button type="submit" name="intent" value="cancel" variant="secondary" size="lg">
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Pay's result goes back to the shop as Razorpay sends it: a form post to callback_url. */
function ReturnToShop({
  session,
  result,
}: {
  session: Session;
  result: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
}) {
  const formRef = useRef<HTMLFormElement>(null);
  // With JavaScript the post continues by itself, as Razorpay's does; without, one click.
  useEffect(() => {
    formRef.current?.submit();
  }, []);
  return (
    <form ref={formRef} method="post" action={session.callbackUrl} className="mt-6">
      <p
        role="status"
        className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950"
      >
        Test payment captured ({result.razorpay_payment_id}). Returning you to {session.merchant}…
      </p>
      <input type="hidden" name="razorpay_payment_id" value={result.razorpay_payment_id} />
      <input type="hidden" name="razorpay_order_id" value={result.razorpay_order_id} />
      <input type="hidden" name="razorpay_signature" value={result.razorpay_signature} />
      <Button type="submit" size="lg" className="mt-5 w-full">
        Continue
      </Button>
    </form>
  );
}

function FailedAttempt({
  session,
  error,
}: {
  session: Session;
  error: { code: string; description: string; metadata: { order_id: string; payment_id: string } };
}) {
  return (
    <div className="mt-6">
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
        Payment failed: {error.description}
      </p>
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        <form method="post" action="/dev/checkout">
          <SessionFields session={session} />
          <Button type="submit" name="intent" value="retry" size="lg" className="w-full">
            Try again
          </Button>
        </form>
        {/* As Razorpay does after a failure: the error goes back to the shop's callback. */}
        <form method="post" action={session.callbackUrl}>
          <input type="hidden" name="error[code]" value={error.code} />
          <input type="hidden" name="error[description]" value={error.description} />
          <input type="hidden" name="error[source]" value="customer" />
          <input type="hidden" name="error[step]" value="payment_authorization" />
          <input type="hidden" name="error[reason]" value="payment_failed" />
          <input type="hidden" name="error[metadata]" value={JSON.stringify(error.metadata)} />
          <Button type="submit" variant="secondary" size="lg" className="w-full">
            Back to plans
          </Button>
        </form>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
