/**
 * A fake of Razorpay's REST API (https://razorpay.com/docs/api/) for the parts
 * MedMentor uses, speaking its wire format: Basic auth with key_id:key_secret,
 * entities with amounts in paise and times in Unix seconds, and errors as
 * { error: { code, description, ... } }.
 *
 *   POST /v1/orders                   create an order → order entity
 *   GET  /v1/orders/:id               order entity
 *   GET  /v1/orders/:id/payments      { entity: "collection", count, items }
 *   GET  /v1/payments/:id             payment entity, or 400 "The id provided does not exist"
 *   POST /v1/payments/:id/capture     capture an authorized payment
 *   POST /v1/payments/:id/refund      refund a captured payment (in full) → refund entity
 *
 * Beside them, endpoints Razorpay does not have, standing in for a buyer paying
 * through Checkout (the tests call them through tests/support/razorpay.ts):
 *
 *   POST /_fake/orders/:id/payments   { status, amount?, currency?, failCapture? } → payment entity
 *   GET  /_fake/requests              every API call so far: [{ method, path }]
 *   GET  /_fake/payments/:id          a payment as the provider holds it, with its refunds
 *
 * Reached through miniflare's outboundService, so it runs in the test runner's
 * process: its state is this module's memory, shared by every test file of a
 * run (ids are random, so tests never see each other's orders).
 */

/** The test account's keys; anything else is refused like a wrong key. */
export const FAKE_RAZORPAY = {
  host: "api.razorpay.com",
  keyId: "rzp_test_MedMentorFake01",
  keySecret: "fake_razorpay_key_secret_for_tests",
  webhookSecret: "fake_razorpay_webhook_secret_for_tests",
} as const;

type Notes = Record<string, string> | [];

type FakeOrder = {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Notes;
  created_at: number;
};

type FakePayment = {
  id: string;
  entity: "payment";
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "refunded" | "failed";
  order_id: string;
  invoice_id: null;
  international: boolean;
  method: string;
  amount_refunded: number;
  refund_status: null | "partial" | "full";
  captured: boolean;
  description: string | null;
  card_id: string | null;
  bank: null;
  wallet: null;
  vpa: null;
  email: string;
  contact: string;
  notes: Notes;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
};

export type FakePaymentInput = {
  status: FakePayment["status"];
  /** Defaults to the order's amount. */
  amount?: number;
  currency?: string;
  /** Razorpay answers the capture call with a server error (the payment stays authorized). */
  failCapture?: boolean;
};

type FakeRefund = {
  id: string;
  entity: "refund";
  amount: number;
  currency: string;
  payment_id: string;
  notes: Notes;
  receipt: null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: "processed";
  speed_processed: "normal";
  speed_requested: "normal";
};

const orders = new Map<string, FakeOrder>();
const refunds = new Map<string, FakeRefund[]>();
const payments = new Map<string, FakePayment>();
const failingCaptures = new Set<string>();
const requests: { method: string; path: string }[] = [];

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
function razorpayId(prefix: "order" | "pay" | "rfnd"): string {
  const bytes = crypto.getRandomValues(new Uint8Array(14));
  return `${prefix}_${Array.from(bytes, (byte) => ALPHABET[byte % ALPHABET.length]).join("")}`;
}

const seconds = () => Math.floor(Date.now() / 1000);

function razorpayError(
  status: number,
  description: string,
  extra: { field?: string; code?: string } = {},
): Response {
  return Response.json(
    {
      error: {
        code: extra.code ?? (status >= 500 ? "SERVER_ERROR" : "BAD_REQUEST_ERROR"),
        description,
        source: status >= 500 ? "internal" : "business",
        step: "payment_initiation",
        reason: status >= 500 ? "server_error" : "input_validation_failed",
        metadata: {},
        ...(extra.field ? { field: extra.field } : {}),
      },
    },
    { status },
  );
}

const notFound = () => razorpayError(400, "The id provided does not exist");

function authorized(request: Request): boolean {
  const header = request.headers.get("Authorization") ?? "";
  if (!header.startsWith("Basic ")) return false;
  try {
    return atob(header.slice(6)) === `${FAKE_RAZORPAY.keyId}:${FAKE_RAZORPAY.keySecret}`;
  } catch {
    return false;
  }
}

