/**
 * Every route of the route table, fed what a careless client or another site
 * sends: a JSON or plain-text body where a form is expected, a broken
 * multipart body, a body far over any limit (with and without a length), and
 * a form post from another site, by GET and POST. None of it may answer a
 * 5xx. A route added to remix.config.ts is covered here without anyone
 * listing it. The signed-in learner's pass is request-fuzz-signed-in.test.ts.
 */
import { describe, expect, it, vi } from "vitest";
import { fuzz, paths } from "../support/request-fuzz";

vi.setConfig({ testTimeout: 300_000 });

describe("every route under malformed and cross-site requests", () => {
  it("covers the whole route table", () => {
    expect(paths.length).toBeGreaterThan(90);
    expect(paths).toContain("/payment-success");
    expect(paths).toContain("/api/flashcards/dummy/study");
  });

  it("never answers 5xx to a visitor", async () => {
    const failures = (await fuzz()).filter((outcome) => outcome.status >= 500);
    expect(failures).toEqual([]);
  });
});
