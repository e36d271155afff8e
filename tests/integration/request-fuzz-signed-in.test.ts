/**
 * The request fuzz (request-fuzz.test.ts) for a signed-in learner: every
 * route's POST with each malformed or cross-site body, with the learner's
 * session cookie. None of it may answer a 5xx.
 */
import { describe, expect, it, vi } from "vitest";
import { cookiesFrom, makeUser, postForm } from "../support/auth";
import { fuzz } from "../support/request-fuzz";

vi.setConfig({ testTimeout: 300_000 });

describe("every route under malformed and cross-site requests, signed in", () => {
  it("never answers 5xx to a signed-in learner", async () => {
    const user = await makeUser();
    const login = await postForm("/login", { email: user.email, password: user.plainPassword });
    expect(login.status).toBe(302);
    const cookie = cookiesFrom(login);
    expect(cookie).toContain("mm_session=");
    const failures = (await fuzz(cookie)).filter((outcome) => outcome.status >= 500);
    expect(failures).toEqual([]);
  });
});
