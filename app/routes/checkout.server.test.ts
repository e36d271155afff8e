import { describe, expect, it } from "vitest";
import type { PaymentGateway } from "~/integrations/payments/types";
import {
  checkoutConfig,
  plansReturnPath,
  readCheckoutCallback,
  readPaymentParams,
  sameSiteUrl,
} from "./checkout.server";
import { offlineGateway } from "../../tests/support/payments";
import { KNOWN_BYPASSES } from "../../tests/support/return-paths";

function razorpayLike(keyId: string): PaymentGateway {
  return {
    ...offlineGateway(),
    provider: "razorpay",
    keyId,
    testMode: keyId.startsWith("rzp_test_"),
    checkout: {
      scriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
      hostedUrl: "https://api.razorpay.com/v1/checkout/embedded",
    },
  };
}

function formOf(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the plans page's configuration check", () => {
  it("offers payment only with a key of the provider's shape", () => {
    expect(checkoutConfig(null)).toEqual({ ready: false, provider: null, testMode: false });
    expect(checkoutConfig(offlineGateway())).toMatchObject({
      ready: true,
      provider: "offline",
      testMode: true,
      scriptUrl: "/dev/checkout.js",
    });
    expect(checkoutConfig(razorpayLike("rzp_test_abc123"))).toMatchObject({
      ready: true,
      testMode: true,
      scriptUrl: "https://checkout.razorpay.com/v1/checkout.js",
    });
    expect(checkoutConfig(razorpayLike("rzp_live_abc123"))).toMatchObject({
      ready: true,
      testMode: false,
    });
    expect(checkoutConfig(razorpayLike("pk_live_abc123")).ready).toBe(false);
    expect(checkoutConfig({ ...offlineGateway(), keyId: "rzp_test_x" }).ready).toBe(false);
  });
});

describe("where Continue leads from the plans page", () => {
  const at = (path: string, referer?: string) =>
    plansReturnPath(
      new Request(`https://medmentor.in${path}`, { headers: referer ? { Referer: referer } : {} }),
    );

  it("takes `from`, else a same-site referrer, else /", () => {
    expect(at("/plans?from=/flashcards")).toBe("/flashcards");
    expect(at("/plans?redirectTo=%2Fchatbot%3Ffunction%3DstudyHelp")).toBe(
      "/chatbot?function=studyHelp",
    );
    expect(at("/plans", "https://medmentor.in/clinical-quizzes")).toBe("/clinical-quizzes");
    expect(at("/plans")).toBe("/");
  });

  it("never leaves the site or goes back into the payment or sign-in pages", () => {
    expect(at("/plans?from=//evil.example")).toBe("/");
    expect(at("/plans?from=https://evil.example/x")).toBe("/");
    expect(at("/plans", "https://evil.example/page")).toBe("/");
    expect(at("/plans?from=/payment-success?payment_id=pay_1")).toBe("/");
    expect(at("/plans", "https://medmentor.in/plans")).toBe("/");
    expect(at("/plans?from=/login")).toBe("/");
    expect(at("/plans?from=/dev/checkout")).toBe("/");
    expect(at("/plans?from=%2F..%2F%2Fevil.example")).toBe("/");
    for (const value of KNOWN_BYPASSES) {
      expect(at(`/plans?${new URLSearchParams({ from: value })}`), JSON.stringify(value)).toBe("/");
    }
  });
});

describe("reading what returns to /payment-success", () => {
  it("reads the address defensively", () => {
    const read = (query: string) => readPaymentParams(new URLSearchParams(query));
    expect(read("payment_id=pay_ABC123def&plan_id=plus&promo_code=exam20&status=success")).toEqual({
      paymentId: "pay_ABC123def",
      planId: "plus",
      promoCode: "EXAM20",
      status: "success",
    });
    expect(read("razorpay_payment_id=pay_ABC123def").paymentId).toBe("pay_ABC123def");
    expect(read("plan_id=gold&payment_id=<script>&status=weird&promo_code=a b")).toEqual({
      paymentId: null,
      planId: "starter",
      promoCode: null,
      status: null,
    });
    expect(read("").planId).toBe("starter");
  });

  it("tells Checkout's signed result from its failure and from junk", () => {
    expect(
      readCheckoutCallback(
        formOf({
          razorpay_payment_id: "pay_ABC123def",
          razorpay_order_id: "order_XYZ987",
          razorpay_signature: "a".repeat(64),
        }),
      ),
    ).toEqual({
      kind: "result",
      paymentId: "pay_ABC123def",
      orderId: "order_XYZ987",
      signature: "a".repeat(64),
    });
    expect(
      readCheckoutCallback(
        formOf({
          "error[code]": "BAD_REQUEST_ERROR",
          "error[description]": "Card declined",
          "error[metadata]": '{"order_id":"order_XYZ987","payment_id":"pay_ABC123def"}',
        }),
      ),
    ).toEqual({ kind: "error", orderId: "order_XYZ987", description: "Card declined" });
    expect(
      readCheckoutCallback(
        formOf({
          razorpay_payment_id: "pay_ABC123def",
          razorpay_order_id: "order_XYZ987; DROP",
          razorpay_signature: "a",
        }),
      ).kind,
    ).toBe("malformed");
    expect(readCheckoutCallback(formOf({})).kind).toBe("malformed");
  });

  it("keeps the test checkout's return addresses on this site", () => {
    expect(
      sameSiteUrl("http://localhost:8787/payment-success?plan_id=plus", "http://localhost:8787"),
    ).toBe("/payment-success?plan_id=plus");
    expect(sameSiteUrl("/payment-cancelled", "http://localhost:8787")).toBe("/payment-cancelled");
    expect(sameSiteUrl("https://evil.example/", "http://localhost:8787")).toBeNull();
    expect(sameSiteUrl("//evil.example/", "http://localhost:8787")).toBeNull();
    expect(sameSiteUrl("javascript:alert(1)", "http://localhost:8787")).toBeNull();
    expect(sameSiteUrl(null, "http://localhost:8787")).toBeNull();
    expect(
      sameSiteUrl("http://localhost:8787/..//evil.example", "http://localhost:8787"),
    ).toBeNull();
    for (const value of KNOWN_BYPASSES) {
      expect(sameSiteUrl(value, "http://localhost:8787"), JSON.stringify(value)).toBeNull();
    }
  });
});