async function readJson(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body = (await request.json()) as unknown;
    return body && typeof body === "object" ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function notesOf(value: unknown): Notes {
  if (!value || typeof value !== "object" || Object.keys(value).length === 0) return [];
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, String(item)]));
}

async function createOrder(request: Request): Promise<Response> {
  const body = await readJson(request);
  if (!body) return razorpayError(400, "The request body is not valid JSON");
  const { amount, currency = "INR", receipt = null } = body;
  if (typeof amount !== "number" || !Number.isInteger(amount)) {
    return razorpayError(400, "The amount must be an integer.", { field: "amount" });
  }
  if (amount < 100) {
    return razorpayError(400, "The amount must be atleast INR 1.00", { field: "amount" });
  }
  if (currency !== "INR") {
    return razorpayError(400, "The requested currency is not supported", { field: "currency" });
  }
  if (receipt !== null && (typeof receipt !== "string" || receipt.length > 40)) {
    return razorpayError(400, "The receipt may not be greater than 40 characters.", {
      field: "receipt",
    });
  }
  const order: FakeOrder = {
    id: razorpayId("order"),
    entity: "order",
    amount,
    amount_paid: 0,
    amount_due: amount,
    currency,
    receipt: receipt as string | null,
    offer_id: null,
    status: "created",
    attempts: 0,
    notes: notesOf(body.notes),
    created_at: seconds(),
  };
  orders.set(order.id, order);
  return Response.json(order);
}

function markPaid(order: FakeOrder, payment: FakePayment) {
  order.amount_paid = payment.amount;
  order.amount_due = Math.max(0, order.amount - payment.amount);
  order.status = order.amount_due === 0 ? "paid" : "attempted";
}

function capture(payment: FakePayment, body: Record<string, unknown> | null): Response {
  if (!body || typeof body.amount !== "number") {
    return razorpayError(400, "The amount field is required.", { field: "amount" });
  }
  if (payment.status === "captured") {
    return razorpayError(400, "This payment has already been captured");
  }
  if (payment.status !== "authorized") {
    return razorpayError(
      400,
      "Only payments which have been authorized and not yet captured can be captured",
    );
  }
  if (body.amount !== payment.amount) {
    return razorpayError(400, "Capture amount must be equal to the amount authorized", {
      field: "amount",
    });
  }
  if (body.currency !== undefined && body.currency !== payment.currency) {
    return razorpayError(400, "Currency should be same as that of the payment", {
      field: "currency",
    });
  }
  if (failingCaptures.has(payment.id)) {
    return razorpayError(
      500,
      "The server encountered an error. The incident has been reported to admins.",
    );
  }
  payment.status = "captured";
  payment.captured = true;
  const order = orders.get(payment.order_id);
  if (order) markPaid(order, payment);
  return Response.json(payment);
}

function refund(payment: FakePayment, body: Record<string, unknown> | null): Response {
  if (payment.status !== "captured") {
    return razorpayError(400, "The payment has not been captured or has already been refunded");
  }
  const left = payment.amount - payment.amount_refunded;
  const amount = body?.amount === undefined ? left : body.amount;
  if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100 || amount > left) {
    return razorpayError(
      400,
      "The refund amount provided is greater than amount captured or less than INR 1.00",
      { field: "amount" },
    );
  }
  const entity: FakeRefund = {
    id: razorpayId("rfnd"),
    entity: "refund",
    amount,
    currency: payment.currency,
    payment_id: payment.id,
    notes: notesOf(body?.notes),
    receipt: null,
    acquirer_data: { arn: null },
    created_at: seconds(),
    batch_id: null,
    status: "processed",
    speed_processed: "normal",
    speed_requested: "normal",
  };
  refunds.set(payment.id, [...(refunds.get(payment.id) ?? []), entity]);
  payment.amount_refunded += amount;
  payment.refund_status = payment.amount_refunded === payment.amount ? "full" : "partial";
  if (payment.amount_refunded === payment.amount) payment.status = "refunded";
  return Response.json(entity);
}

