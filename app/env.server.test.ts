import { describe, expect, it } from "vitest";
import { EnvError, isPublishedSessionSecret, parseEnv } from "./env.server";

/** SESSION_SECRET as printed in .dev.vars.example. */
const EXAMPLE_SESSION_SECRET = "local-development-session-secret-change-me";

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
    expect(() => parseEnv({ SESSION_SECRET: "x".repeat(31) })).toThrow(/at least 32 characters/);
    const env = parseEnv({ SESSION_SECRET: "x".repeat(32) });
    expect(env.isLocal).toBe(false);
  });

  it("refuses the published example session secret in production, with a message that says so", () => {
    const example = EXAMPLE_SESSION_SECRET;
    expect(example.length).toBeGreaterThanOrEqual(32);
    expect(isPublishedSessionSecret(example)).toBe(true);
    expect(() => parseEnv({ SESSION_SECRET: example })).toThrow(
      /SESSION_SECRET is the published example value from \.dev\.vars\.example/,
    );
    expect(() => parseEnv({ SESSION_SECRET: ` ${example} ` })).toThrow(/published example value/);
    // Locally it still runs (the offline checkout is then switched off).
    expect(parseEnv({ APP_ENV: "local", SESSION_SECRET: example }).isLocal).toBe(true);
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

describe("AI mentor settings", () => {
  it("defaults to no key (the offline mentor) and Gemini 2.5 Flash", () => {
    const env = parseEnv({ APP_ENV: "local", GEMINI_MODEL: "", GEMINI_BASE_URL: "" });
    expect(env.GEMINI_API_KEY).toBeUndefined();
    expect(env.GEMINI_MODEL).toBe("gemini-2.5-flash");
    expect(env.GEMINI_BASE_URL).toBeUndefined();
  });

  it("accepts a gateway URL and rejects a malformed one or a bad model id", () => {
    const env = parseEnv({
      APP_ENV: "local",
      GEMINI_BASE_URL: "https://gateway.example/v1/x/google-ai-studio",
    });
    expect(env.GEMINI_BASE_URL).toBe("https://gateway.example/v1/x/google-ai-studio");
    expect(() => parseEnv({ APP_ENV: "local", GEMINI_BASE_URL: "not a url" })).toThrow(
      /GEMINI_BASE_URL/,
    );
    expect(() => parseEnv({ APP_ENV: "local", GEMINI_BASE_URL: "ftp://x.example" })).toThrow(
      /GEMINI_BASE_URL/,
    );
    expect(() => parseEnv({ APP_ENV: "local", GEMINI_MODEL: "gemini 2.5/../x" })).toThrow(
      /GEMINI_MODEL/,
    );
  });
});

describe("admin session length", () => {
  it("defaults to 8 hours, treats empty as unset, and keeps to one minute … seven days", () => {
    expect(parseEnv({ APP_ENV: "local" }).ADMIN_SESSION_TTL_MS).toBe(28_800_000);
    expect(parseEnv({ APP_ENV: "local", ADMIN_SESSION_TTL_MS: " " }).ADMIN_SESSION_TTL_MS).toBe(
      28_800_000,
    );
    expect(
      parseEnv({ APP_ENV: "local", ADMIN_SESSION_TTL_MS: "900000" }).ADMIN_SESSION_TTL_MS,
    ).toBe(900_000);
    for (const bad of ["59999", "604800001", "1.5e3", "soon"]) {
      expect(() => parseEnv({ APP_ENV: "local", ADMIN_SESSION_TTL_MS: bad }), bad).toThrow(
        /ADMIN_SESSION_TTL_MS/,
      );
    }
  });
});
