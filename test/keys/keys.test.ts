import { env } from "cloudflare:test";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { describe, expect, it } from "vitest";
import { sealToken, unsealToken } from "~/features/team/server/tokens.server";
import { parseEnv } from "~/http/env.server";
import {
  cookieSecrets,
  hmacSha256,
  type KeyPurpose,
  linkKeys,
  linkSecret,
  purposeKey,
  type SecretsEnv,
} from "~/keys/keys.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";
import { fetchWorker } from "../support/http";
import { isAuthenticated, sessionIdOf, staffSessionCookie } from "../support/staff";
import { createCookie } from "react-router";

// One key per purpose and the session secret's rotation (issue 37 item 14, decision 058): each
// purpose has a key of its own, derived from a root with HKDF; a session made under the previous
// session secret still opens while SESSION_SECRET_PREVIOUS is set; nothing forged or changed opens.

const OLD = env.SESSION_SECRET;
const NEW = "the-new-session-secret-after-rotation-0123456789";
const OTHER = "a-secret-this-site-never-had-0123456789-abcdef";

/** Bindings as the owner's guide leaves them during a rotation (Env does not type the optional secrets). */
const bindings = (values: Partial<Record<"SESSION_SECRET" | "SESSION_SECRET_PREVIOUS" | "LINK_SECRET", string>>) =>
  Object.assign({}, values) as Partial<Env>;
/** The text with one letter or digit after `from` changed: a signature or ciphertext someone altered. */
function tamper(text: string, from: number): string {
  let at = from;
  while (!/[A-Za-z0-9]/.test(text[at]!)) at++;
  return `${text.slice(0, at)}${text[at] === "A" ? "B" : "A"}${text.slice(at + 1)}`;
}
const secretsOf = (values: Partial<SecretsEnv>): SecretsEnv => ({ ...parseEnv(env), ...values });

describe("the keys", () => {
  const purposes: KeyPurpose[] = [
    "cookie:__Host-session",
    "cookie:__Host-toast",
    "cookie:__Host-device",
    "staff-mail-token",
    "appointment-link",
    "reply-address",
    "recovery-code",
  ];

  it("differ for each purpose, from the root itself and from the keys used before them", async () => {
    const keys = await Promise.all(purposes.map(async (purpose) => encodeHexLowerCase(await purposeKey(OLD, purpose))));
    const legacy = await Promise.all(
      (["appointment-link", "reply-address", "recovery-code"] as const).map(async (purpose) =>
        encodeHexLowerCase((await linkKeys(OLD, purpose))[1]),
      ),
    );
    const root = encodeHexLowerCase(new TextEncoder().encode(OLD));
    // (The customer link's legacy key was the root itself: that is why the cookies could not keep it.)
    expect(new Set([...keys, ...legacy, root]).size).toBe(keys.length + new Set([...legacy, root]).size);
    expect(keys.every((key) => key.length === 64)).toBe(true);
  });

  it("are HKDF-SHA-256 of the root with the purpose as info, the same on every call", async () => {
    // RFC 5869 by hand: PRK = HMAC(salt of zeros, root); the first block = HMAC(PRK, info || 0x01).
    const prk = hmacSha256(new Uint8Array(32), OLD);
    const expected = hmacSha256(prk, new Uint8Array([...new TextEncoder().encode("reply-address"), 1]));
    expect(await purposeKey(OLD, "reply-address")).toEqual(expected);
    expect(await purposeKey(OLD, "reply-address")).toEqual(expected);
    expect(await purposeKey(NEW, "reply-address")).not.toEqual(expected);
  });

  it("give each cookie its own signing secret, the current session secret's first", async () => {
    const [session] = await cookieSecrets(secretsOf({}), "__Host-session");
    const [toast] = await cookieSecrets(secretsOf({}), "__Host-toast");
    expect(session).not.toBe(toast);
    const rotated = await cookieSecrets(
      secretsOf({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD }),
      "__Host-session",
    );
    expect(rotated).toHaveLength(2);
    expect(rotated[1]).toBe(session);
    expect(rotated[0]).not.toBe(session);
  });

  it("take the long-lived purposes from LINK_SECRET, or SESSION_SECRET while it is unset", () => {
    expect(linkSecret(secretsOf({}))).toBe(OLD);
    expect(linkSecret(secretsOf({ SESSION_SECRET: NEW, LINK_SECRET: OLD }))).toBe(OLD);
  });

  it("refuse an optional secret that is too short, and take an empty one as unset", () => {
    expect(() => parseEnv({ ...env, ...bindings({ SESSION_SECRET_PREVIOUS: "short" }) })).toThrow(
      /SESSION_SECRET_PREVIOUS must be at least 32 characters/,
    );
    expect(() => parseEnv({ ...env, ...bindings({ LINK_SECRET: "short" }) })).toThrow(/LINK_SECRET must be/);
    expect(parseEnv({ ...env, ...bindings({ SESSION_SECRET_PREVIOUS: "" }) }).SESSION_SECRET_PREVIOUS).toBeUndefined();
  });
});

