import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";

// The browser's half of a passkey ceremony: the server's options arrive as JSON (base64url for every
// binary field), navigator.credentials wants buffers, and the answer goes back as JSON again.
// Components import this module lazily, when a passkey button is pressed (decision 040), so no page
// downloads it before someone asks for a passkey.

type CredentialDescriptorJSON = { id: string; type: "public-key"; transports?: string[] };

type CreationOptionsJSON = Omit<PublicKeyCredentialCreationOptions, "challenge" | "user" | "excludeCredentials"> & {
  challenge: string;
  user: { id: string; name: string; displayName: string };
  excludeCredentials?: CredentialDescriptorJSON[];
};

type RequestOptionsJSON = Omit<PublicKeyCredentialRequestOptions, "challenge" | "allowCredentials"> & {
  challenge: string;
  allowCredentials?: CredentialDescriptorJSON[];
};

const toBuffer = (value: string) => decodeBase64urlIgnorePadding(value) as Uint8Array<ArrayBuffer>;
const toText = (buffer: ArrayBuffer) => encodeBase64urlNoPadding(new Uint8Array(buffer));

const descriptors = (list: CredentialDescriptorJSON[] | undefined): PublicKeyCredentialDescriptor[] | undefined =>
  list?.map(({ id, type, transports }) => ({
    id: toBuffer(id),
    type,
    transports: transports as AuthenticatorTransport[],
  }));

async function ceremony(kind: "create" | "get", publicKey: object): Promise<PublicKeyCredential> {
  const credential = await navigator.credentials[kind]({ publicKey } as CredentialCreationOptions);
  if (!(credential instanceof PublicKeyCredential)) throw new Error("No passkey was given.");
  return credential;
}

/** The credential as JSON to post back: `response` holds what its kind adds to clientDataJSON. */
function answerOf<Fields extends object>(credential: PublicKeyCredential, response: Fields) {
  const id = toText(credential.rawId);
  return {
    id,
    rawId: id,
    type: "public-key" as const,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined,
    response: { clientDataJSON: toText(credential.response.clientDataJSON), ...response },
  };
}

/** Makes a passkey with the registration options from the server: the answer to post back. */
export async function createPasskey(options: CreationOptionsJSON) {
  const credential = await ceremony("create", {
    ...options,
    challenge: toBuffer(options.challenge),
    user: { ...options.user, id: toBuffer(options.user.id) },
    excludeCredentials: descriptors(options.excludeCredentials),
  });
  const response = credential.response as AuthenticatorAttestationResponse;
  return answerOf(credential, {
    attestationObject: toText(response.attestationObject),
    transports: response.getTransports?.() ?? [],
  });
}

/** Signs the server's challenge with one of the site's passkeys: the answer to post back. */
export async function signWithPasskey(options: RequestOptionsJSON) {
  const credential = await ceremony("get", {
    ...options,
    challenge: toBuffer(options.challenge),
    allowCredentials: descriptors(options.allowCredentials),
  });
  const response = credential.response as AuthenticatorAssertionResponse;
  return answerOf(credential, {
    authenticatorData: toText(response.authenticatorData),
    signature: toText(response.signature),
    userHandle: response.userHandle ? toText(response.userHandle) : undefined,
  });
}
