/**
 * The per-user Durable Object. One instance per user id serialises that user's
 * usage metering, so a count is never decided by two requests at once.
 *
 * It is the one authority for usage counts. The caller passes the entitlement
 * it read from D1 on every call (see app/lib/usage-window.ts), so the object
 * never holds a stale plan; it only keeps what was used, in its own SQLite.
 *
 * Each metering method runs its read and write inside one synchronous SQLite
 * transaction and awaits nothing, so the decision is atomic: no other call to
 * this object can run between the read and the write.
 *
 * A use is reserved by `consume` (it counts at once), made final by `commit`,
 * or given back by `release`. A reservation neither committed nor released
 * within RESERVATION_TTL_MS is released by the next call that looks (lazily, at
 * the time it expired), so counting never depends on an alarm firing. A use
 * that already happened (nothing could refuse it) is counted final at once
 * by `record`.
 *
 * Every method takes an optional `now` (default Date.now()) so tests drive the
 * clock through the same code path production uses.
 *
 * It is hosted by its own worker script (see user-meter.wrangler.toml) and bound
 * into the app worker with `script_name`, which lets it bind under
 * `remix vite:dev` as well as in production.
 */
import { DurableObject } from "cloudflare:workers";
import { FEATURE_KEYS, type FeatureKey } from "../app/lib/features";
// Only classes and the default handler may be exported from a worker's main module:
// workerd treats every export as an entrypoint, so constants live in app/lib.
import { type Entitlement, RESERVATION_TTL_MS, windowRange } from "../app/lib/usage-window";

// The throttle Durable Object shares this script (and its deploy) with UserMeter.
export { Throttle } from "./throttle";

export type MeterHealth = {
  ok: true;
  object: "UserMeter";
  /** The name the object was addressed by (the user id). */
  name: string;
  /** Milliseconds since the epoch, read inside the object. */
  now: number;
  /** How many health calls this instance has answered since it was created. */
  calls: number;
};

export type MeterCheck = {
  allowed: boolean;
  /** Uses of this feature counted in the window (reserved or committed). */
  used: number;
  limit: number;
  /** Uses still allowed, counting the trial's total if any; -1 when unlimited. */
  remaining: number;
};

export type ConsumeResult = {
  granted: boolean;
  used: number;
  limit: number;
  remaining: number;
  /** Pass to commit or release; null when not granted. */
  reservationId: string | null;
};

export type ReservationState = "reserved" | "committed" | "released" | "unknown";

export type SettleResult = {
  reservationId: string;
  /** The reservation's state after the call ("unknown" for an id never issued). */
  state: ReservationState;
};

export type FeatureUsage = {
  feature: FeatureKey;
  used: number;
  limit: number;
  remaining: number;
};

export type UsageEvent = "reserve" | "deny" | "commit" | "release" | "expire" | "reset";

export type UsageLogEntry = {
  at: number;
  event: UsageEvent;
  feature: FeatureKey;
  amount: number;
  reservationId: string | null;
};

type ReservationRow = {
  id: string;
  feature: string;
  amount: number;
  state: string;
};

const SCHEMA = `
CREATE TABLE IF NOT EXISTS reservations (
  id TEXT PRIMARY KEY,
  feature TEXT NOT NULL,
  amount INTEGER NOT NULL,
  at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('reserved', 'committed', 'released'))
);
CREATE INDEX IF NOT EXISTS reservations_feature_at ON reservations (feature, at);
CREATE INDEX IF NOT EXISTS reservations_open ON reservations (state, expires_at);
CREATE TABLE IF NOT EXISTS consume_answers (
  key TEXT PRIMARY KEY,
  answer TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS usage_log (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  at INTEGER NOT NULL,
  event TEXT NOT NULL,
  feature TEXT NOT NULL,
  amount INTEGER NOT NULL,
  reservation_id TEXT
);
CREATE INDEX IF NOT EXISTS usage_log_at ON usage_log (at);
`;

