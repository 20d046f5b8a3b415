import type * as Subtle from "@oslojs/crypto/subtle";
import { describe, expect, it, vi } from "vitest";
import { hashPassword, parsePasswordHash, verifyPassword } from "~/features/sign-in/server/password.server";

vi.mock("@oslojs/crypto/subtle", async (importOriginal) => {
  const original = await importOriginal<typeof Subtle>();
  return { ...original, constantTimeEqual: vi.fn(original.constantTimeEqual) };
});

const password = "correct horse battery staple";

function fields(stored: string) {
  const [, algorithm, params, salt, key] = stored.split("$");
  return { algorithm, params, salt: salt!, key: key! };
}

/** A stored string with its key's first character changed to another valid base64 character. */
function withChangedKey(stored: string): string {
  const { params, salt, key } = fields(stored);
  const changed = (key.startsWith("A") ? "B" : "A") + key.slice(1);
  return `$scrypt$${params}$${salt}$${changed}`;
}

describe("password hashing", () => {
  it("stores scrypt N=2^14, r=8, p=5 with a 16-byte salt and a 32-byte key in one self-describing string", async () => {
    const stored = await hashPassword(password);
    expect(stored).toMatch(/^\$scrypt\$ln=14,r=8,p=5\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    const parsed = parsePasswordHash(stored);
    expect(parsed?.params).toEqual({ ln: 14, r: 8, p: 5 });
    expect(parsed?.salt).toHaveLength(16);
    expect(parsed?.key).toHaveLength(32);
  });

  it("uses a fresh random salt for every hash", async () => {
    const [first, second] = await Promise.all([hashPassword(password), hashPassword(password)]);
    expect(fields(first).salt).not.toBe(fields(second).salt);
    expect(fields(first).key).not.toBe(fields(second).key);
  });

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword(password);
    expect(await verifyPassword(password, stored)).toBe(true);
    expect(await verifyPassword("correct horse battery stapler", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("treats the same password typed in another Unicode form as the same password", async () => {
    const stored = await hashPassword("caf\u00e9 au lait, s'il vous pla\u00eet");
    expect(await verifyPassword("cafe\u0301 au lait, s'il vous pla\u00eet", stored)).toBe(true);
  });

  it("compares keys with the constant-time comparison from @oslojs/crypto", async () => {
    // Fresh modules: the Worker's entry may have loaded the hashing module before this file's mock
    // was registered (the nightly jobs reach sign-in), and that copy holds the real function.
    vi.resetModules();
    const hashing = await import("~/features/sign-in/server/password.server");
    const subtle = await import("@oslojs/crypto/subtle");
    const stored = await hashing.hashPassword(password);
    vi.mocked(subtle.constantTimeEqual).mockClear();
    expect(await hashing.verifyPassword("a wrong password", stored)).toBe(false);
    expect(subtle.constantTimeEqual).toHaveBeenCalledTimes(1);
  });

  it("refuses tampered stored strings", async () => {
    const stored = await hashPassword(password);
    const { params, salt, key } = fields(stored);
    const tampered = [
      withChangedKey(stored),
      `$scrypt$${params}$${salt.slice(0, -2)}AA$${key}`,
      `$scrypt$${params}$${salt}$${key.slice(0, 20)}`,
      `$scrypt$${params}$${salt}$${key}=`,
      `$scrypt$${params}$${salt}$${key}$`,
      `$scrypt$${params}$${salt}$${key.slice(0, -1)}!`,
      `$pbkdf2$${params}$${salt}$${key}`,
      `$scrypt$ln=14,r=8$${salt}$${key}`,
      stored.replace("ln=14", "ln=15"),
      "",
      password,
    ];
    for (const candidate of tampered) {
      expect(await verifyPassword(password, candidate), candidate).toBe(false);
    }
  });

  it("refuses stored parameters outside sane bounds without hashing with them", async () => {
    const { salt, key } = fields(await hashPassword(password));
    const shortSalt = "AAAAAAAAAAAAAAAAAAAA"; // 15 bytes
    const outOfBounds = [
      "ln=20,r=8,p=5", // 1 GiB of memory: hashing it would throw, not return false
      "ln=17,r=8,p=1",
      "ln=10,r=8,p=5", // weaker than allowed
      "ln=14,r=1,p=5",
      "ln=14,r=8,p=0",
      "ln=16,r=8,p=5", // N*r*p above workerd's 2^20
      "ln=16,r=16,p=1", // 128 MiB working set
    ];
    for (const params of outOfBounds) {
      const stored = `$scrypt$${params}$${salt}$${key}`;
      expect(parsePasswordHash(stored), params).toBeNull();
      expect(await verifyPassword(password, stored), params).toBe(false);
    }
    expect(parsePasswordHash(`$scrypt$ln=14,r=8,p=5$${shortSalt}$${key}`)).toBeNull();
  });

  it("derives exactly what Node's crypto.scrypt derives, so the admin CLI and the Worker agree", async () => {
    // Computed with Node 24's crypto.scrypt for this password and the salt "pikesville-salt!".
    const fromNode = "$scrypt$ln=14,r=8,p=5$cGlrZXN2aWxsZS1zYWx0IQ$2eYd+l817P7OU7Nd9agj3MKAkcZwuqEnbAi5PQwnREs";
    expect(await verifyPassword(password, fromNode)).toBe(true);
  });

  it("verifies hashes stored with other parameters inside the bounds, so they can be raised later", async () => {
    const fromNode = "$scrypt$ln=15,r=8,p=1$cGlrZXN2aWxsZS1zYWx0IQ$VTj8nhLmI8i2P+kPegclm3zFOguM2WYdFErZ3z8CwZk";
    expect(await verifyPassword(password, fromNode)).toBe(true);
    expect(await verifyPassword("another password entirely", fromNode)).toBe(false);
  });
});
