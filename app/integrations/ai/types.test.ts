import { describe, expect, it } from "vitest";
import { AiError, isAiError } from "./types";

describe("isAiError", () => {
  it("recognises an AiError made by another copy of the class (the worker's own bundle)", () => {
    class OtherAiError extends Error {
      readonly kind = "busy";
      readonly userMessage = "The mentor is in high demand right now.";
      constructor() {
        super("Gemini answered 429");
        this.name = "AiError";
      }
    }
    expect(isAiError(new AiError("timeout"))).toBe(true);
    expect(isAiError(new OtherAiError())).toBe(true);
  });

  it("does not take other errors for one", () => {
    const unknownKind = Object.assign(new Error("x"), { name: "AiError", kind: "nonsense" });
    expect(isAiError(unknownKind)).toBe(false);
    expect(isAiError(new Error("boom"))).toBe(false);
    expect(isAiError({ name: "AiError", kind: "busy" })).toBe(false);
    expect(isAiError(null)).toBe(false);
  });
});
