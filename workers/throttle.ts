/**
 * The throttle Durable Object: one instance per bucket ("login failures for this
 * account", "codes sent to this address", ...). A Durable Object handles its
 * calls one at a time, so a count is exact across every isolate and colo, which
 * an in-memory counter or KV (eventually consistent) cannot promise.
 *
 * Each bucket is a sliding window: it remembers the times of its recent hits and
 * allows at most `limit` of them inside `windowMs`. The caller passes `now`, so
 * tests drive the window with a controlled clock. An alarm deletes the bucket's
 * storage once its window has passed, so idle buckets cost nothing.
 *
 * Hosted by the medmentor-user-meter worker script beside UserMeter (see
 * docs/decisions/012-throttling.md).
 */
import { DurableObject } from "cloudflare:workers";

export type ThrottleWindow = { limit: number; windowMs: number };

export type ThrottleDecision = {
  allowed: boolean;
  /** Hits still allowed inside the window after this call. */
  remaining: number;
  /** When not allowed (or nothing remains): milliseconds until the oldest hit leaves the window. */
  retryAfterMs: number;
};

const HITS_KEY = "hits";

export class Throttle extends DurableObject {
  /** Records a hit if the window has room. Denied hits are not recorded. */
  async consume(window: ThrottleWindow, now: number): Promise<ThrottleDecision> {
    const hits = await this.recentHits(window, now);
    if (hits.length >= window.limit) return this.decide(hits, window, now, false);
    hits.push(now);
    await this.save(hits, window, now);
    return this.decide(hits, window, now, true);
  }

  /**
   * Gives back one hit recorded at `at` (a reservation that turned out not to
   * count: a right password, or another bucket refused the same attempt).
   */
  async release(window: ThrottleWindow, at: number): Promise<void> {
    const hits = (await this.ctx.storage.get<number[]>(HITS_KEY)) ?? [];
    const index = hits.lastIndexOf(at);
    if (index === -1) return;
    hits.splice(index, 1);
    if (hits.length === 0) await this.clear();
    else await this.ctx.storage.put({ [HITS_KEY]: hits, windowMs: window.windowMs });
  }

  /** Whether a hit would be allowed now, without recording one. */
  async peek(window: ThrottleWindow, now: number): Promise<ThrottleDecision> {
    const hits = await this.recentHits(window, now);
    return this.decide(hits, window, now, hits.length < window.limit);
  }

  /** Forgets every hit (a successful login clears its account's failures). */
  async clear(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
  }

  override async alarm(): Promise<void> {
    const hits = (await this.ctx.storage.get<number[]>(HITS_KEY)) ?? [];
    const windowMs = (await this.ctx.storage.get<number>("windowMs")) ?? 0;
    const latest = hits.at(-1) ?? 0;
    if (latest + windowMs <= Date.now()) await this.ctx.storage.deleteAll();
    else await this.ctx.storage.setAlarm(latest + windowMs);
  }

  private async recentHits(window: ThrottleWindow, now: number): Promise<number[]> {
    const hits = (await this.ctx.storage.get<number[]>(HITS_KEY)) ?? [];
    return hits.filter((time) => time > now - window.windowMs);
  }

  private async save(hits: number[], window: ThrottleWindow, now: number): Promise<void> {
    await this.ctx.storage.put({ [HITS_KEY]: hits, windowMs: window.windowMs });
    await this.ctx.storage.setAlarm(Math.max(now, Date.now()) + window.windowMs);
  }

  private decide(
    hits: number[],
    window: ThrottleWindow,
    now: number,
    allowed: boolean,
  ): ThrottleDecision {
    const remaining = Math.max(0, window.limit - hits.length);
    const oldest = hits[0];
    const retryAfterMs =
      remaining === 0 && oldest !== undefined ? Math.max(0, oldest + window.windowMs - now) : 0;
    return { allowed, remaining, retryAfterMs };
  }
}
