// Bytes as the tests build them by hand: bodies JSON.stringify cannot make, and the messages a
// software authenticator signs.

/** The parts one after another, in a buffer of their own. */
export function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}
