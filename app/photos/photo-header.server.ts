import type { ServicePhoto } from "~/content/services";

// What a photo is, read from its own bytes (never its name or the type the browser declared), and
// its size in pixels from its header, so the page reserves its place (no layout shift):
// JPEG's SOF segment, PNG's IHDR, WebP's VP8/VP8L/VP8X chunk, HEIC's `ispe` property.

export type PhotoHeader = { type: ServicePhoto["type"]; width: number; height: number };

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 65536 + u16be(bytes, at + 2);

const sized = (type: PhotoHeader["type"], width: number, height: number): PhotoHeader | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

// Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC).
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

function jpeg(bytes: Uint8Array): PhotoHeader | null {
  let at = 2;
  let turned = false;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = u16be(bytes, at + 2);
    if (marker === 0xe1 && ascii(bytes, at + 4, 4) === "Exif") turned = exifTurnsSideways(bytes, at + 10);
    if (isStartOfFrame(marker)) {
      const height = u16be(bytes, at + 5);
      const width = u16be(bytes, at + 7);
      // A phone's portrait photo is stored landscape with an orientation the browser applies.
      return turned ? sized("image/jpeg", height, width) : sized("image/jpeg", width, height);
    }
    at += 2 + length;
  }
  return null;
}

/** Whether the EXIF block at `tiff` says to show the image turned a quarter (orientations 5 to 8). */
function exifTurnsSideways(bytes: Uint8Array, tiff: number): boolean {
  const little = ascii(bytes, tiff, 2) === "II";
  const u16 = (at: number) => (little ? u16le(bytes, tiff + at) : u16be(bytes, tiff + at));
  const u32 = (at: number) => (little ? u16(at) + u16(at + 2) * 65536 : u16(at) * 65536 + u16(at + 2));
  const directory = u32(4);
  const entries = u16(directory);
  for (let index = 0; index < Math.min(entries, 64); index++) {
    const entry = directory + 2 + index * 12;
    if (u16(entry) === 0x0112) return u16(entry + 8) >= 5 && u16(entry + 8) <= 8;
  }
  return false;
}

function png(bytes: Uint8Array): PhotoHeader | null {
  if (ascii(bytes, 12, 4) !== "IHDR") return null;
  return sized("image/png", u32be(bytes, 16), u32be(bytes, 20));
}

function webp(bytes: Uint8Array): PhotoHeader | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ") return sized("image/webp", u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  if (chunk === "VP8L") {
    const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = bytes.subarray(21, 25);
    return sized("image/webp", 1 + (b1 | ((b2 & 0x3f) << 8)), 1 + ((b2 >> 6) | (b3 << 2) | ((b4 & 0x0f) << 10)));
  }
  if (chunk === "VP8X") return sized("image/webp", 1 + u24le(bytes, 24), 1 + u24le(bytes, 27));
  return null;
}

const HEIF_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1"]);

/**
 * HEIC: the `ispe` properties in its header give each image's size; a phone's photo is a grid of
 * tiles, each with its own, and the whole picture's is the largest.
 */
function heic(bytes: Uint8Array): PhotoHeader | null {
  let best: PhotoHeader | null = null;
  const end = Math.min(bytes.length - 16, 256 * 1024);
  for (let at = 4; at <= end; at++) {
    if (bytes[at] !== 0x69 || ascii(bytes, at, 4) !== "ispe") continue;
    const found = sized("image/heic", u32be(bytes, at + 8), u32be(bytes, at + 12));
    if (found && (!best || found.width * found.height > best.width * best.height)) best = found;
  }
  return best;
}

/** The photo's type and size from its bytes; null for any other file, or one whose header does not read. */
export function readPhotoHeader(bytes: Uint8Array): PhotoHeader | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return jpeg(bytes);
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return png(bytes);
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP") return webp(bytes);
  if (ascii(bytes, 4, 4) === "ftyp" && HEIF_BRANDS.has(ascii(bytes, 8, 4))) return heic(bytes);
  return null;
}
