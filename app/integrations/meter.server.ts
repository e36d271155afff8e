/**
 * Client for the per-user Durable Object (workers/user-meter.ts). Every call for
 * one user goes to the same object, which serialises them.
 */
import type { MeterHealth, UserMeter } from "../../workers/user-meter";

export interface Meter {
  health(userKey: string): Promise<MeterHealth>;
}

export function createMeter(namespace: DurableObjectNamespace): Meter {
  const typed = namespace as DurableObjectNamespace<UserMeter>;
  return {
    async health(userKey) {
      const stub = typed.get(typed.idFromName(userKey));
      return stub.health(userKey);
    },
  };
}
