import { describe, expect, it, vi } from "vitest";
import {
  CURRENT_PASSWORD_PARAMS,
  hashPassword,
  MAX_ITERATIONS_PER_CALL,
  parseHash,
  verifyPassword,
} from "./password.server";

// Every password hash costs 600,000 PBKDF2 iterations; several run per test.
vi.setConfig({ testTimeout: 30_000 });

const PEPPER = "a-pepper-secret-of-at-least-32-characters!";

describe("password hashing", () => {
  it("stores the algorithm and every parameter in the hash string, with a fresh salt each time", async () => {
    const first = await hashPassword("Stethoscope42");
    const second = await hashPassword("Stethoscope42");
    expect(first).toMatch(
      /^\$pbkdf2-sha256\$v=1\$i=100000,r=6,k=0\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(first).not.toBe(second);
    expect(parseHash(first)).toMatchObject({ iterations: 100_000, rounds: 6, peppered: false });
  });

  it("never asks PBKDF2 for more than 100,000 iterations at once (production Workers refuse more)", async () => {
    expect(CURRENT_PASSWORD_PARAMS.iterations).toBeLessThanOrEqual(MAX_ITERATIONS_PER_CALL);
    await expect(hashPassword("x", { params: { iterations: 100_001, rounds: 1 } })).rejects.toThrow(
      RangeError,
    );
    const tooCostly = (await hashPassword("Abc123")).replace("i=100000", "i=600000");
    expect(parseHash(tooCostly)).toBeNull();
  });

  it("accepts the right password and refuses wrong ones", async () => {
    const hash = await hashPassword("Stethoscope42");
    expect(await verifyPassword("Stethoscope42", hash)).toEqual({
      valid: true,
      needsRehash: false,
    });
    expect((await verifyPassword("stethoscope42", hash)).valid).toBe(false);
    expect((await verifyPassword("Stethoscope42 ", hash)).valid).toBe(false);
    expect((await verifyPassword("", hash)).valid).toBe(false);
  });

  it("uses every character of long passwords (64 and 128 characters, no truncation)", async () => {
    for (const length of [64, 72, 128]) {
      const password = `Aa1${"x".repeat(length - 4)}y`;
      const hash = await hashPassword(password);
      expect((await verifyPassword(password, hash)).valid, `${length}`).toBe(true);
      const lastCharacterChanged = `${password.slice(0, -1)}z`;
      expect((await verifyPassword(lastCharacterChanged, hash)).valid, `${length}`).toBe(false);
    }
  });

  it("treats the same text typed as composed or decomposed Unicode alike (NFC)", async () => {
    const composed = "Caf\u00e9Latte1";
    const decomposed = "Cafe\u0301Latte1";
    const hash = await hashPassword(composed);
    expect((await verifyPassword(decomposed, hash)).valid).toBe(true);
  });

  it("asks for a re-hash when the stored cost is below the current one", async () => {
    const cheap = await hashPassword("Stethoscope42", { params: { iterations: 1000, rounds: 1 } });
    expect(await verifyPassword("Stethoscope42", cheap)).toEqual({
      valid: true,
      needsRehash: true,
    });
    expect((await verifyPassword("wrong", cheap)).needsRehash).toBe(false);
  });

  it("mixes in the pepper when one is configured, and cannot verify a peppered hash without it", async () => {
    const peppered = await hashPassword("Stethoscope42", { pepper: PEPPER });
    expect(peppered).toContain("k=1");
    expect((await verifyPassword("Stethoscope42", peppered, { pepper: PEPPER })).valid).toBe(true);
    expect((await verifyPassword("Stethoscope42", peppered, { pepper: `${PEPPER}x` })).valid).toBe(
      false,
    );
    expect((await verifyPassword("Stethoscope42", peppered)).valid).toBe(false);

    // Hashes made before the pepper still work, and are upgraded at the next login.
    const plain = await hashPassword("Stethoscope42");
    expect(await verifyPassword("Stethoscope42", plain, { pepper: PEPPER })).toEqual({
      valid: true,
      needsRehash: true,
    });
  });

  it("refuses malformed or foreign hash strings instead of throwing", async () => {
    for (const stored of [
      "",
      "plaintext",
      "$2b$10$abcdefghijklmnopqrstuv",
      "$pbkdf2-sha256$v=1$i=x,r=6,k=0$AAAA$BBBB",
    ]) {
      expect(await verifyPassword("anything", stored)).toEqual({
        valid: false,
        needsRehash: false,
      });
    }
  });
});
