/**
 * The plans, payment-result and local test-checkout pages through the real
 * worker, as a browser without JavaScript (and the provider's hosted
 * checkout) uses them: plain form posts, the offline gateway standing in for
 * Razorpay with the same signatures and webhooks.
 */
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "~/db/client.server";
import { paymentOrders, subscriptions } from "~/db/schema";
import { PAYMENT_MESSAGES } from "~/lib/payment-messages";
import { formatRupees } from "~/lib/plans";
import { priceFor, PROMO_MESSAGES } from "~/lib/pricing";
import { apiLogin, call, cookiesFrom, makeUser } from "../../tests/support/auth";
import { buyPlanThroughApi, makePromo, offlineGateway } from "../../tests/support/payments";
import worker from "../../workers/app";

vi.setConfig({ testTimeout: 30_000 });

const escaped = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

function postPage(path: string, fields: Record<string, string>, token?: string, cookie?: string) {
  return call(path, {
    method: "POST",
    rawBody: form(fields),
    token,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

async function learner() {
  const user = await makeUser();
  return { user, token: await apiLogin(user.email, user.plainPassword) };
}

/** Subscribe on /plans without JavaScript; returns the hosted-checkout form's fields. */
async function subscribe(token: string, planId: string, promoCode = "") {
  const response = await postPage("/plans", { intent: "subscribe", planId, promoCode }, token);
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain("Continue to secure payment");
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
      ([, name, value]) => [name!, value!.replace(/&amp;/g, "&")],
    ),
  );
  expect(html).toContain('action="/dev/checkout"');
  return fields;
}

async function waitFor<T>(read: () => Promise<T | undefined | null>, what: string): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const value = await read();
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe("/plans without JavaScript", () => {
  it("sends a visitor's post to log in", async () => {
    const response = await postPage("/plans", { intent: "subscribe", planId: "plus" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fplans");
  });

  it("answers Apply with the spec's messages and the server's prices", async () => {
    const { token } = await learner();
    const blank = await postPage(
      "/plans",
      { intent: "apply-promo", planId: "plus", promoCode: " " },
      token,
    );
    expect(blank.status).toBe(400);
    expect(await blank.text()).toContain(PROMO_MESSAGES.enterCode);

    const code = await makePromo({ basisPoints: 2000 });
    const noPlan = await postPage("/plans", { intent: "apply-promo", promoCode: code }, token);
    expect(noPlan.status).toBe(400);
    expect(await noPlan.text()).toContain(PROMO_MESSAGES.selectPlan);

    const unknown = await postPage(
      "/plans",
      { intent: "apply-promo", planId: "plus", promoCode: "NOPE-NOT-A-CODE" },
      token,
    );
    expect(unknown.status).toBe(400);
    const unknownHtml = await unknown.text();
    expect(unknownHtml).toContain("Invalid Promo Code");
    expect(unknownHtml).toContain(PROMO_MESSAGES.notValid);

    const applied = await postPage(
      "/plans",
      { intent: "apply-promo", planId: "plus", promoCode: code.toLowerCase() },
      token,
    );
    expect(applied.status).toBe(200);
    const html = await applied.text();
    const price = priceFor("plus", 2000);
    expect(html).toContain("Promo Code Applied");
    expect(html).toContain(`20% off: you save ${formatRupees(price.savingsPaise)}`);
    expect(html).toContain(formatRupees(price.amountPaise));
    // The choice survives the round trip: the plan stays chosen and the code stays in the box.
    const radios = [...html.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => tag);
    expect(radios.filter((tag) => tag.includes('checked=""'))).toEqual([
      expect.stringContaining('value="plus"'),
    ]);
    expect(html).toContain(`value="${code}"`);
  });

  it("Subscribe without a plan asks for one; with one it answers the hosted-checkout form", async () => {
    const { user, token } = await learner();
    const none = await postPage("/plans", { intent: "subscribe" }, token);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(PAYMENT_MESSAGES.selectPlan);

    const code = await makePromo({ basisPoints: 1000 });
    const fields = await subscribe(token, "pro", code);
    expect(fields.key_id).toBe("offline_test_key");
    expect(fields.order_id).toMatch(/^order_/);
    expect(fields.amount).toBe(String(priceFor("pro", 1000).amountPaise));
    expect(fields["prefill[email]"]).toBe(user.email);
    expect(fields.callback_url).toBe(
      `http://localhost/payment-success?plan_id=pro&promo_code=${code}`,
    );
    // Cancel names the order, so closing the checkout closes the order and frees its promo use.
    expect(fields.cancel_url).toBe(
      `http://localhost/payment-cancelled?order_id=${fields.order_id}`,
    );
    const [order] = await createDb(env.DB)
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, fields.order_id!));
    expect(order).toMatchObject({
      userId: user.id,
      planId: "pro",
      promoCode: code,
      status: "created",
    });
  });

  it("a 100 % code gives the plan at once, with no checkout", async () => {
    const { user, token } = await learner();
    const code = await makePromo({ basisPoints: 10_000 });
    const response = await postPage(
      "/plans",
      { intent: "subscribe", planId: "starter", promoCode: code },
      token,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe(
      `/payment-success?plan_id=starter&promo_code=${code}&status=success`,
    );
    const rows = await createDb(env.DB)
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    const page = await call(response.headers.get("Location")!, { token });
    const html = await page.text();
    expect(html).toContain("Subscription activated");
    expect(html).toContain("Starter");
  });
});

describe("the hosted test checkout and /payment-success", () => {
  it("Pay posts the signed result back; the server verifies it without the session cookie", async () => {
    const { user, token } = await learner();
    const fields = await subscribe(token, "plus");
    const opened = await postPage("/dev/checkout", fields);
    expect(opened.status).toBe(200);
    const page = await opened.text();
    expect(page).toContain("Test mode — no money moves");
    expect(page).toContain(formatRupees(priceFor("plus").amountPaise));

    const paid = await postPage("/dev/checkout", { ...fields, intent: "pay" });
    const html = await paid.text();
    const value = (name: string) =>
      new RegExp(`name="${name.replace(/[[\]]/g, "\\$&")}" value="([^"]+)"`).exec(html)?.[1];
    const result = {
      razorpay_payment_id: value("razorpay_payment_id")!,
      razorpay_order_id: value("razorpay_order_id")!,
      razorpay_signature: value("razorpay_signature")!,
    };
    expect(result.razorpay_order_id).toBe(fields.order_id);
    expect(html).toContain('action="/payment-success?plan_id=plus"');

    // A forged signature is refused, and nothing is granted.
    const forged = await postPage("/payment-success?plan_id=plus", {
      ...result,
      razorpay_signature: "0".repeat(64),
    });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("Location")).toBe("/plans");

    // The real one, posted as the provider's site posts it: no cookie, no token.
    const verified = await postPage("/payment-success?plan_id=plus", result);
    expect(verified.status).toBe(303);
    expect(verified.headers.get("Location")).toBe(
      `/payment-success?payment_id=${result.razorpay_payment_id}&plan_id=plus&status=success`,
    );
    const rows = await createDb(env.DB)
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ planId: "plus", paymentId: result.razorpay_payment_id });

    const success = await call(verified.headers.get("Location")!, {
      token,
      headers: { Cookie: cookiesFrom(verified) },
    });
    const successHtml = await success.text();
    expect(successHtml).toContain("Payment successful");
    expect(successHtml).toContain("Payment Successful");
    expect(successHtml).toContain("Test mode: no real money was charged.");
    expect(successHtml).toContain(result.razorpay_payment_id);
    expect(successHtml).toContain("Active");

    // Posting the same result again changes nothing.
    const again = await postPage("/payment-success?plan_id=plus", result);
    expect(again.status).toBe(303);
    expect(
      await createDb(env.DB).select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toHaveLength(1);
  });

  it("takes the hosted checkout's return from Razorpay's own site, trusted by the signature", async () => {
    const { user, token } = await learner();
    const fields = await subscribe(token, "starter");
    const html = await (await postPage("/dev/checkout", { ...fields, intent: "pay" })).text();
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
    const result = {
      razorpay_payment_id: value("razorpay_payment_id")!,
      razorpay_order_id: value("razorpay_order_id")!,
      razorpay_signature: value("razorpay_signature")!,
    };
    const fromRazorpay = (fields: Record<string, string>) =>
      call("/payment-success?plan_id=starter", {
        method: "POST",
        rawBody: form(fields),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "https://api.razorpay.com",
          "Sec-Fetch-Site": "cross-site",
        },
      });

    const forged = await fromRazorpay({ ...result, razorpay_signature: "0".repeat(64) });
    expect(forged.status).toBe(303);
    expect(forged.headers.get("Location")).toBe("/plans");

    const verified = await fromRazorpay(result);
    expect(verified.status).toBe(303);
    expect(verified.headers.get("Location")).toBe(
      `/payment-success?payment_id=${result.razorpay_payment_id}&plan_id=starter&status=success`,
    );
    const rows = await createDb(env.DB)
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows.map((row) => row.paymentId)).toEqual([result.razorpay_payment_id]);

    // Every other page still refuses posts from another site.
    const plans = await call("/plans", {
      method: "POST",
      rawBody: form({ intent: "subscribe", planId: "plus" }),
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://api.razorpay.com",
      },
    });
    expect(plans.status).toBe(403);
  });

  it("the provider's failure callback and a malformed post lead back to the plans with Payment Failed", async () => {
    const failure = await postPage("/payment-success?plan_id=plus", {
      "error[code]": "BAD_REQUEST_ERROR",
      "error[description]": "Payment failed",
      "error[metadata]": '{"order_id":"order_ABCDEF1234","payment_id":"pay_ABCDEF1234"}',
    });
    expect(failure.status).toBe(303);
    expect(failure.headers.get("Location")).toBe("/plans");
    expect(cookiesFrom(failure)).toContain("mm_toast=");

    const malformed = await postPage("/payment-success", { razorpay_payment_id: "nope" });
    expect(malformed.status).toBe(303);
    expect(malformed.headers.get("Location")).toBe("/plans");
  });

  it("Cancel goes to cancel_url; Fail records the failure through the webhook", async () => {
    const { token } = await learner();
    const fields = await subscribe(token, "starter");
    const cancelled = await postPage("/dev/checkout", { ...fields, intent: "cancel" });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get("Location")).toBe(
      `/payment-cancelled?order_id=${fields.order_id}`,
    );

    const failed = await postPage("/dev/checkout", { ...fields, intent: "fail" });
    expect(await failed.text()).toContain("Payment failed");
    const order = await waitFor(async () => {
      const [row] = await createDb(env.DB)
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerOrderId, fields.order_id!));
      return row?.status === "failed" ? row : null;
    }, "the payment.failed webhook");
    expect(order.failureReason).toContain("test checkout");
  });

  it("paying an order after its window takes no money, and the success page says so", async () => {
    const { user, token } = await learner();
    const fields = await subscribe(token, "plus");
    // Thirty-one minutes later (the window is thirty).
    const past = new Date(Date.now() - 60_000);
    await createDb(env.DB)
      .update(paymentOrders)
      .set({ createdAt: new Date(Date.now() - 31 * 60_000), expiresAt: past })
      .where(eq(paymentOrders.providerOrderId, fields.order_id!));

    const paid = await postPage("/dev/checkout", { ...fields, intent: "pay" });
    const html = await paid.text();
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
    const result = {
      razorpay_payment_id: value("razorpay_payment_id")!,
      razorpay_order_id: value("razorpay_order_id")!,
      razorpay_signature: value("razorpay_signature")!,
    };
    const verified = await postPage("/payment-success?plan_id=plus", result);
    expect(verified.status).toBe(303);
    const location = verified.headers.get("Location")!;
    expect(location).toBe(
      `/payment-success?payment_id=${result.razorpay_payment_id}&plan_id=plus&status=failed`,
    );
    const page = await (await call(location, { token })).text();
    expect(page).toContain("Payment refunded");
    expect(page).toContain(escaped("This order had expired, so we refunded the payment in full."));
    expect(page).not.toContain("Everything in your plan is unlocked now");
    // The provider holds the payment refunded, and no plan was started.
    expect((await offlineGateway().fetchPayment(result.razorpay_payment_id))?.status).toBe(
      "refunded",
    );
    expect(
      await createDb(env.DB).select().from(subscriptions).where(eq(subscriptions.userId, user.id)),
    ).toHaveLength(0);
  });

  async function payHosted(fields: Record<string, string>, planId: string, token: string) {
    const paid = await postPage("/dev/checkout", { ...fields, intent: "pay" });
    const html = await paid.text();
    const value = (name: string) => new RegExp(`name="${name}" value="([^"]+)"`).exec(html)?.[1];
    const verified = await postPage(`/payment-success?plan_id=${planId}`, {
      razorpay_payment_id: value("razorpay_payment_id")!,
      razorpay_order_id: value("razorpay_order_id")!,
      razorpay_signature: value("razorpay_signature")!,
    });
    expect(verified.status).toBe(303);
    return (await call(verified.headers.get("Location")!, { token })).text();
  }

  it("a lower plan bought while another runs is said to start when the current one ends, not to be unlocked now", async () => {
    const { token } = await learner();
    await buyPlanThroughApi(token, "plus");
    const fields = await subscribe(token, "starter");
    const page = await payHosted(fields, "starter", token);
    expect(page).toMatch(
      /Your MedMentor Starter plan starts on [^<]+, when your current plan ends\./,
    );
    expect(page).not.toContain("Everything in your plan is unlocked now");
  });

  it("an upgrade shows its credit before paying, starts at once and says what it replaced", async () => {
    const { token } = await learner();
    await buyPlanThroughApi(token, "starter");
    // The order summary quotes the credit before the learner subscribes.
    const plans = await (await call("/plans?plan=plus", { token })).text();
    expect(plans).toContain('data-testid="upgrade-credit"');
    expect(plans).toMatch(/Credit for your unused Starter plan \((29|30|31) days left\)/);
    expect(plans).toContain("Plus starts as soon as you pay and replaces your Starter plan");

    const response = await postPage("/plans", { intent: "subscribe", planId: "plus" }, token);
    const step = await response.text();
    expect(step).toContain("Credit for the unused part of your current plan");
    const amount = Number(/name="amount" value="(\d+)"/.exec(step)?.[1]);
    // Almost all of the ₹499 Starter month is unused: Plus costs about ₹2,000.
    expect(amount).toBeGreaterThan(249_900 - 49_900);
    expect(amount).toBeLessThan(249_900 - 48_000);

    const fields = await subscribe(token, "plus");
    const page = await payHosted(fields, "plus", token);
    expect(page).toMatch(
      /Welcome to MedMentor Plus\. It replaces your Starter plan from today, and everything in Plus is unlocked now\. The unused part of your Starter plan, ₹4\d\d(\.\d\d)?, was taken off the price\./,
    );
    const me = await call("/api/payments/subscription/status", { token });
    expect(((await me.json()) as { subscription: { planId: string } }).subscription.planId).toBe(
      "plus",
    );
  });

  it("refuses addresses off this site and unknown orders", async () => {
    const { token } = await learner();
    const fields = await subscribe(token, "starter");
    const offsite = await postPage("/dev/checkout", {
      ...fields,
      callback_url: "https://evil.example/steal",
    });
    expect(offsite.status).toBe(400);
    const unknown = await postPage("/dev/checkout", { ...fields, order_id: "order_doesnotexist1" });
    expect(unknown.status).toBe(404);
  });

  it("GET with a captured payment id this account was not granted for yet confirms it with the provider", async () => {
    const { user, token } = await learner();
    const fields = await subscribe(token, "starter");
    // Captured at the provider, but no result or webhook has reached us.
    const simulated = await offlineGateway().simulate(fields.order_id!, "pay");
    const paymentId = simulated!.payment.id;
    const page = await call(`/payment-success?razorpay_payment_id=${paymentId}&plan_id=starter`, {
      token,
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Payment successful");
    expect(html).toContain(paymentId);
    const rows = await createDb(env.DB)
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, user.id));
    expect(rows.map((row) => row.paymentId)).toEqual([paymentId]);

    // Someone else's payment id is not theirs to claim.
    const other = await learner();
    const stranger = await call(`/payment-success?payment_id=${paymentId}&plan_id=starter`, {
      token: other.token,
    });
    expect(await stranger.text()).toContain(escaped(PAYMENT_MESSAGES.orderNotFound));
  });

  it("/dev/checkout.json pays, and the webhook alone grants the plan", async () => {
    const { user, token } = await learner();
    const fields = await subscribe(token, "pro");
    const bad = await call("/dev/checkout.json", {
      body: { order_id: fields.order_id, outcome: "steal" },
    });
    expect(bad.status).toBe(400);
    const notJson = await postPage("/dev/checkout.json", {
      order_id: fields.order_id!,
      outcome: "pay",
    });
    expect(notJson.status).toBe(415);

    const paid = await call("/dev/checkout.json", {
      body: { order_id: fields.order_id, outcome: "pay" },
    });
    expect(paid.status).toBe(200);
    const body = (await paid.json()) as { ok: boolean; result: { razorpay_payment_id: string } };
    expect(body.ok).toBe(true);
    const row = await waitFor(async () => {
      const [subscription] = await createDb(env.DB)
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.userId, user.id));
      return subscription;
    }, "the webhook's grant");
    expect(row).toMatchObject({ planId: "pro", paymentId: body.result.razorpay_payment_id });

    const twice = await call("/dev/checkout.json", {
      body: { order_id: fields.order_id, outcome: "pay" },
    });
    expect(twice.status).toBe(409);
  });
});

