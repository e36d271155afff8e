import { describe, expect, it } from "vitest";
import { loginPathFor, safeRedirectPath } from "./auth-redirect";

describe("safe return paths", () => {
  it("keeps same-site paths with their query and hash", () => {
    expect(safeRedirectPath("/chatbot")).toBe("/chatbot");
    expect(safeRedirectPath("/chatbot?function=studyHelp&sessionId=42#end")).toBe(
      "/chatbot?function=studyHelp&sessionId=42#end",
    );
  });

  it("refuses anything that could leave the site or loop back into sign-in", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%09/evil.example",
      " //evil.example",
      "javascript:alert(1)",
      "evil.example",
      "",
      "/login",
      "/register?x=1",
      "/verify-email",
      "/api/auth/logout",
      "/auth/google",
      "/\u0000evil",
      null,
      42,
    ]) {
      const result = safeRedirectPath(value);
      expect(result, String(value)).toMatch(/^\/(?!\/)/);
      if (typeof value === "string" && !value.startsWith("/%09")) expect(result, value).toBe("/");
    }
  });

  it("builds login links that come back", () => {
    expect(loginPathFor("/account?tab=1")).toBe("/login?redirectTo=%2Faccount%3Ftab%3D1");
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
