import { describe, expect, it } from "vitest";
import { paymentReturn } from "./access-refresh";

const home = (search = "") => new URL(`https://medmentor.in/${search}`);

describe("arriving on the home page after a payment", () => {
  it("from the payment and plan ids in the address", () => {
    expect(paymentReturn(home("?payment_id=pay_ABC123&plan_id=plus"), null)).toEqual({
      paymentId: "pay_ABC123",
      planId: "plus",
      confirmedAlready: false,
    });
  });

  it("needs both ids in the address", () => {
    expect(paymentReturn(home("?payment_id=pay_ABC123"), null)).toBeNull();
    expect(paymentReturn(home("?plan_id=plus"), null)).toBeNull();
  });

  it("from this site's payment-success page (which confirmed the plan already) or plans page", () => {
    expect(
      paymentReturn(home(), "https://medmentor.in/payment-success?payment_id=pay_X1&plan_id=pro"),
    ).toEqual({ paymentId: "pay_X1", planId: "pro", confirmedAlready: true });
    expect(
      paymentReturn(home(), "https://medmentor.in/payment-success?razorpay_payment_id=pay_R2"),
    ).toEqual({ paymentId: "pay_R2", planId: null, confirmedAlready: true });
    expect(paymentReturn(home(), "https://medmentor.in/plans")).toEqual({
      paymentId: null,
      planId: null,
      confirmedAlready: false,
    });
  });

  it("not from other pages, other sites or a malformed referrer", () => {
    expect(paymentReturn(home(), "https://medmentor.in/about")).toBeNull();
    expect(paymentReturn(home(), "https://evil.example/payment-success")).toBeNull();
    expect(paymentReturn(home(), "not a url")).toBeNull();
    expect(paymentReturn(home(), null)).toBeNull();
  });
});
