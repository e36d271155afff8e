/**
 * Password hashing (docs/decisions/010-password-hashing.md).
 *
 * PBKDF2-HMAC-SHA256 through WebCrypto, which production Workers run natively.
 * Workers refuse more than 100,000 iterations in one PBKDF2 call, so the work is
 * done in `r` chained rounds of `i` iterations each (round n's output is round
 * n+1's key material): 6 × 100,000 = 600,000 iterations, OWASP's 2023 figure for
 * PBKDF2-SHA256. An optional pepper (a Worker secret) is mixed in with HMAC first.
 *
 * The stored string names the algorithm and every parameter, PHC style:
 *   $pbkdf2-sha256$v=1$i=100000,r=6,k=0$<salt, base64>$<hash, base64>
 * so the cost can be raised later: `needsRehash` tells the login to re-hash.
 */

const ALGORITHM = "pbkdf2-sha256";
const VERSION = 1;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Production Workers throw NotSupportedError above this per PBKDF2 call. */
export const MAX_ITERATIONS_PER_CALL = 100_000;
const MAX_ROUNDS = 32;

export type PasswordParams = { iterations: number; rounds: number };

/** What new hashes use. Raise `rounds` to raise the cost; old hashes upgrade at next login. */
export const CURRENT_PASSWORD_PARAMS: PasswordParams = { iterations: 100_000, rounds: 6 };

export type PasswordOptions = {
  /** Secret mixed in before hashing (PASSWORD_PEPPER); undefined when not configured. */
  pepper?: string;
  params?: PasswordParams;
};

type Bytes = Uint8Array<ArrayBuffer>;
type ParsedHash = PasswordParams & { peppered: boolean; salt: Bytes; hash: Bytes };

const encoder = new TextEncoder();

export async function hashPassword(
  password: string,
  options: PasswordOptions = {},
): Promise<string> {
  const params = options.params ?? CURRENT_PASSWORD_PARAMS;
  assertParams(params);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const peppered = Boolean(options.pepper);
  const hash = await derive(password, salt, params, peppered ? options.pepper : undefined);
  return [
    "",
    ALGORITHM,
    `v=${VERSION}`,
    `i=${params.iterations},r=${params.rounds},k=${peppered ? 1 : 0}`,
    toBase64(salt),
    toBase64(hash),
  ].join("$");
}

export type PasswordCheck = { valid: boolean; needsRehash: boolean };

export async function verifyPassword(
  password: string,
  stored: string,
  options: PasswordOptions = {},
): Promise<PasswordCheck> {
  const parsed = parseHash(stored);
  if (!parsed) return { valid: false, needsRehash: false };
  if (parsed.peppered && !options.pepper) {
    // A hash made with a pepper cannot be checked without it: a configuration error, not a wrong password.
    console.error("[password] a peppered hash was found but PASSWORD_PEPPER is not set");
    return { valid: false, needsRehash: false };
  }
  const actual = await derive(
    password,
    parsed.salt,
    parsed,
    parsed.peppered ? options.pepper : undefined,
  );
  const valid = constantTimeEqual(actual, parsed.hash);
  const target = options.params ?? CURRENT_PASSWORD_PARAMS;
  const needsRehash =
    valid &&
    (parsed.iterations * parsed.rounds < target.iterations * target.rounds ||
      (Boolean(options.pepper) && !parsed.peppered));
  return { valid, needsRehash };
}

/**
 * Spends the same time as a real check, for an e-mail with no account (or no
 * password), so response times do not reveal which addresses are registered.
 */
export async function spendPasswordCheckTime(password: string, options: PasswordOptions = {}) {
  const params = options.params ?? CURRENT_PASSWORD_PARAMS;
  await derive(password, new Uint8Array(SALT_BYTES), params, options.pepper);
}

export function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (
    parts.length !== 6 ||
    parts[0] !== "" ||
    parts[1] !== ALGORITHM ||
    parts[2] !== `v=${VERSION}`
  ) {
    return null;
  }
  const params = Object.fromEntries(
    (parts[3] ?? "").split(",").map((pair) => {
      const [key, value] = pair.split("=");
      return [key, Number(value)];
    }),
  ) as Record<string, number>;
  const iterations = params.i;
  const rounds = params.r;
  if (
    !Number.isInteger(iterations) ||
    !Number.isInteger(rounds) ||
    (params.k !== 0 && params.k !== 1)
  ) {
    return null;
  }
  try {
    assertParams({ iterations: iterations!, rounds: rounds! });
    const salt = fromBase64(parts[4]!);
    const hash = fromBase64(parts[5]!);
    if (salt.length < SALT_BYTES || hash.length !== HASH_BYTES) return null;
    return { iterations: iterations!, rounds: rounds!, peppered: params.k === 1, salt, hash };
  } catch {
    return null;
  }
}

function assertParams({ iterations, rounds }: PasswordParams) {
  if (iterations < 1 || iterations > MAX_ITERATIONS_PER_CALL) {
    throw new RangeError(`PBKDF2 iterations per call must be 1..${MAX_ITERATIONS_PER_CALL}`);
  }
  if (rounds < 1 || rounds > MAX_ROUNDS) throw new RangeError(`rounds must be 1..${MAX_ROUNDS}`);
}

async function derive(
  password: string,
  salt: Bytes,
  params: PasswordParams,
  pepper: string | undefined,
): Promise<Bytes> {
  // NFC, so the same password typed on different keyboards gives the same bytes. No trimming, no truncation.
  let material: Bytes = encoder.encode(password.normalize("NFC"));
  if (pepper) material = await hmacSha256(encoder.encode(pepper), material);
  for (let round = 0; round < params.rounds; round++) {
    const key = await crypto.subtle.importKey("raw", material, "PBKDF2", false, ["deriveBits"]);
    const bits = await crypto.subtle.deriveBits(
      { name: "PBKDF2", hash: "SHA-256", salt, iterations: params.iterations },
      key,
      HASH_BYTES * 8,
    );
    material = new Uint8Array(bits);
  }
  return material;
}

async function hmacSha256(secret: Bytes, data: Bytes): Promise<Bytes> {
  const key = await crypto.subtle.importKey(
    "raw",
    secret,
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, data));
}

function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index++) difference |= a[index]! ^ b[index]!;
  return difference === 0;
}

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, "");
}

function fromBase64(text: string): Bytes {
  const padded = text + "=".repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (char) => char.charCodeAt(0));
}
