import { describe, expect, it } from "vitest";
import { formatRupees } from "./plans";

describe("formatRupees", () => {
  it("shows whole rupees bare and paise always with two digits", () => {
    expect(formatRupees(49_900)).toBe("₹499");
    expect(formatRupees(249_900)).toBe("₹2,499");
    expect(formatRupees(12_345)).toBe("₹123.45");
    expect(formatRupees(49_980)).toBe("₹499.80");
    expect(formatRupees(199_920)).toBe("₹1,999.20");
    expect(formatRupees(100)).toBe("₹1");
    expect(formatRupees(0)).toBe("₹0");
  });
});
