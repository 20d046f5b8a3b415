import { decodeCBORToNativeValue } from "@oslojs/cbor";
import { decodePKIXECDSASignature, p256 } from "@oslojs/crypto/ecdsa";
import { RSAPublicKey } from "@oslojs/crypto/rsa";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import {
  ClientDataType,
  COSEKeyType,
  COSEPublicKey,
  coseAlgorithmEdDSA,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveEd25519,
  coseEllipticCurveP256,
  createAssertionSignatureMessage,
  parseAttestationObject,
  parseAuthenticatorData,
  parseClientDataJSON,
  type AuthenticatorData,
} from "@oslojs/webauthn";

// The WebAuthn checks a relying party makes (decision 040), on @oslojs/webauthn's parsers and the
// runtime's Web Crypto for the signatures. Attestation is never asked for ("none"), so its statement
// is not checked: the public key is trusted because the browser signed the challenge we gave it.
// Every function answers null for anything it refuses; the caller does not need to know why.

/** The algorithms offered at registration, in the order browsers are asked to prefer them. */
export const SUPPORTED_ALGORITHMS = [coseAlgorithmEdDSA, coseAlgorithmES256, coseAlgorithmRS256] as const;

export type RelyingParty = { id: string; origin: string };

type Expected = { challenge: string; relyingParty: RelyingParty };

/** 32 random bytes, base64url: a ceremony's challenge. */
export function newChallenge(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(32)));
}

/** The libraries' byte arrays, which always own a plain ArrayBuffer, as Web Crypto's type wants them. */
const buffer = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;

function decode(value: string): Uint8Array | null {
  try {
    return decodeBase64urlIgnorePadding(value);
  } catch {
    return null;
  }
}

function clientDataMatches(clientDataJSON: Uint8Array, type: ClientDataType, expected: Expected): boolean {
  const clientData = parseClientDataJSON(clientDataJSON);
  return (
    clientData.type === type &&
    encodeBase64urlNoPadding(clientData.challenge) === expected.challenge &&
    clientData.origin === expected.relyingParty.origin &&
    // This site never runs a ceremony inside another site's frame.
    clientData.crossOrigin !== true
  );
}

/** The site's RP ID, someone's touch and their fingerprint, PIN or face (user verification required). */
function authenticatorDataMatches(data: AuthenticatorData, relyingParty: RelyingParty): boolean {
  return data.verifyRelyingPartyIdHash(relyingParty.id) && data.userPresent && data.userVerified;
}

/** The stored COSE key as a Web Crypto key with the parameters to verify with; throws if unsupported. */
async function importCoseKey(cose: Uint8Array): Promise<{ key: CryptoKey; params: { name: string; hash?: string } }> {
  const [decoded] = decodeCBORToNativeValue(cose, 4);
  const publicKey = new COSEPublicKey(decoded as object);
  const algorithm = publicKey.algorithm();
  const type = publicKey.type();
  if (algorithm === coseAlgorithmES256 && type === COSEKeyType.EC2) {
    if (publicKey.ec2().curve !== coseEllipticCurveP256) throw new Error("ES256 needs P-256");
    // The coordinates as COSE carries them (ec2() checked both are 32 bytes), not through oslo's
    // ECDSAPublicKey: its SEC1 encoding drops a y's leading zero byte (1 key in 256).
    const { "-2": x, "-3": y } = decoded as { "-2": Uint8Array; "-3": Uint8Array };
    const raw = new Uint8Array([0x04, ...x, ...y]);
    const key = await crypto.subtle.importKey("raw", buffer(raw), { name: "ECDSA", namedCurve: "P-256" }, false, [
      "verify",
    ]);
    return { key, params: { name: "ECDSA", hash: "SHA-256" } };
  }
  if (algorithm === coseAlgorithmRS256 && type === COSEKeyType.RSA) {
    const { n, e } = publicKey.rsa();
    const spki = new RSAPublicKey(n, e).encodePKIX();
    const key = await crypto.subtle.importKey(
      "spki",
      buffer(spki),
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["verify"],
    );
    return { key, params: { name: "RSASSA-PKCS1-v1_5" } };
  }
  if (algorithm === coseAlgorithmEdDSA && type === COSEKeyType.OKP) {
    const { curve, x } = publicKey.okp();
    if (curve !== coseEllipticCurveEd25519) throw new Error("EdDSA needs Ed25519");
    const key = await crypto.subtle.importKey("raw", buffer(x), { name: "Ed25519" }, false, ["verify"]);
    return { key, params: { name: "Ed25519" } };
  }
  throw new Error(`Unsupported COSE algorithm ${algorithm}`);
}

