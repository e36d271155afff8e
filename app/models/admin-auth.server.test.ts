/**
 * The admin login model with a controlled clock and session length: the
 * session lasts exactly the configured time and reads as expired after it.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createDb } from "~/db/client.server";
import { adminLogin } from "./admin-auth.server";
import { readAdminSession } from "./admin-session.server";
import { makeUser, testClock, testDeps, uniqueIp } from "../../tests/support/auth";

describe("adminLogin", () => {
  it("makes a session of the configured length that expires on time", async () => {
    const clock = testClock(Date.now());
    const admin = await makeUser({ role: "admin" });
    const signedIn = await adminLogin(
      { ...testDeps(clock.now), sessionTtlMs: 15 * 60_000 },
      { username: admin.email, password: admin.plainPassword },
      { ip: uniqueIp(), via: "api" },
    );
    if (!signedIn.ok) throw new Error(signedIn.message);
    expect(signedIn.expiresIn).toBe(15 * 60_000);
    const db = createDb(env.DB);
    clock.advance(15 * 60_000 - 1);
    expect((await readAdminSession(db, signedIn.token, clock.now())).status).toBe("active");
    clock.advance(1);
    expect((await readAdminSession(db, signedIn.token, clock.now())).status).toBe("expired");
  });
});
