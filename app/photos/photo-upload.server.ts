import type { PhotoVariant } from "~/content/services";
import { type Outcome, refused, succeeded } from "~/http/outcome.server";
import { readPostedFiles } from "~/http/request-body.server";
import { PHOTO_BYTES, PHOTO_VARIANT_BYTES, PHOTO_VARIANT_WIDTHS } from "./limits";
import { type PhotoHeader, readPhotoHeader } from "./photo-header.server";

// A posted photo, read and checked the same way wherever one is added (a service's photos,
// decision 063; an estimate line's, decision 071): its type by its bytes, never by its name or the
// type the browser declared; its size; and the smaller copies the sender's browser made of it.

/** The photo's limit, its smaller copies', and room for the form's other fields and boundaries. */
export const PHOTO_BODY_LIMIT_BYTES = PHOTO_BYTES + PHOTO_VARIANT_WIDTHS.length * PHOTO_VARIANT_BYTES + 64 * 1024;

/** A smaller copy of a photo as posted with it: its bytes and what they were checked to be. */
export type PostedVariant = { bytes: Uint8Array; variant: PhotoVariant };

/** A photo as checked: its bytes, its type and size as shown, and its smaller copies, narrowest first. */
export type CheckedPhoto = { bytes: Uint8Array; header: PhotoHeader; variants: PostedVariant[] };

const MEGABYTES = PHOTO_BYTES / 1024 / 1024;
const TOO_LARGE = `The photo can be at most ${MEGABYTES} MB: send a smaller one.`;
const photoRefusal = (reason: "invalid" | "too-large" | "unsupported-type", message: string) =>
  refused(reason, message, { fieldErrors: { photo: [message] } });

/** The posted multipart form, refused past the photo's limit before the rest is read. */
export async function readPhotoForm(request: Request): Promise<Outcome<FormData>> {
  const posted = await readPostedFiles(request, PHOTO_BODY_LIMIT_BYTES);
  if (posted.ok) return succeeded(posted.formData);
  const messages = {
    "too-large": TOO_LARGE,
    "unsupported-type": "Send the photo as a form (multipart/form-data).",
    invalid: "The form could not be read. Please try again.",
  };
  return photoRefusal(posted.reason, messages[posted.reason]);
}

/** The form's `photo` (JPEG, PNG, WebP or HEIC by its bytes, at most 10 MB) and its `variant` copies. */
export async function checkPostedPhoto(form: FormData): Promise<Outcome<CheckedPhoto>> {
  const file = form.get("photo");
  if (!(file instanceof File) || file.size === 0) return photoRefusal("invalid", "Choose a photo to add.");
  if (file.size > PHOTO_BYTES) return photoRefusal("too-large", TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readPhotoHeader(bytes);
  if (!header) return photoRefusal("unsupported-type", "The photo must be a JPEG, PNG, WebP or HEIC picture.");
  const variants = await readVariants(form.getAll("variant"), header, file.size);
  if (!variants.ok) return variants;
  return succeeded({ bytes, header: variants.value.shown, variants: variants.value.variants });
}

/**
 * The smaller copies posted with the photo (`variant`, up to three), each checked like the photo:
 * a JPEG or WebP by its bytes (415 otherwise), one of the widths the form makes, no wider and no
 * heavier than the photo, its shape the photo's, each width once (400 otherwise). One bad copy
 * refuses the whole upload: nothing is kept. `shown`: the photo's size as shown, which for a HEIC
 * the copies may correct (below).
 */
async function readVariants(
  entries: FormDataEntryValue[],
  photo: PhotoHeader,
  photoBytes: number,
): Promise<Outcome<{ variants: PostedVariant[]; shown: PhotoHeader }>> {
  const files = entries.filter((entry): entry is File => entry instanceof File && entry.size > 0);
  if (files.length > PHOTO_VARIANT_WIDTHS.length) {
    return photoRefusal("invalid", `Send at most ${PHOTO_VARIANT_WIDTHS.length} smaller copies of the photo.`);
  }
  const variants: PostedVariant[] = [];
  let shown = photo;
  for (const file of files) {
    if (file.size > Math.min(PHOTO_VARIANT_BYTES, photoBytes)) {
      return photoRefusal("invalid", "A smaller copy of the photo is heavier than allowed.");
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const header = readPhotoHeader(bytes);
    if (!header || (header.type !== "image/jpeg" && header.type !== "image/webp")) {
      return photoRefusal("unsupported-type", "A smaller copy of the photo must be a JPEG or WebP picture.");
    }
    const { width, height, type } = header;
    const fits = (size: PhotoHeader) =>
      width <= size.width && Math.abs(height - Math.round((width * size.height) / size.width)) <= 2;
    // A phone's HEIC taken upright is stored on its side and turned by a property its header's
    // size does not say (`irot`); the browser that drew the copies turned it, so they tell.
    const turned = { ...photo, width: photo.height, height: photo.width };
    if (variants.length === 0 && photo.type === "image/heic" && !fits(photo) && fits(turned)) shown = turned;
    if (
      !PHOTO_VARIANT_WIDTHS.some((made) => made === width) ||
      !fits(shown) ||
      variants.some((kept) => kept.variant.width === width)
    ) {
      return photoRefusal("invalid", "A smaller copy of the photo does not match it in size.");
    }
    variants.push({ bytes, variant: { width, height, type } });
  }
  return succeeded({ variants: variants.sort((a, b) => a.variant.width - b.variant.width), shown });
}