describe("rotating the session secret", () => {
  it("keeps a session signed under the previous secret while SESSION_SECRET_PREVIOUS is set, and only then", async () => {
    const cookie = await staffSessionCookie("keys-rotation");
    expect(await isAuthenticated(cookie)).toBe(true);
    const status = async (values: Parameters<typeof bindings>[0], sent = cookie) =>
      (
        await (
          await fetchWorker("/api/auth/status", { headers: { Cookie: sent } }, { bindings: bindings(values) })
        ).json<{ authenticated: boolean }>()
      ).authenticated;
    expect(await status({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD })).toBe(true);
    // Once SESSION_SECRET_PREVIOUS is removed, the old cookie is worth nothing.
    expect(await status({ SESSION_SECRET: NEW })).toBe(false);
    // A changed signature, or one made under a secret the site never had, opens nothing.
    const tampered = tamper(cookie, cookie.lastIndexOf(".") + 5);
    expect(await status({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD }, tampered)).toBe(false);
    const forged = await createCookie("__Host-session", { secrets: [OTHER], secure: true, path: "/" }).serialize(
      sessionIdOf(cookie),
    );
    expect(await status({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD }, forged.split(";")[0])).toBe(false);
  });

  it("does not take a cookie signed with the bare secret, as before the keys were derived (one more sign-in)", async () => {
    const cookie = await staffSessionCookie("keys-upgrade");
    const bare = await createCookie("__Host-session", { secrets: [OLD], secure: true, path: "/" }).serialize(
      sessionIdOf(cookie),
    );
    expect(await isAuthenticated(bare.split(";")[0]!)).toBe(false);
  });

  it("signs new cookies with the new secret only", async () => {
    const rotated = secretsOf({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD });
    const header = await (await signedHostCookie("__Host-toast", rotated, { sameSite: "lax" })).serialize("hello");
    const read = async (values: Partial<SecretsEnv>): Promise<unknown> =>
      (await signedHostCookie("__Host-toast", secretsOf(values), { sameSite: "lax" })).parse(header.split(";")[0]!);
    expect(await read({ SESSION_SECRET: NEW })).toBe("hello");
    expect(await read({ SESSION_SECRET: OLD })).toBeNull();
    // The same value under another cookie's key does not pass for it.
    const sessionCookie = await signedHostCookie("__Host-session", secretsOf({ SESSION_SECRET: NEW }), {
      sameSite: "lax",
    });
    expect(await sessionCookie.parse(header.replace("__Host-toast", "__Host-session").split(";")[0]!)).toBeNull();
  });

  it("still opens a staff link sealed under the previous secret, and nothing changed or sealed elsewhere", async () => {
    const sealed = await sealToken("an-invitation-token", secretsOf({}));
    expect(await unsealToken(sealed, secretsOf({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD }))).toBe(
      "an-invitation-token",
    );
    expect(await unsealToken(sealed, secretsOf({ SESSION_SECRET: NEW }))).toBeNull();
    const changed = tamper(sealed, sealed.indexOf(".") + 5);
    expect(await unsealToken(changed, secretsOf({}))).toBeNull();
    expect(await unsealToken("not.base64url!", secretsOf({}))).toBeNull();
    const resealed = await sealToken("a-reset-token", secretsOf({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: OLD }));
    expect(await unsealToken(resealed, secretsOf({ SESSION_SECRET: NEW }))).toBe("a-reset-token");
    expect(await unsealToken(resealed, secretsOf({}))).toBeNull();
  });
});
