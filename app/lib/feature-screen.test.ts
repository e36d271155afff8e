import { describe, expect, it } from "vitest";
import { allowanceText, daysLeftText, trialEndedText } from "./feature-screen";

describe("the guarded screens' wording", () => {
  it("says what is left of a trial feature", () => {
    expect(
      allowanceText("clinicalQuizzes", {
        state: "allowed",
        accessType: "trial",
        used: 1,
        limit: 5,
        remaining: 4,
        daysRemaining: 29,
      }),
    ).toBe("Free trial: 4 of 5 clinical quizzes left");
  });

  it("says what is left of a subscriber's week, or that it is unlimited", () => {
    const subscription = {
      state: "allowed",
      accessType: "subscription",
      planName: "Plus",
      used: 1,
      limit: 5,
      remaining: 4,
    } as const;
    expect(allowanceText("clinicalSimulations", subscription)).toBe(
      "Plus plan: 4 of 5 clinical simulations left this week",
    );
    expect(allowanceText("chatMessages", { ...subscription, limit: -1, remaining: -1 })).toBe(
      "Chat messages are unlimited on your Plus plan",
    );
  });

  it("explains why a trial ended", () => {
    expect(
      trialEndedText({
        reason: "expired",
        endsAt: "2026-03-03T10:00:00.000Z",
        totalUsed: 4,
        totalLimit: 20,
      }),
    ).toBe("Your 30-day free trial ended on 3 March 2026.");
    expect(
      trialEndedText({
        reason: "exhausted",
        endsAt: "2026-03-03T10:00:00.000Z",
        totalUsed: 20,
        totalLimit: 20,
      }),
    ).toBe("You have used all 20 free trial uses.");
  });

  it("counts days left", () => {
    expect(daysLeftText(30)).toBe("30 days left");
    expect(daysLeftText(1)).toBe("1 day left");
    expect(daysLeftText(0)).toBe("Ends today");
  });
});
