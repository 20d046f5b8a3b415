// The first bytes of each kind of photo the owners may add, enough for the Worker to know it and
// read its size (app/photos/photo-header.server.ts); no picture follows.

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));
const u16be = (value: number) => [value >> 8, value & 0xff];
const u32be = (value: number) => [...u16be(Math.floor(value / 65536)), ...u16be(value & 0xffff)];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];

/** A JPEG's header: JFIF, then (for a phone's portrait photo) EXIF orientation 6, then its frame. */
export function jpegOf(width: number, height: number, { turned = false } = {}): Uint8Array<ArrayBuffer> {
  const jfif = [0xff, 0xe0, ...u16be(16), ...ascii("JFIF\0"), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const tiff = [...ascii("MM"), 0, 42, ...u32be(8), ...u16be(1), ...u16be(0x0112), ...u16be(3), ...u32be(1)];
  const exif = [...ascii("Exif\0\0"), ...tiff, ...u16be(6), 0, 0, ...u32be(0)];
  const app1 = turned ? [0xff, 0xe1, ...u16be(exif.length + 2), ...exif] : [];
  const frame = [0xff, 0xc0, ...u16be(17), 8, ...u16be(height), ...u16be(width), 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return new Uint8Array([0xff, 0xd8, ...jfif, ...app1, ...frame, 0xff, 0xd9]);
}

export function pngOf(width: number, height: number): Uint8Array<ArrayBuffer> {
  const ihdr = [...u32be(13), ...ascii("IHDR"), ...u32be(width), ...u32be(height), 8, 6, 0, 0, 0, 0, 0, 0, 0];
  return new Uint8Array([0x89, ...ascii("PNG\r\n\x1a\n"), ...ihdr]);
}

/** An extended WebP (VP8X), as phones and editors write them. */
export function webpOf(width: number, height: number): Uint8Array<ArrayBuffer> {
  const vp8x = [...ascii("VP8X"), 10, 0, 0, 0, 0, 0, 0, 0, ...u24le(width - 1), ...u24le(height - 1)];
  return new Uint8Array([...ascii("RIFF"), ...[vp8x.length + 4, 0, 0, 0], ...ascii("WEBP"), ...vp8x]);
}

/** A phone's HEIC: its brand, a tile's `ispe` (512 × 512) and the whole picture's. */
export function heicOf(width: number, height: number): Uint8Array<ArrayBuffer> {
  const ispe = (w: number, h: number) => [...u32be(20), ...ascii("ispe"), 0, 0, 0, 0, ...u32be(w), ...u32be(h)];
  const ftyp = [...u32be(24), ...ascii("ftypheic"), 0, 0, 0, 0, ...ascii("mif1heic")];
  return new Uint8Array([...ftyp, ...ispe(512, 512), ...ispe(width, height)]);
}
