import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Viewer } from "~/lib/viewer";
import { NavBar } from "./nav-bar";

function render(viewer: Viewer) {
  const Stub = createRemixStub([{ path: "/", Component: () => <NavBar viewer={viewer} /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

const user = {
  id: "u1",
  firstName: "Ananya",
  lastName: "Rao",
  email: "ananya@example.com",
  role: "learner" as const,
};

/** The text nodes a reader meets, in order (React's <!-- --> separators removed). */
const texts = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, "\n")
    .split("\n")
    .map((text) => text.trim())
    .filter(Boolean);

describe("navigation bar", () => {
  // The router stub uses layout effects, which React reports when rendering on the server.
  beforeAll(() => {
    const original = console.error;
    vi.spyOn(console, "error").mockImplementation((message: unknown, ...rest: unknown[]) => {
      if (!String(message).includes("useLayoutEffect does nothing on the server"))
        original(message, ...rest);
    });
  });
  afterAll(() => vi.restoreAllMocks());

  it("offers visitors the public links with Login and Register", () => {
    const html = render({ status: "anonymous" });
    for (const label of [
      "Home",
      "About Us",
      "Our Features",
      "Support",
      "Contact Us",
      "Login",
      "Register",
    ]) {
      expect(texts(html)).toContain(label);
    }
    expect(html).not.toContain("Clinical Quizzes");
    expect(html).not.toContain("Logout");
  });

  it("shows signed-in users without plan or trial the public links and Choose Plan", () => {
    const html = render({ status: "authenticated", user, access: { type: "none" } });
    expect(texts(html)).toContain("About Us");
    expect(html).not.toContain("Clinical Simulations");
    expect(texts(html)).toContain("Choose Plan");
    expect(texts(html)).toContain("Logout");
    expect(texts(html)).toContain("Ananya Rao");
    expect(texts(html)).toContain("ananya@example.com");
    expect(texts(html)).not.toContain("Login");
  });

  it("shows trial users the member links, the Free Trial Active box and Upgrade to Pro", () => {
    const html = render({
      status: "authenticated",
      user,
      access: {
        type: "trial",
        trial: {
          totalUsed: 7,
          totalLimit: 20,
          daysRemaining: 12,
          percentageUsed: 35,
          remaining: { chatMessages: 2, clinicalQuizzes: 4, flashcards: 5, clinicalSimulations: 2 },
        },
      },
    });
    for (const label of [
      "Chat with AI Mentor",
      "Clinical Simulations",
      "Clinical Quizzes",
      "Flashcards",
    ]) {
      expect(texts(html)).toContain(label);
    }
    expect(html).not.toContain("About Us");
    expect(texts(html)).toContain("Free Trial Active");
    expect(texts(html)).toContain("Features used");
    expect(texts(html)).toContain("7 of 20 uses");
    expect(texts(html)).toContain("12 days left");
    expect(html).toContain('role="progressbar"');
    expect(html).toContain('aria-valuenow="7"');
    expect(html).toContain('aria-valuemax="20"');
    expect(html).toContain('aria-valuetext="7 of 20 uses"');
    expect(html).toMatch(/<a[^>]*href="\/plans"[^>]*>Upgrade to Pro<\/a>/);
    expect(texts(html)).toContain("Upgrade to Pro");
    expect(texts(html)).not.toContain("Choose Plan");
  });

  it("shows subscribers Your Flashcards and no trial box", () => {
    const html = render({
      status: "authenticated",
      user,
      access: {
        type: "subscription",
        subscription: {
          planId: "plus",
          planName: "Plus",
          endDate: "2027-05-01T00:00:00.000Z",
          daysRemaining: 160,
          status: "active",
        },
      },
    });
    expect(texts(html)).toContain("Your Flashcards");
    expect(texts(html)).toContain("Plus plan");
    expect(texts(html).some((text) => text.startsWith("160 days left · until"))).toBe(true);
    expect(html).not.toContain("Free Trial Active");
    expect(texts(html)).not.toContain("Choose Plan");
    expect(texts(html)).toContain("Ananya");
  });

  it("lists the study tools for members, with what is left of today's plan", () => {
    const html = render({
      status: "authenticated",
      user,
      access: {
        type: "subscription",
        subscription: {
          planId: "plus",
          planName: "Plus",
          endDate: "2027-05-01T00:00:00.000Z",
          daysRemaining: 160,
          status: "active",
        },
      },
      today: { total: 5, done: 2 },
    });
    for (const href of ["/practice", "/progress", "/planner"]) {
      expect(html).toContain(`href="${href}"`);
    }
    expect(texts(html)).toContain("Study");
    expect(texts(html)).toContain("3");
    expect(texts(html)).toContain("tasks left today");
    expect(texts(html)).toContain("2 of 5 done today");
    // Visitors get none of them.
    const visitor = render({ status: "anonymous" });
    expect(visitor).not.toContain('href="/practice"');
    expect(visitor).not.toContain("Study");
  });

  it("tells a subscriber who cancelled how long access runs", () => {
    const html = render({
      status: "authenticated",
      user,
      access: {
        type: "subscription",
        subscription: {
          planId: "starter",
          planName: "Starter",
          endDate: "2027-01-15T00:00:00.000Z",
          daysRemaining: 3,
          status: "cancelled",
        },
      },
    });
    expect(texts(html)).toContain("Cancelled · access until 15 Jan 2027");
  });

  it("mirrors the account menu in the mobile menu", () => {
    const html = render({
      status: "authenticated",
      user,
      access: {
        type: "trial",
        trial: {
          totalUsed: 0,
          totalLimit: 20,
          daysRemaining: 30,
          percentageUsed: 0,
          remaining: { chatMessages: 5, clinicalQuizzes: 5, flashcards: 5, clinicalSimulations: 5 },
        },
      },
    });
    // One trial box in the desktop account menu, one in the mobile menu.
    expect(html.match(/data-testid="trial-box"/g)).toHaveLength(2);
    expect(texts(html).filter((text) => text === "0 of 20 uses")).toHaveLength(2);
    expect(texts(html).filter((text) => text === "Logout")).toHaveLength(2);
  });
});
