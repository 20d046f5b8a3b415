// Mail, as a mail client reads it.

/** One message as a strict reader sees it: headers (encoded words decoded) and the decoded parts. */
export type ReadMail = {
  /** Every header line, unfolded, in order: [lowercased name, decoded value]. */
  headers: [string, string][];
  header: (name: string) => string | undefined;
  text: string;
  html: string;
};

const utf8 = new TextDecoder("utf-8", { fatal: true });
const fromBase64 = (data: string) =>
  utf8.decode(Uint8Array.from(atob(data.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, data: string) => fromBase64(data));

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

/**
 * Reads a raw message strictly (RFC 5322 line ends, one header per line, a multipart/alternative
 * body of base64 text and HTML parts), independently of the library that wrote it.
 */
export function readMail(raw: string): ReadMail {
  if (/(?<!\r)\n|\r(?!\n)/.test(raw)) throw new Error("A bare CR or LF in the message");
  if (raw.split("\r\n").some((line) => line.length > 998)) throw new Error("A line longer than 998 characters");
  const split = raw.indexOf("\r\n\r\n");
  const headers = readHeaderBlock(raw.slice(0, split));
  const header = (name: string) => headers.find(([key]) => key === name.toLowerCase())?.[1];
  const boundary = /^multipart\/alternative; boundary="?([^";]+)"?$/.exec(header("content-type") ?? "")?.[1];
  if (!boundary) throw new Error(`Not multipart/alternative: ${header("content-type")}`);
  const parts = raw
    .slice(split + 4)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const body = part.replace(/^\r\n/, "");
      const end = body.indexOf("\r\n\r\n");
      const partHeaders = new Map(readHeaderBlock(body.slice(0, end)));
      if (partHeaders.get("content-transfer-encoding") !== "base64") throw new Error("A part that is not base64");
      return { type: partHeaders.get("content-type") ?? "", content: fromBase64(body.slice(end + 4)) };
    });
  const part = (type: string) => parts.find((candidate) => candidate.type.startsWith(type))?.content ?? "";
  return { headers, header, text: part("text/plain"), html: part("text/html") };
}
