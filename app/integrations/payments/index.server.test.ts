/**
 * The local test checkout's secrets: never derivable from a value printed in
 * the repository. They come from the install's own SESSION_SECRET; with the
 * published example secret (or none) the test checkout is off.
 */
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { parseEnv } from "~/env.server";
import { createPaymentGateway } from "./index.server";
import { offlineSecrets } from "./offline.server";
import { sign } from "./signatures.server";

/** SESSION_SECRET as printed in .dev.vars.example (and the built-in local default). */
const PUBLISHED_SESSION_SECRET = "local-development-session-secret-change-me";

const forged = offlineSecrets(PUBLISHED_SESSION_SECRET);

describe("the local test checkout's signing secrets", () => {
  it("are not offered while SESSION_SECRET is the published example value or unset", () => {
    for (const vars of [
      { APP_ENV: "local", SESSION_SECRET: PUBLISHED_SESSION_SECRET },
      { APP_ENV: "local" },
    ]) {
      expect(createPaymentGateway(parseEnv(vars), env.KV), JSON.stringify(vars)).toBeNull();
    }
  });

  it("refuse a signature made with the published secret", () => {
    const gateway = createPaymentGateway(
      parseEnv({ APP_ENV: "local", SESSION_SECRET: `install-${crypto.randomUUID()}` }),
      env.KV,
    );
    expect(gateway?.provider).toBe("offline");
    const orderId = "order_ForgedByAnyone01";
    const paymentId = "pay_ForgedByAnyone01";
    expect(
      gateway!.verifyPaymentSignature({
        orderId,
        paymentId,
        signature: sign(forged.keySecret, `${orderId}|${paymentId}`),
      }),
    ).toBe(false);
    const body = JSON.stringify({ event: "payment.captured" });
    expect(gateway!.verifyWebhookSignature(body, sign(forged.webhookSecret, body))).toBe(false);
  });
});