export class UserMeter extends DurableObject {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    // Synchronous, so it completes before any call is delivered.
    this.sql.exec(SCHEMA);
  }

  async health(name: string): Promise<MeterHealth> {
    // A storage round trip proves the object's SQLite storage is attached too.
    const calls = ((await this.ctx.storage.get<number>("health:calls")) ?? 0) + 1;
    await this.ctx.storage.put("health:calls", calls);
    return { ok: true, object: "UserMeter", name, now: Date.now(), calls };
  }

  /** Does nothing: a bare round trip to the object (the metering benchmark's baseline). */
  ping(): true {
    return true;
  }

  /** Whether `amount` more uses would be granted now, without reserving them. */
  check(entitlement: Entitlement, amount = 1, now = Date.now()): MeterCheck {
    assertEntitlement(entitlement);
    assertAmount(amount);
    return this.ctx.storage.transactionSync(() => {
      this.expire(now);
      const state = this.measure(entitlement);
      return { ...state, allowed: fits(state.remaining, amount) };
    });
  }

  /**
   * Reserves `amount` uses if the entitlement has room. The same `key` again
   * returns the first answer and is not counted twice.
   */
  consume(key: string, entitlement: Entitlement, amount = 1, now = Date.now()): ConsumeResult {
    return this.take(key, entitlement, amount, now, "reserved");
  }

  /**
   * Counts `amount` uses that already happened (a reply the learner got), final
   * at once: `consume` and `commit` in one call and one transaction. The same
   * `key` again returns the first answer and is not counted twice; a key that
   * was only reserved by `consume` stays as it was.
   */
  record(key: string, entitlement: Entitlement, amount = 1, now = Date.now()): ConsumeResult {
    return this.take(key, entitlement, amount, now, "committed");
  }

  private take(
    key: string,
    entitlement: Entitlement,
    amount: number,
    now: number,
    state: "reserved" | "committed",
  ): ConsumeResult {
    if (typeof key !== "string" || key.length === 0 || key.length > 200) {
      throw new TypeError("consume needs an idempotency key of 1 to 200 characters");
    }
    assertEntitlement(entitlement);
    assertAmount(amount);
    return this.ctx.storage.transactionSync(() => {
      const earlier = this.sql
        .exec<{ answer: string }>("SELECT answer FROM consume_answers WHERE key = ?", key)
        .toArray()[0];
      if (earlier) return JSON.parse(earlier.answer) as ConsumeResult;

      this.expire(now);
      const before = this.measure(entitlement);
      let answer: ConsumeResult;
      if (fits(before.remaining, amount)) {
        const reservationId = crypto.randomUUID();
        this.sql.exec(
          "INSERT INTO reservations (id, feature, amount, at, expires_at, state) VALUES (?, ?, ?, ?, ?, ?)",
          reservationId,
          entitlement.feature,
          amount,
          now,
          now + RESERVATION_TTL_MS,
          state,
        );
        this.logEvent(now, "reserve", entitlement.feature, amount, reservationId);
        if (state === "committed")
          this.logEvent(now, "commit", entitlement.feature, amount, reservationId);
        const after = this.measure(entitlement);
        answer = { granted: true, ...pick(after), reservationId };
      } else {
        this.logEvent(now, "deny", entitlement.feature, amount, null);
        answer = { granted: false, ...pick(before), reservationId: null };
      }
      this.sql.exec(
        "INSERT INTO consume_answers (key, answer, at) VALUES (?, ?, ?)",
        key,
        JSON.stringify(answer),
        now,
      );
      return answer;
    });
  }

  /** Makes a reservation final. Harmless when repeated; an expired or released one stays released. */
  commit(reservationId: string, now = Date.now()): SettleResult {
    return this.settle(reservationId, "committed", now);
  }

  /** Gives a reservation's uses back. Harmless when repeated or after commit (a committed use stays counted). */
  release(reservationId: string, now = Date.now()): SettleResult {
    return this.settle(reservationId, "released", now);
  }

  /** Used, limit and remaining for each entitlement, in the order given. */
  usage(entitlements: readonly Entitlement[], now = Date.now()): FeatureUsage[] {
    entitlements.forEach(assertEntitlement);
    return this.ctx.storage.transactionSync(() => {
      this.expire(now);
      return entitlements.map((entitlement) => ({
        feature: entitlement.feature,
        ...pick(this.measure(entitlement)),
      }));
    });
  }

  /**
   * Gives back every counted use (an administrator's reset). Logged as "reset",
   * so analytics still show the uses that happened. Returns how many were reset.
   */
  reset(now = Date.now()): number {
    return this.ctx.storage.transactionSync(() => {
      this.expire(now);
      const rows = this.sql
        .exec<ReservationRow>(
          "UPDATE reservations SET state = 'released' WHERE state != 'released' RETURNING id, feature, amount, state",
        )
        .toArray();
      for (const row of rows) this.logEvent(now, "reset", row.feature, row.amount, row.id);
      return rows.length;
    });
  }

  /** The usage log since `sinceMs` (inclusive), oldest first, for analytics. */
  log(sinceMs: number, now = Date.now()): UsageLogEntry[] {
    return this.ctx.storage.transactionSync(() => {
      this.expire(now);
      return this.sql
        .exec<{
          at: number;
          event: string;
          feature: string;
          amount: number;
          reservation_id: string | null;
        }>(
          "SELECT at, event, feature, amount, reservation_id FROM usage_log WHERE at >= ? ORDER BY at, seq",
          sinceMs,
        )
        .toArray()
        .map((row) => ({
          at: row.at,
          event: row.event as UsageEvent,
          feature: row.feature as FeatureKey,
          amount: row.amount,
          reservationId: row.reservation_id,
        }));
    });
  }

  private settle(reservationId: string, to: "committed" | "released", now: number): SettleResult {
    return this.ctx.storage.transactionSync(() => {
      this.expire(now);
      const row = this.sql
        .exec<ReservationRow>(
          "SELECT id, feature, amount, state FROM reservations WHERE id = ?",
          reservationId,
        )
        .toArray()[0];
      if (!row) return { reservationId, state: "unknown" };
      if (row.state !== "reserved") return { reservationId, state: row.state as ReservationState };
      this.sql.exec("UPDATE reservations SET state = ? WHERE id = ?", to, reservationId);
      this.logEvent(
        now,
        to === "committed" ? "commit" : "release",
        row.feature,
        row.amount,
        row.id,
      );
      return { reservationId, state: to };
    });
  }

  /** Releases reservations whose time ran out, logged at the moment they expired. */
  private expire(now: number): void {
    const expired = this.sql
      .exec<ReservationRow & { expires_at: number }>(
        "UPDATE reservations SET state = 'released' WHERE state = 'reserved' AND expires_at <= ? RETURNING id, feature, amount, state, expires_at",
        now,
      )
      .toArray();
    for (const row of expired)
      this.logEvent(row.expires_at, "expire", row.feature, row.amount, row.id);
  }

  /** Counts for one entitlement; reservations count until released. */
  private measure(entitlement: Entitlement): Omit<MeterCheck, "allowed"> {
    const { from, to } = windowRange(entitlement.window);
    const used = this.countUsed(from, to, entitlement.feature);
    let remaining = entitlement.limit === -1 ? Infinity : Math.max(0, entitlement.limit - used);
    if (entitlement.totalLimit !== undefined && entitlement.totalLimit !== -1) {
      const totalUsed = this.countUsed(from, to, null);
      remaining = Math.min(remaining, Math.max(0, entitlement.totalLimit - totalUsed));
    }
    return {
      used,
      limit: entitlement.limit,
      remaining: remaining === Infinity ? -1 : remaining,
    };
  }

  private countUsed(from: number, to: number, feature: FeatureKey | null): number {
    const query =
      "SELECT COALESCE(SUM(amount), 0) AS used FROM reservations WHERE state != 'released' AND at >= ? AND at < ?";
    const cursor =
      feature === null
        ? this.sql.exec<{ used: number }>(query, from, to)
        : this.sql.exec<{ used: number }>(`${query} AND feature = ?`, from, to, feature);
    return cursor.one().used;
  }

  private logEvent(
    at: number,
    event: UsageEvent,
    feature: string,
    amount: number,
    reservationId: string | null,
  ): void {
    this.sql.exec(
      "INSERT INTO usage_log (at, event, feature, amount, reservation_id) VALUES (?, ?, ?, ?, ?)",
      at,
      event,
      feature,
      amount,
      reservationId,
    );
  }
}