/** Stands in for a buyer paying (or failing to pay) through Checkout. */
async function addPayment(order: FakeOrder, request: Request): Promise<Response> {
  const input = (await readJson(request)) as FakePaymentInput | null;
  if (!input || !["created", "authorized", "captured", "failed"].includes(input.status)) {
    return razorpayError(400, "status must be created, authorized, captured or failed");
  }
  const failed = input.status === "failed";
  const payment: FakePayment = {
    id: razorpayId("pay"),
    entity: "payment",
    amount: input.amount ?? order.amount,
    currency: input.currency ?? order.currency,
    status: input.status,
    order_id: order.id,
    invoice_id: null,
    international: false,
    method: "card",
    amount_refunded: 0,
    refund_status: null,
    captured: input.status === "captured",
    description: null,
    card_id: "card_FakeCard0000001",
    bank: null,
    wallet: null,
    vpa: null,
    email: "learner@example.com",
    contact: "+919900000000",
    notes: order.notes,
    fee: input.status === "captured" ? Math.round((input.amount ?? order.amount) * 0.02) : null,
    tax: input.status === "captured" ? 0 : null,
    error_code: failed ? "BAD_REQUEST_ERROR" : null,
    error_description: failed ? "Payment processing failed because of incorrect OTP" : null,
    error_source: failed ? "customer" : null,
    error_step: failed ? "payment_authentication" : null,
    error_reason: failed ? "incorrect_otp" : null,
    acquirer_data: { auth_code: failed ? null : "123456" },
    created_at: seconds(),
  };
  payments.set(payment.id, payment);
  if (input.failCapture) failingCaptures.add(payment.id);
  order.attempts += 1;
  if (payment.status === "captured") markPaid(order, payment);
  else if (order.status === "created") order.status = "attempted";
  return Response.json(payment);
}

export async function fakeRazorpay(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, "");
  const method = request.method;

  // The buyer's side (not Razorpay's API).
  if (path === "/_fake/requests" && method === "GET") return Response.json(requests);
  const fakePayment = /^\/_fake\/payments\/([^/]+)$/.exec(path);
  if (fakePayment && method === "GET") {
    const payment = payments.get(fakePayment[1]!);
    return payment
      ? Response.json({ ...payment, refunds: refunds.get(payment.id) ?? [] })
      : notFound();
  }
  const fakePay = /^\/_fake\/orders\/([^/]+)\/payments$/.exec(path);
  if (fakePay && method === "POST") {
    const order = orders.get(fakePay[1]!);
    return order ? addPayment(order, request) : notFound();
  }

  requests.push({ method, path });
  if (!authorized(request)) {
    return razorpayError(401, "Authentication failed", { code: "BAD_REQUEST_ERROR" });
  }
  if (path === "/v1/orders" && method === "POST") return createOrder(request);

  const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path);
  if (orderPayments && method === "GET") {
    const order = orders.get(orderPayments[1]!);
    if (!order) return notFound();
    const items = [...payments.values()]
      .filter((payment) => payment.order_id === order.id)
      .sort((a, b) => b.created_at - a.created_at);
    return Response.json({ entity: "collection", count: items.length, items });
  }
  const orderOne = /^\/v1\/orders\/([^/]+)$/.exec(path);
  if (orderOne && method === "GET") {
    const order = orders.get(orderOne[1]!);
    return order ? Response.json(order) : notFound();
  }
  const captureOne = /^\/v1\/payments\/([^/]+)\/capture$/.exec(path);
  if (captureOne && method === "POST") {
    const payment = payments.get(captureOne[1]!);
    return payment ? capture(payment, await readJson(request)) : notFound();
  }
  const refundOne = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path);
  if (refundOne && method === "POST") {
    const payment = payments.get(refundOne[1]!);
    return payment ? refund(payment, await readJson(request)) : notFound();
  }
  const paymentOne = /^\/v1\/payments\/([^/]+)$/.exec(path);
  if (paymentOne && method === "GET") {
    const payment = payments.get(paymentOne[1]!);
    return payment ? Response.json(payment) : notFound();
  }
  return razorpayError(400, "The requested URL was not found on the server.", {
    code: "BAD_REQUEST_ERROR",
  });
}
