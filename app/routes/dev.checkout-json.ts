import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireLocalMode } from "~/http/local-only.server";
import { offlineGatewayOf, simulateCheckout } from "~/routes/checkout.server";
import { paymentDeps } from "~/models/payments.server";

const NO_STORE = { "Cache-Control": "no-store" };

function answer(body: unknown, status = 200) {
  return Response.json(body, { status, headers: NO_STORE });
}

export async function loader({ context }: LoaderFunctionArgs) {
  requireLocalMode(context.env);
  return answer(
    { ok: false, message: "POST a JSON body: { order_id, outcome: 'pay' | 'fail' }." },
    405,
  );
}

/**
 * POST /dev/checkout.json {order_id, outcome: "pay" | "fail", email?, contact?}:
 * what the test checkout's modal (/dev/checkout.js) calls for Pay and Fail.
 * Answers Checkout's success payload or its payment.failed error. Local mode only.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalMode(context.env);
  if (request.method !== "POST") return answer({ ok: false, message: "Method not allowed" }, 405);
  const gateway = offlineGatewayOf(context);
  if (!gateway) {
    return answer(
      { ok: false, message: "Razorpay keys are configured; the test checkout is off." },
      409,
    );
  }
  // A JSON body only: a cross-site form cannot send one without asking first.
  if (!request.headers.get("Content-Type")?.toLowerCase().startsWith("application/json")) {
    return answer({ ok: false, message: "Send application/json." }, 415);
  }
  const body = (await request.json().catch(() => null)) as Record<string, unknown> | null;
  const orderId = typeof body?.order_id === "string" ? body.order_id.trim() : "";
  const outcome = body?.outcome;
  if (!/^order_[A-Za-z0-9]{6,40}$/.test(orderId) || (outcome !== "pay" && outcome !== "fail")) {
    return answer(
      { ok: false, message: "order_id and outcome ('pay' or 'fail') are required." },
      400,
    );
  }
  const text = (value: unknown) => (typeof value === "string" ? value.trim().slice(0, 200) : null);
  const simulated = await simulateCheckout(paymentDeps(context), gateway, {
    orderId,
    outcome,
    email: text(body?.email),
    contact: text(body?.contact),
  });
  if (!simulated.ok) return answer({ ok: false, message: simulated.message }, simulated.status);
  return simulated.outcome === "pay"
    ? answer({ ok: true, result: simulated.result })
    : answer({ ok: true, error: simulated.error });
}
