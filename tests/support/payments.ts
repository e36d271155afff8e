/**
 * Helpers for the plans, usage and payments tests in the workers pool: the
 * dependencies built from the real bindings, and promo codes written to D1.
 */
import { env } from "cloudflare:test";
import { createDb } from "~/db/client.server";
import { promoCodes } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { createMeter } from "~/integrations/meter.server";
import { createOfflineGateway, type OfflineGateway } from "~/integrations/payments/offline.server";
import type { PaymentGateway } from "~/integrations/payments/types";
import type { PaymentDeps } from "~/models/payments.server";
import type { UsageDeps } from "~/models/usage.server";

export function appEnv() {
  return parseEnv(env as unknown as Record<string, unknown>);
}

export function offlineGateway(now: () => number = Date.now): OfflineGateway {
  return createOfflineGateway({ kv: env.KV, sessionSecret: appEnv().SESSION_SECRET, now });
}

/** Work handed to waitUntil, collected so a test can wait for it. */
export function waitBag() {
  const waits: Promise<unknown>[] = [];
  return {
    waitUntil: (promise: Promise<unknown>) => void waits.push(promise.catch(() => undefined)),
    settle: () => Promise.all(waits.splice(0)),
  };
}

export function paymentDeps(
  gateway: PaymentGateway | null = offlineGateway(),
  now: () => number = Date.now,
): PaymentDeps & { settle: () => Promise<unknown> } {
  const bag = waitBag();
  return {
    db: createDb(env.DB),
    kv: env.KV,
    gateway,
    now,
    waitUntil: bag.waitUntil,
    settle: bag.settle,
  };
}

export function usageTestDeps(
  now: () => number = Date.now,
): UsageDeps & { settle: () => Promise<unknown> } {
  const bag = waitBag();
  return {
    db: createDb(env.DB),
    kv: env.KV,
    meter: createMeter(env.USER_METER),
    now,
    waitUntil: bag.waitUntil,
    settle: bag.settle,
  };
}

let promoCounter = 0;
/** A promo code written straight to D1; a fresh code per call unless one is given. */
export async function makePromo(
  options: {
    code?: string;
    basisPoints?: number;
    maxUses?: number | null;
    isActive?: boolean;
    expiresAt?: Date | null;
    deleted?: boolean;
  } = {},
) {
  promoCounter += 1;
  const code =
    options.code ??
    `TEST${Date.now().toString(36).toUpperCase()}${promoCounter}${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
  const basisPoints = options.basisPoints ?? 2000;
  await createDb(env.DB)
    .insert(promoCodes)
    .values({
      code,
      discountBasisPoints: basisPoints,
      description: `${basisPoints / 100}% discount on all plans`,
      isActive: options.isActive ?? true,
      expiresAt: options.expiresAt ?? null,
      maxUses: options.maxUses === undefined ? 10 : options.maxUses,
      deletedAt: options.deleted ? new Date() : null,
    });
  return code;
}