/** The credential's public key as COSE bytes: what follows the credential ID in the authenticator data. */
function coseKeyBytes(authenticatorData: Uint8Array, credentialIdLength: number): Uint8Array {
  const rest = authenticatorData.slice(55 + credentialIdLength);
  const [, size] = decodeCBORToNativeValue(rest, 4);
  return rest.slice(0, size);
}

export type NewCredential = { id: string; publicKey: Uint8Array; counter: number };

/**
 * A new credential from navigator.credentials.create(): for this site's origin and RP ID, answering
 * our challenge, made with the person verified, with a key of an algorithm we offered.
 */
export async function verifyRegistration(
  credential: { id: string; rawId: string; response: { clientDataJSON: string; attestationObject: string } },
  expected: Expected,
): Promise<NewCredential | null> {
  try {
    const clientDataJSON = decode(credential.response.clientDataJSON);
    const attestationObject = decode(credential.response.attestationObject);
    if (!clientDataJSON || !attestationObject || credential.id !== credential.rawId) return null;
    if (!clientDataMatches(clientDataJSON, ClientDataType.Create, expected)) return null;
    const { authenticatorData } = parseAttestationObject(attestationObject);
    if (!authenticatorDataMatches(authenticatorData, expected.relyingParty)) return null;
    const made = authenticatorData.credential;
    if (!made || encodeBase64urlNoPadding(made.id) !== credential.id) return null;
    const rawAuthenticatorData = rawAuthenticatorDataOf(attestationObject);
    const publicKey = coseKeyBytes(rawAuthenticatorData, made.id.byteLength);
    await importCoseKey(publicKey);
    return { id: credential.id, publicKey, counter: authenticatorData.signatureCounter };
  } catch {
    return null;
  }
}

function rawAuthenticatorDataOf(attestationObject: Uint8Array): Uint8Array {
  const [decoded] = decodeCBORToNativeValue(attestationObject, 4);
  const authData = (decoded as { authData?: unknown }).authData;
  if (!(authData instanceof Uint8Array)) throw new Error("No authData");
  return authData;
}

/**
 * An assertion from navigator.credentials.get(): for this site, answering our challenge, with the person
 * verified, signed by the stored key, and with a signature counter that went up (or that the
 * authenticator does not keep: both 0). A counter that did not go up means a cloned key. The new
 * counter, or null.
 */
export async function verifyAssertion(
  response: { clientDataJSON: string; authenticatorData: string; signature: string },
  expected: Expected & { publicKey: Uint8Array; counter: number },
): Promise<{ counter: number } | null> {
  try {
    const clientDataJSON = decode(response.clientDataJSON);
    const authenticatorDataBytes = decode(response.authenticatorData);
    const signature = decode(response.signature);
    if (!clientDataJSON || !authenticatorDataBytes || !signature) return null;
    if (!clientDataMatches(clientDataJSON, ClientDataType.Get, expected)) return null;
    const authenticatorData = parseAuthenticatorData(authenticatorDataBytes);
    if (!authenticatorDataMatches(authenticatorData, expected.relyingParty)) return null;
    const { key, params } = await importCoseKey(expected.publicKey);
    // ECDSA signatures come DER-encoded; Web Crypto takes r and s side by side.
    const signed = params.name === "ECDSA" ? decodePKIXECDSASignature(signature).encodeIEEEP1363(p256) : signature;
    const message = createAssertionSignatureMessage(authenticatorDataBytes, clientDataJSON);
    if (!(await crypto.subtle.verify(params, key, buffer(signed), buffer(message)))) return null;
    const counter = authenticatorData.signatureCounter;
    if ((counter > 0 || expected.counter > 0) && counter <= expected.counter) return null;
    return { counter };
  } catch {
    return null;
  }
}
