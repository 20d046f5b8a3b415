import type { PhotoVariant } from "~/content/services";
import { refused, textRefusal } from "~/http/outcome.server";
import type { CheckedPhoto } from "./photo-upload.server";

// A photo's files in R2 (the PHOTOS binding) and how they are served: the photo under its key, each
// smaller copy beside it (`<key>/w<width>`), and one set of headers that shows it as an image and
// nothing else (decisions 063 and 071).

/** Where a photo's smaller copy of `width` pixels is kept, beside the photo. */
const variantKey = (key: string, width: number) => `${key}/w${width}`;

/** Keeps the photo and its smaller copies in R2, each with its type. */
export async function putPhotoFiles(bucket: R2Bucket, key: string, photo: CheckedPhoto): Promise<void> {
  await Promise.all([
    bucket.put(key, photo.bytes, { httpMetadata: { contentType: photo.header.type } }),
    ...photo.variants.map(({ bytes, variant }) =>
      bucket.put(variantKey(key, variant.width), bytes, { httpMetadata: { contentType: variant.type } }),
    ),
  ]);
}

/** The photo's file (or, with `width`, its copy of that width, when it has one) and its type; null otherwise. */
export async function getPhotoFile(
  bucket: R2Bucket,
  key: string,
  photo: { type: string; variants?: PhotoVariant[] | null },
  width?: number,
): Promise<{ type: string; file: R2ObjectBody } | null> {
  if (width === undefined) {
    const file = await bucket.get(key);
    return file ? { type: photo.type, file } : null;
  }
  const variant = photo.variants?.find((candidate) => candidate.width === width);
  if (!variant) return null;
  const file = await bucket.get(variantKey(key, width));
  return file ? { type: variant.type, file } : null;
}

/** The `?w=` a photo's address asks for: a copy's width, or none for the photo itself. */
export function askedWidth(request: Request): number | undefined {
  const width = new URL(request.url).searchParams.get("w");
  return width === null ? undefined : Number(width);
}

/**
 * A photo's answer: shown inline as an image and never run (its own policy: no script, no plugin,
 * no frame, sandboxed), with its type, ETag and `cacheControl`; a 404 when `found` is null.
 */
export function photoFileResponse(
  request: Request,
  found: { type: string; file: R2ObjectBody } | null,
  cacheControl: string,
): Response {
  if (!found) return textRefusal(refused("not-found", "Not found").refusal);
  const headers = {
    "Cache-Control": cacheControl,
    "Content-Disposition": "inline",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Content-Type": found.type,
    "Content-Length": String(found.file.size),
    ETag: found.file.httpEtag,
  };
  if (request.headers.get("If-None-Match") === found.file.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : found.file.body, { headers });
}
