/**
 * Fixtures for the payment browser tests: the demo promo codes and a
 * signed-in learner on a given page.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, logIn, verifiedUser } from "./auth-fixtures";

/**
 * A demo promo code worth `percent` off (app/db/seed.sql loads one per tier,
 * 1,000 uses each, into every local database). Each test buys as a fresh
 * learner, so the code is always theirs to use once.
 */
export function demoPromo(percent: 10 | 20 | 30 | 40 | 99.97): string {
  return {
    10: "WELCOME10",
    20: "STUDENT20",
    30: "EXAMPREP30",
    40: "RESIDENT40",
    99.97: "ALMOSTFREE",
  }[percent];
}

/** A verified learner (on the free trial), signed in and looking at `path`. */
export async function signedInLearner(
  page: Page,
  request: APIRequestContext,
  ip: string,
  path = "/plans",
) {
  const user = await verifiedUser(request, ip, "buyer");
  await page.goto(`/login?${new URLSearchParams({ redirectTo: path })}`);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
  return user;
}
