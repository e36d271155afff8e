import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { revokedSessions } from "~/db/schema";
import { makeUser, testClock, testDeps } from "../../tests/support/auth";
import { authenticateToken, loginWithPassword } from "./auth.server";
import {
  clearSessionCookie,
  commitSessionCookie,
  createSession,
  readSession,
  readSessionToken,
  revokeSession,
  SESSION_MEMORY_MS,
  SESSION_POLICIES,
  SESSION_TOUCH_INTERVAL_MS,
  sessionIdFor,
  touchSession,
} from "./session.server";

// Every password hash costs 600,000 PBKDF2 iterations; several run per test.
vi.setConfig({ testTimeout: 30_000 });

const HOUR = 3_600_000;
const local = { SESSION_SECRET: "s".repeat(40), isLocal: true };
const production = { SESSION_SECRET: "s".repeat(40), isLocal: false };

describe("sessions", () => {
  it("get a new 256-bit random token every time, stored in KV under its SHA-256 only", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const sessions = await Promise.all(
      Array.from({ length: 20 }, () =>
        createSession(deps, { userId: user.id, epoch: 0, remember: false, method: "password" }),
      ),
    );
    expect(new Set(sessions.map((session) => session.token)).size).toBe(20);
    for (const session of sessions) {
      expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 bytes = 256 bits
      expect(session.id).toBe(await sessionIdFor(session.token));
      expect(await env.KV.get(`session:${session.token}`)).toBeNull();
      expect(await env.KV.get(`session:${session.id}`, "json")).toMatchObject({
        userId: user.id,
        epoch: 0,
      });
    }
  });

  it("are created anew on every login: two logins, two different sessions", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const first = await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip: "203.0.113.1" },
    );
    const second = await loginWithPassword(
      deps,
      { email: user.email, password: user.plainPassword, rememberMe: false },
      { ip: "203.0.113.1" },
    );
    if (!first.ok || !second.ok) throw new Error("login failed");
    expect(first.session.token).not.toBe(second.session.token);
  });

  it("end after the idle timeout unless used, and at the absolute timeout regardless", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const user = await makeUser();
    const browser = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: false,
      method: "password",
    });

    // Used every 11 hours: the 12-hour idle timeout never bites, the 24-hour absolute one does.
    for (let step = 0; step < 2; step++) {
      clock.advance(11 * HOUR);
      const live = await readSession(deps, browser.token);
      expect(live, `step ${step}`).not.toBeNull();
      await touchSession(deps, live!);
    }
    clock.advance(2 * HOUR + 1);
    expect(await readSession(deps, browser.token)).toBeNull();

    const idle = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: false,
      method: "password",
    });
    clock.advance(SESSION_POLICIES.browser.idleMs);
    expect(await readSession(deps, idle.token)).toBeNull();

    const remembered = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: true,
      method: "password",
    });
    clock.advance(13 * 24 * HOUR);
    expect(await readSession(deps, remembered.token)).not.toBeNull();
  });

  it("are kept by the isolate for a few seconds after a KV read, and read again once a copy looks ended", async () => {
    const clock = testClock();
    const gets: string[] = [];
    const kv = new Proxy(env.KV, {
      get(target, name) {
        if (name === "get") {
          return (key: string, type: "json") => {
            gets.push(key);
            return target.get(key, type);
          };
        }
        const value = Reflect.get(target, name, target) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const deps = testDeps(clock.now, { kv });
    const user = await makeUser();
    const session = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: false,
      method: "password",
    });
    const key = `session:${session.id}`;

    expect((await readSession(deps, session.token))?.record.userId).toBe(user.id);
    clock.advance(SESSION_MEMORY_MS - 1);
    expect((await readSession(deps, session.token))?.record.userId).toBe(user.id);
    expect(gets).toEqual([key]);
    clock.advance(1);
    expect(await readSession(deps, session.token)).not.toBeNull();
    expect(gets).toEqual([key, key]);

    // A copy that looks idle is not the last word: another isolate may have moved the record on.
    clock.advance(SESSION_MEMORY_MS);
    const idleMs = SESSION_POLICIES.browser.idleMs;
    const nearlyIdle = { ...session.record, lastSeenAt: clock.now() - idleMs + 10_000 };
    await env.KV.put(key, JSON.stringify(nearlyIdle));
    expect(await readSession(deps, session.token)).not.toBeNull(); // read: 10 s of idle left
    await env.KV.put(key, JSON.stringify({ ...nearlyIdle, lastSeenAt: clock.now() + 5_000 }));
    clock.advance(20_000);
    const moved = await readSession(deps, session.token);
    expect(moved?.record.lastSeenAt).toBe(clock.now() - 15_000);
    expect(gets).toHaveLength(4);
    expect(await env.KV.get(key)).not.toBeNull();

    // A session that did end is read again and gone, its record deleted.
    clock.advance(idleMs);
    expect(await readSession(deps, session.token)).toBeNull();
    expect(gets).toHaveLength(5);
  });

  it("write their last-seen time back at most every five minutes", async () => {
    const clock = testClock();
    const deps = testDeps(clock.now);
    const user = await makeUser();
    const session = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: false,
      method: "password",
    });
    clock.advance(SESSION_TOUCH_INTERVAL_MS - 1);
    await touchSession(deps, session);
    expect(
      (await env.KV.get<{ lastSeenAt: number }>(`session:${session.id}`, "json"))!.lastSeenAt,
    ).toBe(session.record.createdAt);
    clock.advance(1);
    await touchSession(deps, session);
    expect(
      (await env.KV.get<{ lastSeenAt: number }>(`session:${session.id}`, "json"))!.lastSeenAt,
    ).toBe(clock.now());
  });

  it("are revoked on the server at logout, in D1 too, so a stale KV copy cannot bring them back", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const session = await createSession(deps, {
      userId: user.id,
      epoch: user.sessionEpoch,
      remember: true,
      method: "password",
    });
    expect((await authenticateToken(deps, session.token))?.user.id).toBe(user.id);

    const staleCopy = await env.KV.get(`session:${session.id}`);
    await revokeSession(deps, session);
    expect(await env.KV.get(`session:${session.id}`)).toBeNull();
    expect(
      await deps.db.select().from(revokedSessions).where(eq(revokedSessions.id, session.id)),
    ).toHaveLength(1);
    expect(await authenticateToken(deps, session.token)).toBeNull();

    // Another location may still serve the old KV value for up to a minute: D1 still says no.
    await env.KV.put(`session:${session.id}`, staleCopy!);
    expect(await authenticateToken(deps, session.token)).toBeNull();
  });

  it("all end at once when the user's session epoch rises (password change or reset)", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const phone = await createSession(deps, {
      userId: user.id,
      epoch: user.sessionEpoch,
      remember: true,
      method: "password",
    });
    const laptop = await createSession(deps, {
      userId: user.id,
      epoch: user.sessionEpoch,
      remember: false,
      method: "password",
    });
    await env.DB.prepare("UPDATE users SET session_epoch = session_epoch + 1 WHERE id = ?")
      .bind(user.id)
      .run();
    expect(await authenticateToken(deps, phone.token)).toBeNull();
    expect(await authenticateToken(deps, laptop.token)).toBeNull();
  });

  it("ignore tokens that are malformed or unknown", async () => {
    const deps = testDeps();
    for (const token of [null, "", "short", "x".repeat(43), "a b", "é".repeat(43)]) {
      expect(await authenticateToken(deps, token)).toBeNull();
    }
  });

  it("ride in an HttpOnly, SameSite=Lax cookie: 30 days with remember me, else a browser-session cookie", async () => {
    const deps = testDeps();
    const user = await makeUser();
    const remembered = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: true,
      method: "password",
    });
    const browser = await createSession(deps, {
      userId: user.id,
      epoch: 0,
      remember: false,
      method: "password",
    });

    const long = await commitSessionCookie(local, remembered);
    expect(long).toMatch(/^mm_session=/);
    expect(long).toContain("Max-Age=2592000");
    expect(long).toContain("HttpOnly");
    expect(long).toContain("SameSite=Lax");
    expect(long).not.toContain("Secure");

    const short = await commitSessionCookie(local, browser);
    expect(short).not.toMatch(/Max-Age|Expires/i);

    const secure = await commitSessionCookie(production, browser);
    expect(secure).toMatch(/^__Host-mm_session=/);
    expect(secure).toContain("Secure");
    expect(secure).toContain("Path=/");

    expect(await clearSessionCookie(local)).toMatch(/Max-Age=0/);

    // The cookie is signed: the token reads back from it, a tampered one does not.
    const cookie = long.split(";")[0]!;
    expect(
      await readSessionToken(new Request("http://x/", { headers: { Cookie: cookie } }), local),
    ).toBe(remembered.token);
    // Change one character of the signed payload (the part before the signature). The last
    // character of the signature may carry only base64 padding bits, so changing it proves nothing.
    const at = cookie.indexOf("=") + 3;
    const tampered = `${cookie.slice(0, at)}${cookie[at] === "A" ? "B" : "A"}${cookie.slice(at + 1)}`;
    expect(
      await readSessionToken(new Request("http://x/", { headers: { Cookie: tampered } }), local),
    ).toBeNull();
  });

  it("are also carried as Bearer tokens, which win over a cookie", async () => {
    const request = new Request("http://x/", {
      headers: { Authorization: "Bearer abc.def", Cookie: "mm_session=zzz" },
    });
    expect(await readSessionToken(request, local)).toBe("abc.def");
  });
});
