// Mail, as a mail client reads it.
import { decodeBase64IgnorePadding } from "@oslojs/encoding";

/** One message as a strict reader sees it: headers (encoded words decoded) and the decoded parts. */
export type ReadMail = {
  /** Every header line, unfolded, in order: [lowercased name, decoded value]. */
  headers: [string, string][];
  header: (name: string) => string | undefined;
  text: string;
  html: string;
  /** Attached files (multipart/mixed): each part's Content-Type and decoded text. */
  attachments: { type: string; content: string }[];
};

const utf8 = new TextDecoder("utf-8", { fatal: true });
const fromBase64 = (data: string) => utf8.decode(decodeBase64IgnorePadding(data.replace(/\s+/g, "")));
// The space between two adjacent encoded words is not part of the text (RFC 2047 6.2).
const decodeWords = (value: string) =>
  value
    .replace(/(?<=\?=)[ \t]+(?==\?)/g, "")
    .replace(/=\?utf-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, data: string) => fromBase64(data));

function readHeaderBlock(block: string): [string, string][] {
  return block
    .replace(/\r\n(?=[ \t])/g, "")
    .split("\r\n")
    .map((line) => {
      const match = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
      if (!match) throw new Error(`Not a header line: ${JSON.stringify(line)}`);
      return [match[1]!.toLowerCase(), decodeWords(match[2]!)];
    });
}

type Part = { type: string; disposition: string; content: string };

/** The base64 parts of a multipart body; a nested multipart/alternative is read into its parts. */
function readParts(body: string, boundary: string): Part[] {
  return body
    .split(`--${boundary}`)
    .slice(1, -1)
    .flatMap((part) => {
      const entity = part.replace(/^\r\n/, "");
      const end = entity.indexOf("\r\n\r\n");
      const partHeaders = new Map(readHeaderBlock(entity.slice(0, end)));
      const type = partHeaders.get("content-type") ?? "";
      const nested = /^multipart\/alternative; boundary="?([^";]+)"?$/.exec(type)?.[1];
      if (nested) return readParts(entity.slice(end + 4), nested);
      if (partHeaders.get("content-transfer-encoding") !== "base64") throw new Error("A part that is not base64");
      return [
        { type, disposition: partHeaders.get("content-disposition") ?? "", content: fromBase64(entity.slice(end + 4)) },
      ];
    });
}

/**
 * Reads a raw message strictly (RFC 5322 line ends, one header per line, a multipart/alternative
 * body of base64 text and HTML parts, or a multipart/mixed one holding that and attached files),
 * independently of the library that wrote it.
 */
export function readMail(raw: string): ReadMail {
  if (/(?<!\r)\n|\r(?!\n)/.test(raw)) throw new Error("A bare CR or LF in the message");
  if (raw.split("\r\n").some((line) => line.length > 998)) throw new Error("A line longer than 998 characters");
  const split = raw.indexOf("\r\n\r\n");
  const headers = readHeaderBlock(raw.slice(0, split));
  const header = (name: string) => headers.find(([key]) => key === name.toLowerCase())?.[1];
  const boundary = /^multipart\/(?:alternative|mixed); boundary="?([^";]+)"?$/.exec(header("content-type") ?? "")?.[1];
  if (!boundary) throw new Error(`Not multipart/alternative or mixed: ${header("content-type")}`);
  const parts = readParts(raw.slice(split + 4), boundary);
  const inline = parts.filter((candidate) => !candidate.disposition.startsWith("attachment"));
  const part = (type: string) => inline.find((candidate) => candidate.type.startsWith(type))?.content ?? "";
  const attachments = parts
    .filter((candidate) => candidate.disposition.startsWith("attachment"))
    .map(({ type, content }) => ({ type, content }));
  return { headers, header, text: part("text/plain"), html: part("text/html"), attachments };
}
