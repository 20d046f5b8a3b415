import { Buffer } from "node:buffer";
import { randomBytes, scrypt } from "node:crypto";
import { constantTimeEqual } from "@oslojs/crypto/subtle";

// Staff password hashing, used by the Worker (login) and by scripts/admin.ts (Node), so both
// hash identically. Package imports only: Node runs this file directly from the CLI.
//
// scrypt N=2^14, r=8, p=5 is an OWASP-equivalent setting that production Workers can run
// (PBKDF2 is capped at 100,000 iterations there, Argon2 via WASM is refused):
// docs/decisions/006-password-hashing.md.
// The stored string names its parameters, so they can be raised later without a migration:
//   $scrypt$ln=14,r=8,p=5$<salt, base64>$<key, base64>

export type ScryptParams = { ln: number; r: number; p: number };

const CURRENT_PARAMS: ScryptParams = { ln: 14, r: 8, p: 5 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;

// Stored strings outside these bounds are refused before any hashing: a tampered row must not
// make the Worker allocate more than its 128 MB isolate, or hash with a weaker setting.
const BOUNDS = {
  ln: { min: 14, max: 16 },
  r: { min: 8, max: 16 },
  p: { min: 1, max: 16 },
  saltBytes: { min: 16, max: 64 },
  keyBytes: { min: 32, max: 64 },
  // workerd rejects N*r*p above 2^20.
  maxWork: 2 ** 20,
  maxMemoryBytes: 64 * 1024 * 1024,
} as const;

type ParsedHash = { params: ScryptParams; salt: Uint8Array; key: Uint8Array };

const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

const within = (value: number, { min, max }: { min: number; max: number }) => value >= min && value <= max;

function memoryBytes({ ln, r, p }: ScryptParams): number {
  // scrypt's working set: the V array (128*r*N) plus the B blocks (128*r*p).
  return 128 * r * (2 ** ln + p + 2);
}

/** Parses a stored hash; null when it is malformed or its parameters are out of bounds. */
export function parsePasswordHash(stored: string): ParsedHash | null {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match;
  if (salt === undefined || key === undefined) return null;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (!within(params.ln, BOUNDS.ln) || !within(params.r, BOUNDS.r) || !within(params.p, BOUNDS.p)) return null;
  if (2 ** params.ln * params.r * params.p > BOUNDS.maxWork) return null;
  if (memoryBytes(params) > BOUNDS.maxMemoryBytes) return null;
  const saltBytes = decodeBase64(salt);
  const keyBytes = decodeBase64(key);
  if (!saltBytes || !within(saltBytes.length, BOUNDS.saltBytes)) return null;
  if (!keyBytes || !within(keyBytes.length, BOUNDS.keyBytes)) return null;
  return { params, salt: saltBytes, key: keyBytes };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = new Uint8Array(randomBytes(SALT_BYTES));
  const key = await deriveKey(password, salt, CURRENT_PARAMS, KEY_BYTES);
  const { ln, r, p } = CURRENT_PARAMS;
  return `$scrypt$ln=${ln},r=${r},p=${p}$${encodeBase64(salt)}$${encodeBase64(key)}`;
}

/** True only when `password` matches `stored`; false for a wrong password or an unusable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return false;
  const key = await deriveKey(password, parsed.salt, parsed.params, parsed.key.length);
  return constantTimeEqual(key, parsed.key);
}

function deriveKey(password: string, salt: Uint8Array, params: ScryptParams, keyBytes: number): Promise<Uint8Array> {
  // NFKC: the same password typed on different keyboards or systems hashes the same way.
  const input = Buffer.from(password.normalize("NFKC"), "utf8");
  const N = 2 ** params.ln;
  return new Promise((resolve, reject) => {
    // Node's default maxmem (32 MiB) is below what the upper bounds allow; allow exactly the
    // working set plus headroom, never more than the bounds above permit.
    scrypt(
      input,
      salt,
      keyBytes,
      { N, r: params.r, p: params.p, maxmem: memoryBytes(params) + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
    );
  });
}

function encodeBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("base64").replace(/=+$/, "");
}

function decodeBase64(text: string): Uint8Array | null {
  const bytes = new Uint8Array(Buffer.from(text, "base64"));
  // Buffer ignores stray characters; a round trip proves the text was canonical base64.
  return encodeBase64(bytes) === text ? bytes : null;
}
