/**
 * Helpers for the plans, usage and payments tests in the workers pool: the
 * dependencies built from the real bindings, and promo codes written to D1.
 */
import { env } from "cloudflare:test";
import { expect } from "vitest";
import { createDb } from "~/db/client.server";
import { promoCodes } from "~/db/schema";
import { parseEnv } from "~/env.server";
import { createMeter } from "~/integrations/meter.server";
import { createOfflineGateway, type OfflineGateway } from "~/integrations/payments/offline.server";
import type { PaymentGateway } from "~/integrations/payments/types";
import type { PaymentDeps } from "~/models/payments.server";
import { startTrial } from "~/models/subscription.server";
import type { UsageDeps } from "~/models/usage.server";
import { apiLogin, call, makeUser } from "./auth";

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

export type ApiBody = Record<string, unknown>;

/** A JSON API call through the real worker; fails the test when the answer is not JSON. */
export async function api(path: string, options: Parameters<typeof call>[1] = {}) {
  const response = await call(path, options);
  expect(response.headers.get("Content-Type"), path).toMatch(/application\/json/);
  return { status: response.status, body: (await response.json()) as ApiBody, response };
}

/**
 * A verified learner signed in through /api/auth/login. `trialStartedAt`
 * starts their free trial then (`trial: true` starts it now).
 */
export async function apiLearner(
  options: { trial?: boolean; trialStartedAt?: number; role?: "learner" | "admin" } = {},
) {
  const user = await makeUser({ role: options.role });
  const trialStart = options.trialStartedAt ?? (options.trial ? Date.now() : undefined);
  if (trialStart !== undefined) await startTrial(createDb(env.DB), user.id, trialStart);
  const token = await apiLogin(user.email, user.plainPassword);
  return { user, token };
}

/** Buys a plan through the API and the offline checkout, as the plans page does. */
export async function buyPlanThroughApi(token: string, planId: "starter" | "plus" | "pro") {
  const created = await api("/api/payments/order/create", { token, body: { planId } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const paid = await offlineGateway().simulate((created.body.order as { id: string }).id, "pay");
  const verified = await api("/api/payments/payment/verify", {
    token,
    body: { ...paid!.result, planId },
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
}
