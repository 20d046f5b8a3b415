// A passkey authenticator in software, for the Worker tests: it makes ES256, RS256 or Ed25519 keys
// with Web Crypto and answers WebAuthn ceremonies as a browser would post them (base64url JSON),
// with every part (origin, challenge, RP ID, flags, counter, signature) open to being got wrong.
import { decodeIEEEP1363ECDSASignature, p256 } from "@oslojs/crypto/ecdsa";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { concat } from "./bytes";

export type Algorithm = "ES256" | "RS256" | "EdDSA";

type CborValue = number | string | Uint8Array | { [key: string]: CborValue } | Map<number | string, CborValue>;

/** Just enough CBOR (RFC 8949) for COSE keys and attestation objects. */
function cbor(value: CborValue): Uint8Array {
  const head = (major: number, length: number) => {
    if (length < 24) return [(major << 5) | length];
    if (length < 256) return [(major << 5) | 24, length];
    if (length < 65536) return [(major << 5) | 25, length >> 8, length & 255];
    return [(major << 5) | 26, (length >>> 24) & 255, (length >> 16) & 255, (length >> 8) & 255, length & 255];
  };
  if (typeof value === "number") return new Uint8Array(value >= 0 ? head(0, value) : head(1, -1 - value));
  if (typeof value === "string") {
    const text = new TextEncoder().encode(value);
    return concat(new Uint8Array(head(3, text.length)), text);
  }
  if (value instanceof Uint8Array) return concat(new Uint8Array(head(2, value.length)), value);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return concat(new Uint8Array(head(5, entries.length)), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]));
}

const sha256 = async (bytes: Uint8Array) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
const b64 = encodeBase64urlNoPadding;
const fromJwk = (value: string | undefined) => decodeBase64urlIgnorePadding(value ?? "");

const generation = {
  ES256: { name: "ECDSA", namedCurve: "P-256" },
  RS256: { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
  EdDSA: { name: "Ed25519" },
} as const;

// Each algorithm's COSE key (RFC 9053): its labels and the JWK members that fill them, in order.
// prettier-ignore
const coseEntries = {
  ES256: (jwk: JsonWebKey) => [[1, 2], [3, -7], [-1, 1], [-2, fromJwk(jwk.x)], [-3, fromJwk(jwk.y)]],
  RS256: (jwk: JsonWebKey) => [[1, 3], [3, -257], [-1, fromJwk(jwk.n)], [-2, fromJwk(jwk.e)]],
  EdDSA: (jwk: JsonWebKey) => [[1, 1], [3, -8], [-1, 6], [-2, fromJwk(jwk.x)]],
} satisfies Record<Algorithm, (jwk: JsonWebKey) => [number, CborValue][]>;

async function coseKey(algorithm: Algorithm, key: CryptoKey): Promise<Uint8Array> {
  return cbor(new Map<number, CborValue>(coseEntries[algorithm](await crypto.subtle.exportKey("jwk", key))));
}

export type CeremonyOverrides = {
  origin?: string;
  rpId?: string;
  type?: string;
  challenge?: string;
  crossOrigin?: boolean;
  userPresent?: boolean;
  userVerified?: boolean;
  counter?: number;
  /** Sign with another key than the registered one. */
  otherKey?: boolean;
};

/** A software authenticator holding one credential of `algorithm` for `userId`. */
export async function softwareAuthenticator(
  algorithm: Algorithm,
  { origin = "http://localhost", keyWhere }: { origin?: string; keyWhere?: (key: JsonWebKey) => boolean } = {},
) {
  const newKeys = async () =>
    (await crypto.subtle.generateKey(generation[algorithm], true, ["sign", "verify"])) as CryptoKeyPair;
  let keys = await newKeys();
  // A key with some property (a coordinate starting with a zero byte): drawn again until it has it.
  while (keyWhere && !keyWhere(await crypto.subtle.exportKey("jwk", keys.publicKey))) keys = await newKeys();
  const credentialId = crypto.getRandomValues(new Uint8Array(16));
  let counter = 0;

  /** The PublicKeyCredential around an authenticator's response, as the browser code posts it. */
  const credential = <Answer>(response: Answer) => ({
    id: b64(credentialId),
    rawId: b64(credentialId),
    type: "public-key",
    clientExtensionResults: {},
    response,
  });

  const clientData = (type: string, challenge: string, o: CeremonyOverrides) =>
    new TextEncoder().encode(
      JSON.stringify({
        type: o.type ?? type,
        challenge: o.challenge ?? challenge,
        origin: o.origin ?? origin,
        crossOrigin: o.crossOrigin ?? false,
      }),
    );

  async function authenticatorData(rpId: string, o: CeremonyOverrides, attested?: Uint8Array) {
    const flags = ((o.userPresent ?? true) ? 0x01 : 0) | ((o.userVerified ?? true) ? 0x04 : 0) | (attested ? 0x40 : 0);
    const count = o.counter ?? counter;
    const head = concat(
      await sha256(new TextEncoder().encode(o.rpId ?? rpId)),
      new Uint8Array([flags, (count >>> 24) & 255, (count >> 16) & 255, (count >> 8) & 255, count & 255]),
    );
    if (!attested) return head;
    const idLength = new Uint8Array([credentialId.length >> 8, credentialId.length & 255]);
    return concat(head, new Uint8Array(16), idLength, credentialId, attested);
  }

  async function sign(message: Uint8Array, key: CryptoKey): Promise<Uint8Array> {
    const params = algorithm === "ES256" ? { name: "ECDSA", hash: "SHA-256" } : generation[algorithm];
    const raw = new Uint8Array(await crypto.subtle.sign(params, key, message as Uint8Array<ArrayBuffer>));
    // WebAuthn carries ECDSA signatures DER-encoded.
    return algorithm === "ES256" ? decodeIEEEP1363ECDSASignature(p256, raw).encodePKIX() : raw;
  }

  return {
    credentialId: b64(credentialId),
    /** navigator.credentials.create()'s answer to these options, as the browser code posts it. */
    async register(options: { challenge: string; rp: { id: string } }, o: CeremonyOverrides = {}) {
      const authData = await authenticatorData(options.rp.id, o, await coseKey(algorithm, keys.publicKey));
      return credential({
        clientDataJSON: b64(clientData("webauthn.create", options.challenge, o)),
        attestationObject: b64(cbor({ fmt: "none", attStmt: {}, authData })),
        transports: ["internal"],
      });
    },
    /** navigator.credentials.get()'s answer to these options; the counter goes up by one each time. */
    async signIn(options: { challenge: string; rpId: string }, userId: string, o: CeremonyOverrides = {}) {
      counter += 1;
      const client = clientData("webauthn.get", options.challenge, o);
      const authData = await authenticatorData(options.rpId, o);
      const signingKey = o.otherKey ? (await newKeys()).privateKey : keys.privateKey;
      const signature = await sign(concat(authData, await sha256(client)), signingKey);
      return credential({
        clientDataJSON: b64(client),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: b64(new TextEncoder().encode(userId)),
      });
    },
  };
}
