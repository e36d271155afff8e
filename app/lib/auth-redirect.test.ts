import { describe, expect, it } from "vitest";
import { KNOWN_BYPASSES } from "../../tests/support/return-paths";
import { loginPathFor, safeRedirectPath, sameSitePath } from "./auth-redirect";

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
      "/Login",
      "/register?x=1",
      "/verify-email",
      "/api/auth/logout",
      "/auth/google",
      "/\u0000evil",
      null,
      42,
    ]) {
      expect(safeRedirectPath(value), String(value)).toBe("/");
    }
  });

  it("refuses the known ways of turning a path into another site, once a browser has read it", () => {
    for (const value of KNOWN_BYPASSES) {
      expect(sameSitePath(value), JSON.stringify(value)).toBeNull();
      expect(safeRedirectPath(value), JSON.stringify(value)).toBe("/");
      expect(loginPathFor(value), JSON.stringify(value)).toBe("/login");
    }
  });

  it("hands back the path as a browser will read it: dot segments resolved, escapes kept", () => {
    expect(safeRedirectPath("/flashcards/../chatbot")).toBe("/chatbot");
    expect(safeRedirectPath("/a/./b/../c")).toBe("/a/c");
    expect(safeRedirectPath("/chat-history?q=a%2Fb")).toBe("/chat-history?q=a%2Fb");
    expect(safeRedirectPath("/plans?next=//evil.example")).toBe("/plans?next=//evil.example");
    expect(safeRedirectPath("/notes/100%25")).toBe("/notes/100%25");
  });

  it("builds login links that come back", () => {
    expect(loginPathFor("/account?tab=1")).toBe("/login?redirectTo=%2Faccount%3Ftab%3D1");
    expect(loginPathFor("/")).toBe("/login");
    expect(loginPathFor("//evil.example")).toBe("/login");
  });
});
