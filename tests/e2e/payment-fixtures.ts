/**
 * Fixtures for the payment browser tests: promo codes written straight into
 * the local D1 database the server under test uses (the same way
 * auth-fixtures.ts ages codes), and a signed-in learner on a given page.
 */
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, logIn, verifiedUser } from "./auth-fixtures";

const root = path.resolve(import.meta.dirname, "../..");

async function d1(sql: string): Promise<void> {
  await promisify(execFile)(
    "npx",
    [
      "wrangler",
      "d1",
      "execute",
      "DB",
      "--local",
      "--persist-to",
      `.wrangler/e2e-state-${process.env.E2E_PORT}`,
      "--command",
      sql,
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        WRANGLER_SEND_METRICS: "false",
        CLOUDFLARE_CF_FETCH_ENABLED: "false",
        WRANGLER_HIDE_BANNER: "true",
      },
    },
  );
}

/** A fresh active promo code (upper-case, unique per call) worth `percent` off, with `maxUses` uses. */
export async function createPromo(percent: number, maxUses = 5): Promise<string> {
  const code = `E2E${Date.now().toString(36).toUpperCase()}${Math.random().toString(36).slice(2, 6).toUpperCase()}`;
  const basisPoints = Math.round(percent * 100);
  await d1(
    `INSERT INTO promo_codes (code, discount_basis_points, description, is_active, max_uses) VALUES ('${code}', ${basisPoints}, '${percent}% discount on all plans', 1, ${maxUses});`,
  );
  return code;
}

/** A verified learner (on the free trial), signed in and looking at `path`. */
export async function signedInLearner(
  page: Page,
  request: APIRequestContext,
  ip: string,
  path = "/plans",
) {
  const user = await verifiedUser(request, ip, "buyer");
  await page.goto(`/login?${new URLSearchParams({ redirectTo: path })}`);
  await logIn(page, user.email, user.password);
  await expect(page).toHaveURL((url) => url.pathname === path.split("?")[0]);
  return user;
}