function fits(remaining: number, amount: number): boolean {
  return remaining === -1 || amount <= remaining;
}

function pick(state: Omit<MeterCheck, "allowed">): Omit<MeterCheck, "allowed"> {
  return { used: state.used, limit: state.limit, remaining: state.remaining };
}

function isLimit(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= -1;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 1) {
    throw new TypeError("amount must be a positive whole number");
  }
}

function assertEntitlement(entitlement: Entitlement): void {
  const { feature, limit, window, totalLimit } = entitlement;
  if (!(FEATURE_KEYS as readonly string[]).includes(feature)) {
    throw new TypeError(`Unknown feature ${String(feature)}`);
  }
  if (!isLimit(limit)) throw new TypeError("limit must be a whole number, or -1 for unlimited");
  if (totalLimit !== undefined && !isLimit(totalLimit)) {
    throw new TypeError("totalLimit must be a whole number, or -1 for unlimited");
  }
  const validWindow =
    window.kind === "total" ||
    (window.kind === "week" &&
      Number.isSafeInteger(window.startsAt) &&
      Number.isSafeInteger(window.endsAt) &&
      window.endsAt > window.startsAt) ||
    // A trial closed the moment it started (a plan bought first) is an empty span.
    (window.kind === "span" &&
      Number.isSafeInteger(window.startsAt) &&
      Number.isSafeInteger(window.endsAt) &&
      window.endsAt >= window.startsAt);
  if (!validWindow) {
    throw new TypeError("window must be total, or a week or span with startsAt before endsAt");
  }
}

export default {
  async fetch(): Promise<Response> {
    return new Response("The user meter is reached through its Durable Object binding.", {
      status: 404,
    });
  },
} satisfies ExportedHandler;
