import { describe, expect, it } from "vitest";
import {
  MINIMUM_CHARGE_PAISE,
  withCredit,
  normalizePromoCode,
  percentToBasisPoints,
  priceFor,
} from "./pricing";

describe("priceFor", () => {
  it("charges the catalogue price without a code", () => {
    expect(priceFor("starter")).toEqual({
      originalPaise: 49_900,
      amountPaise: 49_900,
      savingsPaise: 0,
      creditPaise: 0,
    });
    expect(priceFor("pro").amountPaise).toBe(449_900);
  });

  it("takes each tier off in whole paise", () => {
    expect(priceFor("plus", 1000).amountPaise).toBe(224_910);
    expect(priceFor("plus", 2000).amountPaise).toBe(199_920);
    expect(priceFor("plus", 3000).amountPaise).toBe(174_930);
    expect(priceFor("starter", 4000)).toEqual({
      originalPaise: 49_900,
      amountPaise: 29_940,
      savingsPaise: 19_960,
      creditPaise: 0,
    });
  });

  it("rounds half a paisa to the nearest whole one", () => {
    // 4,499 rupees less 99.97 % is 134.97 paise.
    expect(priceFor("pro", 9997).amountPaise).toBe(135);
  });

  it("charges the provider's ₹1 minimum when a discount would go below it", () => {
    // 499 rupees less 99.97 % is 14.97 paise.
    expect(priceFor("starter", 9997)).toEqual({
      originalPaise: 49_900,
      amountPaise: MINIMUM_CHARGE_PAISE,
      savingsPaise: 49_800,
      creditPaise: 0,
    });
  });

  it("makes the plan free only for a full discount", () => {
    expect(priceFor("plus", 10_000)).toEqual({
      originalPaise: 249_900,
      amountPaise: 0,
      savingsPaise: 249_900,
      creditPaise: 0,
    });
  });

  it("refuses a discount outside 0-100 %", () => {
    expect(() => priceFor("plus", -1)).toThrow(RangeError);
    expect(() => priceFor("plus", 10_001)).toThrow(RangeError);
    expect(() => priceFor("plus", 12.5)).toThrow(RangeError);
  });
});

describe("promo code helpers", () => {
  it("converts percentages to basis points exactly", () => {
    expect(percentToBasisPoints(99.97)).toBe(9997);
    expect(percentToBasisPoints(10)).toBe(1000);
    expect(() => percentToBasisPoints(10.005)).toThrow(RangeError);
  });

  it("compares codes upper-case and trimmed", () => {
    expect(normalizePromoCode("  welcome10 ")).toBe("WELCOME10");
  });
});

describe("withCredit", () => {
  it("takes an upgrade's credit off the discounted price", () => {
    expect(withCredit(priceFor("plus", 2000), 33_266)).toEqual({
      originalPaise: 249_900,
      savingsPaise: 49_980,
      creditPaise: 33_266,
      amountPaise: 199_920 - 33_266,
    });
  });

  it("never credits more than the price: a fully covered upgrade is free", () => {
    expect(withCredit(priceFor("plus", 9997), 40_000)).toMatchObject({
      amountPaise: 0,
      creditPaise: 100,
    });
  });

  it("charges the ₹1 minimum when the credit leaves less than that", () => {
    expect(withCredit(priceFor("starter"), 49_850)).toMatchObject({
      amountPaise: MINIMUM_CHARGE_PAISE,
      creditPaise: 49_900 - MINIMUM_CHARGE_PAISE,
    });
  });
});
