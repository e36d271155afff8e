import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("environment validation", () => {
  it("gives local runs working offline defaults", () => {
    const env = parseEnv({ APP_ENV: "local" });
    expect(env).toMatchObject({
      APP_ENV: "local",
      isLocal: true,
      SUPPORT_EMAIL: "support@medmentor.in",
      MAIL_API_BASE_URL: "https://api.resend.com",
    });
    expect(env.MAIL_API_KEY).toBeUndefined();
    expect(env.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it("treats empty optional secrets as unset, so the offline adapters are chosen", () => {
    expect(parseEnv({ APP_ENV: "local", MAIL_API_KEY: "  " }).MAIL_API_KEY).toBeUndefined();
  });

  it("defaults to production and then requires a strong session secret", () => {
    expect(() => parseEnv({})).toThrow(EnvError);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/SESSION_SECRET/);
    const env = parseEnv({ SESSION_SECRET: "x".repeat(32) });
    expect(env.isLocal).toBe(false);
  });

  it("names every invalid variable", () => {
    try {
      parseEnv({ APP_ENV: "staging", SUPPORT_EMAIL: "not-an-email", MAIL_API_BASE_URL: "nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      const message = (error as EnvError).message;
      expect(message).toContain("APP_ENV");
      expect(message).toContain("SUPPORT_EMAIL");
      expect(message).toContain("MAIL_API_BASE_URL");
    }
  });
});
