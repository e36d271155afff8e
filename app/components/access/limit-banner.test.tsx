import { createRemixStub } from "@remix-run/testing";
import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BUY_SUBSCRIPTION_MESSAGE,
  trialExhaustedMessage,
  WEEK_FULL_MESSAGE,
} from "~/lib/usage-messages";
import { LimitBanner } from "./limit-banner";

function render(message: string, urgent = false) {
  const Stub = createRemixStub([
    { path: "/", Component: () => <LimitBanner message={message} urgent={urgent} /> },
  ]);
  return renderToString(<Stub initialEntries={["/"]} />).replace(/<!-- -->/g, "");
}

const BUY_NOW = /<a[^>]*href="\/plans"[^>]*>Buy Now<\/a>/;

describe("limit banner", () => {
  beforeAll(() => {
    const original = console.error;
    vi.spyOn(console, "error").mockImplementation((message: unknown, ...rest: unknown[]) => {
      if (!String(message).includes("useLayoutEffect does nothing on the server"))
        original(message, ...rest);
    });
  });
  afterAll(() => vi.restoreAllMocks());

  it("offers Buy Now for 'Buy Subscription' wording, with no reset note", () => {
    const html = render(BUY_SUBSCRIPTION_MESSAGE);
    expect(html).toContain(BUY_SUBSCRIPTION_MESSAGE);
    expect(html).toMatch(BUY_NOW);
    expect(html).not.toContain("Resets");
    expect(html).toContain('role="status"');
  });

  it("offers Buy Now when a trial feature is used up", () => {
    expect(render(trialExhaustedMessage("clinicalQuizzes"))).toMatch(BUY_NOW);
  });

  it("says 'Resets weekly' for a week's allowance, with Buy Now to /plans", () => {
    const html = render(WEEK_FULL_MESSAGE);
    expect(html).toContain("Resets weekly");
    expect(html).toMatch(BUY_NOW);
    expect(html).not.toContain("Compare plans");
  });

  it("says 'Resets monthly' for a month's allowance", () => {
    const html = render("This month's simulation usage is full, try again next month.");
    expect(html).toContain("Resets monthly");
    expect(html).not.toContain("Resets weekly");
  });

  it("is an alert after a refused action", () => {
    expect(render(WEEK_FULL_MESSAGE, true)).toContain('role="alert"');
  });
});
