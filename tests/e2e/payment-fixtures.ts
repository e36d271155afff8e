/**
 * Fixtures for the payment browser tests: the demo promo codes. (The signed-in
 * learner is auth-fixtures' `signedInLearner`, with `landOn`.)
 */
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
