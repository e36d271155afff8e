import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createMeter } from "~/integrations/meter.server";
import type { UserMeter } from "./user-meter";

describe("per-user Durable Object", () => {
  it("answers a health call through the binding, one object per user", async () => {
    const meter = createMeter(env.USER_METER);
    const first = await meter.health("user-a");
    const again = await meter.health("user-a");
    const other = await meter.health("user-b");

    expect(first).toMatchObject({ ok: true, object: "UserMeter", name: "user-a", calls: 1 });
    expect(again.calls).toBe(2);
    expect(other.calls).toBe(1);
  });

  it("keeps its count in the object's own storage", async () => {
    const meter = createMeter(env.USER_METER);
    await meter.health("user-c");
    const namespace = env.USER_METER as unknown as DurableObjectNamespace<UserMeter>;
    const stored = await runInDurableObject(
      namespace.get(namespace.idFromName("user-c")),
      (_instance, state) => state.storage.get<number>("health:calls"),
    );
    expect(stored).toBe(1);
  });
});
