import { decodeBase64 } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { newTokenSalt, tokenHash } from "~/features/appointments/server/customer-link.server";
import { decodeCursor, encodeCursor } from "~/features/inbox/server/inbox-query.server";
import { issueToken, tokenId, verifierMatches } from "~/features/team/server/tokens.server";
import { createCspNonce } from "~/http/security.server";
import { buildRawMessage } from "~/mail/mime.server";

// The encodings come from @oslojs/encoding and the hashes from @oslojs/crypto (issue 36 item 5):
// what they write is what the hand-written ones wrote. The pinned outputs below were printed by
// the code before the change.

describe("the encodings", () => {
  it("write an inbox cursor as before, and read it back", () => {
    const cursor = {
      direction: "older",
      submittedAt: 1767225600000,
      id: "0b7d5a8e-3c1f-4e2a-9d6b-5f4e3a2b1c0d",
    } as const;
    const encoded = encodeCursor(cursor);
    expect(encoded).toBe("bzoxNzY3MjI1NjAwMDAwOjBiN2Q1YThlLTNjMWYtNGUyYS05ZDZiLTVmNGUzYTJiMWMwZA");
    expect(decodeCursor(encoded)).toEqual(cursor);
    expect(encodeCursor({ direction: "newer", submittedAt: 1, id: "a" })).toBe("bjoxOmE");
    expect(decodeCursor("bjoxOmE")).toEqual({ direction: "newer", submittedAt: 1, id: "a" });
    expect(decodeCursor("not a cursor")).toBeNull();
  });

  it("write an email's text as base64 in lines of 76, as before", () => {
    const raw = buildRawMessage({
      from: { address: "shop@example.com" },
      to: ["a@example.com"],
      subject: "Hé",
      text: "Crème brûlée — 12 €\nline two, long enough to wrap the base64 past seventy-six characters per line",
      html: "<p>é</p>",
      date: new Date(0),
      messageId: "x@example.com",
    });
    expect(raw).toContain(
      "\r\n\r\nQ3LDqG1lIGJyw7tsw6llIOKAlCAxMiDigqwNCmxpbmUgdHdvLCBsb25nIGVub3VnaCB0byB3cmFw\r\nIHRoZSBiYXNlNjQgcGFzdCBzZXZlbnR5LXNpeCBjaGFyYWN0ZXJzIHBlciBsaW5l\r\n",
    );
    expect(raw).toContain("\r\n\r\nPHA+w6k8L3A+\r\n");
  });

  it("hash a token to the SHA-256 D1 keeps, in lower-case hex", () => {
    expect(tokenHash("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("make staff links whose verifier matches the stored hash, and no other", () => {
    const issued = issueToken();
    expect(issued.token).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(tokenId(issued.token)).toBe(issued.id);
    expect(issued.verifierHash).toMatch(/^[0-9a-f]{64}$/);
    expect(verifierMatches(issued.token, issued.verifierHash)).toBe(true);
    const other = issueToken();
    expect(verifierMatches(issued.token, other.verifierHash)).toBe(false);
    // A verifier of "a" repeated: its SHA-256 as the code before the change wrote it.
    const token = `${issued.id}.${"a".repeat(43)}`;
    expect(verifierMatches(token, tokenHash("a".repeat(43)))).toBe(true);
  });

  it("make salts and nonces of the same shapes as before", () => {
    expect(newTokenSalt()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const nonce = createCspNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(decodeBase64(nonce)).toHaveLength(16);
  });
});
