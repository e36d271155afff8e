/**
 * Client for the per-user Durable Object (workers/user-meter.ts). Every call for
 * one user goes to the same object, which serialises them.
 */
import type { MeterHealth, UserMeter } from "../../workers/user-meter";

export interface Meter {
  health(userKey: string): Promise<MeterHealth>;
}

export function createMeter(namespace: DurableObjectNamespace): Meter {
  // The binding points at another script, so `wrangler types` cannot see the class.
  const typed = namespace as unknown as DurableObjectNamespace<UserMeter>;
  return {
    async health(userKey) {
      const stub = typed.get(typed.idFromName(userKey));
      return stub.health(userKey);
    },
  };
}