describe("the local test checkout outside local mode", () => {
  it("answers 404 on every /dev/checkout path", async () => {
    const production = { APP_ENV: "production", SESSION_SECRET: "p".repeat(40) } as Partial<Env>;
    for (const [path, init] of [
      ["/dev/checkout", undefined],
      ["/dev/checkout.js", undefined],
      ["/dev/checkout?order_id=order_x", undefined],
      [
        "/dev/checkout.json",
        { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" },
      ],
      [
        "/dev/checkout",
        {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=pay",
        },
      ],
    ] as const) {
      const ctx = createExecutionContext();
      const response = await worker.fetch(
        new Request(`http://localhost${path}`, init) as Request<
          unknown,
          IncomingRequestCfProperties
        >,
        { ...env, ...production },
        ctx,
      );
      await waitOnExecutionContext(ctx);
      expect(response.status, path).toBe(404);
    }
  });

  it("lets Razorpay's Checkout run under the page's CSP, and nothing broader", async () => {
    const csp = (await call("/plans")).headers.get("Content-Security-Policy") ?? "";
    const directive = (name: string) =>
      csp
        .split(";")
        .map((part) => part.trim())
        .find((part) => part.startsWith(`${name} `)) ?? "";
    // A visitor's /plans is shared from the edge cache: its inline scripts are allowed by hash.
    expect(directive("script-src")).toMatch(
      /^script-src 'self' (?:'nonce-[^']+'|(?:'sha256-[^']+' )+)https:\/\/checkout\.razorpay\.com$/,
    );
    // Host sources only count for inserted scripts while the policy has no 'strict-dynamic'.
    expect(csp).not.toContain("strict-dynamic");
    expect(directive("frame-src")).toBe(
      "frame-src https://api.razorpay.com https://checkout.razorpay.com",
    );
    expect(directive("connect-src")).toBe(
      "connect-src 'self' https://lumberjack.razorpay.com https://api.razorpay.com",
    );
    expect(directive("form-action")).toBe("form-action 'self' https://api.razorpay.com");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("serves the stand-in script in local mode", async () => {
    const response = await call("/dev/checkout.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/javascript");
    expect(await response.text()).toContain("window.Razorpay = Razorpay");
  });
});
