// The photos on the bench's estimates (issue 39: "a 30-line estimate and 40 photos";
// docs/decisions/071-estimate-line-photos.md). Each is added as staff add one, through the staff
// API on the running server: the photo and the three smaller copies a browser makes at upload, so
// R2 holds what an upload leaves there and D1 the row. The bytes are a JPEG's (or WebP's) header,
// enough for the Worker to read its type and size, then filler up to the weights the weight part
// measured for a phone's photo and its copies (docs/performance.md, issue 38): the record page and
// the customer's page link the photos and never read them, so only their count and size matter.
import { randomBytes } from "node:crypto";
import { jpegOf, webpOf } from "../../../test/support/photos.ts";
import { origin } from "../inbox.ts";

const KB = 1024;

/** A phone's photo as the weight part's Chromium drew it (3024 × 2268, about 1.05 MB as JPEG). */
const PHOTO = { width: 3024, height: 2268, bytes: 1_075 * KB };

/** Its copies at the widths the upload form makes (app/photos/limits.ts), as heavy as measured. */
const COPIES = [
  { width: 480, height: 360, bytes: 17 * KB, type: "image/jpeg" },
  { width: 960, height: 720, bytes: 65 * KB, type: "image/webp" },
  { width: 1600, height: 1200, bytes: 137 * KB, type: "image/jpeg" },
] as const;

/** What one photo and its copies keep in R2. */
export const STORED_PHOTO_BYTES = PHOTO.bytes + COPIES.reduce((sum, copy) => sum + copy.bytes, 0);

/** A line keeps at most this many photos (decision 071). */
const PHOTOS_A_LINE = 4;

const padded = (header: Uint8Array, bytes: number) => {
  const file = new Uint8Array(bytes);
  file.set(header);
  file.set(randomBytes(bytes - header.length), header.length);
  return file;
};

function photoForm(index: number): FormData {
  const form = new FormData();
  const photo = padded(jpegOf(PHOTO.width, PHOTO.height), PHOTO.bytes);
  form.append("photo", new File([photo], `IMG_${1000 + index}.jpg`, { type: "image/jpeg" }));
  for (const copy of COPIES) {
    const header = copy.type === "image/webp" ? webpOf(copy.width, copy.height) : jpegOf(copy.width, copy.height);
    form.append("variant", new File([padded(header, copy.bytes)], `w${copy.width}`, { type: copy.type }));
  }
  return form;
}

/**
 * Adds `count` photos to the estimate, up to four on each of its lines in order, as the signed-in
 * staff member (`cookie`) on the running server. Returns how many were kept.
 */
export async function addEstimatePhotos(cookie: string, estimateId: string, count: number): Promise<number> {
  const read = await fetch(`${origin}/api/estimates/${estimateId}`, { headers: { Cookie: cookie } });
  if (!read.ok) throw new Error(`Reading estimate ${estimateId} answered ${read.status}`);
  const { lines } = await read.json<{ lines: { id: string }[] }>();
  let kept = 0;
  for (let index = 0; index < count; index++) {
    const line = lines[Math.floor(index / PHOTOS_A_LINE)];
    if (!line) break;
    const added = await fetch(`${origin}/api/estimates/${estimateId}/lines/${line.id}/photos`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: origin },
      body: photoForm(index),
    });
    if (!added.ok) throw new Error(`Adding photo ${index + 1} answered ${added.status}: ${await added.text()}`);
    kept += 1;
  }
  return kept;
}
