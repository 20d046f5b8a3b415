import { expect } from "vitest";

/**
 * A page or an email says each of `says` and none of `never`; a failure quotes the text and the
 * part it missed (or found), as `toContain` does.
 */
export function expectSays(text: string, says: readonly string[], never: readonly string[] = []) {
  for (const part of says) expect(text).toContain(part);
  for (const part of never) expect(text).not.toContain(part);
}
