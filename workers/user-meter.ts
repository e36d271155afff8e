/**
 * The per-user Durable Object. One instance per user id serialises that user's
 * usage metering, so a count is never decided by two requests at once.
 *
 * It is hosted by its own worker script (see user-meter.wrangler.toml) and bound
 * into the app worker with `script_name`, which lets it bind under
 * `remix vite:dev` as well as in production.
 */
import { DurableObject } from "cloudflare:workers";

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

export class UserMeter extends DurableObject {
  async health(name: string): Promise<MeterHealth> {
    // A storage round trip proves the object's SQLite storage is attached too.
    const calls = ((await this.ctx.storage.get<number>("health:calls")) ?? 0) + 1;
    await this.ctx.storage.put("health:calls", calls);
    return { ok: true, object: "UserMeter", name, now: Date.now(), calls };
  }
}

export default {
  async fetch(): Promise<Response> {
    return new Response("The user meter is reached through its Durable Object binding.", {
      status: 404,
    });
  },
} satisfies ExportedHandler;
