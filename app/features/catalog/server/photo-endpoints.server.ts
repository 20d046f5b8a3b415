import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { readPostedFiles } from "~/http/request-body.server";
import {
  jsonAnswer,
  mapSuccess,
  type Refusal,
  type RefusalReason,
  refused as refusedOutcome,
  succeeded,
  textRefusal,
} from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { PHOTO_LIMITS, PHOTO_VARIANT_WIDTHS, photoAltSchema } from "../catalog";
import { catalogServiceView, photoUrl } from "./catalog-store.server";
import { type PhotoHeader, readPhotoHeader } from "./photo-header.server";
import { addPhoto, type PostedVariant, removePhoto, shownPhoto } from "./photo-store.server";

// A service's photos through the owners' API (POST …/photos, DELETE …/photos/<id>) and the owners'
// page, and the public /photos/<id> that serves them (docs/decisions/063-service-photos-in-r2.md).

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** The photo's limit, its smaller copies', and room for the alt text and the form's boundaries around them. */
const BODY_LIMIT_BYTES = PHOTO_LIMITS.bytes + PHOTO_VARIANT_WIDTHS.length * PHOTO_LIMITS.variantBytes + 64 * 1024;
const MEGABYTES = PHOTO_LIMITS.bytes / 1024 / 1024;

/** A smaller copy of the photo, made by the owner's browser (decision 063). */
export type PhotoUpload =
  | { ok: true; bytes: Uint8Array; header: PhotoHeader; alt: string; variants: PostedVariant[] }
  /** `alt`: the words typed, for the form to keep (none when the body was not read). */
  | { ok: false; refusal: Refusal; field: "photo" | "alt"; alt: string };

type UploadRefusal = Extract<RefusalReason, "invalid" | "too-large" | "unsupported-type">;

const refused = (reason: UploadRefusal, field: "photo" | "alt", message: string, alt = ""): PhotoUpload => ({
  ...refusedOutcome(reason, message, { fieldErrors: { [field]: [message] } }),
  field,
  alt,
});
const TOO_LARGE = `The photo can be at most ${MEGABYTES} MB: send a smaller one.`;

/**
 * The posted photo and its alt text, read and checked: its type by its bytes (JPEG, PNG, WebP,
 * HEIC), never by its name or the type the browser declared; refused past 10 MB before the rest
 * is read. The API and the owners' page both come here.
 */
export async function readPhotoUpload(request: Request): Promise<PhotoUpload> {
  const posted = await readPostedFiles(request, BODY_LIMIT_BYTES);
  if (!posted.ok) {
    const messages = {
      "too-large": TOO_LARGE,
      "unsupported-type": "Send the photo as a form (multipart/form-data).",
      invalid: "The form could not be read. Please try again.",
    };
    return refused(posted.reason, "photo", messages[posted.reason]);
  }
  const typed = posted.formData.get("alt");
  const kept = typeof typed === "string" ? typed : "";
  const file = posted.formData.get("photo");
  if (!(file instanceof File) || file.size === 0) return refused("invalid", "photo", "Choose a photo to add.", kept);
  if (file.size > PHOTO_LIMITS.bytes) return refused("too-large", "photo", TOO_LARGE, kept);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const header = readPhotoHeader(bytes);
  if (!header)
    return refused("unsupported-type", "photo", "The photo must be a JPEG, PNG, WebP or HEIC picture.", kept);
  const variants = await readVariants(posted.formData.getAll("variant"), header, file.size);
  if (!variants.ok) return refused(variants.reason, "photo", variants.message, kept);
  const alt = photoAltSchema.safeParse(typed ?? undefined);
  if (!alt.success) return refused("invalid", "alt", alt.error.issues[0]?.message ?? "Describe the photo.", kept);
  return { ok: true, bytes, header: variants.shown, alt: alt.data, variants: variants.variants };
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
): Promise<
  | { ok: true; variants: PostedVariant[]; shown: PhotoHeader }
  | { ok: false; reason: Extract<UploadRefusal, "invalid" | "unsupported-type">; message: string }
> {
  const files = entries.filter((entry): entry is File => entry instanceof File && entry.size > 0);
  const bad = (message: string, reason: "invalid" | "unsupported-type" = "invalid") => ({
    ok: false as const,
    reason,
    message,
  });
  if (files.length > PHOTO_VARIANT_WIDTHS.length) {
    return bad(`Send at most ${PHOTO_VARIANT_WIDTHS.length} smaller copies of the photo.`);
  }
  const variants: PostedVariant[] = [];
  let shown = photo;
  for (const file of files) {
    if (file.size > Math.min(PHOTO_LIMITS.variantBytes, photoBytes)) {
      return bad("A smaller copy of the photo is heavier than allowed.");
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const header = readPhotoHeader(bytes);
    if (!header || (header.type !== "image/jpeg" && header.type !== "image/webp")) {
      return bad("A smaller copy of the photo must be a JPEG or WebP picture.", "unsupported-type");
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
      return bad("A smaller copy of the photo does not match it in size.");
    }
    variants.push({ bytes, variant: { width, height, type } });
  }
  return { ok: true, variants: variants.sort((a, b) => a.variant.width - b.variant.width), shown };
}

/** POST /api/settings/services/<slug>/photos (multipart: `photo`, `alt`) → 201 `{ id, url }`. */
export async function postServicePhoto({ request, context, params }: Args) {
  const upload = await readPhotoUpload(request);
  if (!upload.ok) return jsonAnswer(upload);
  const outcome = await addPhoto(getEnv(context), params.slug ?? "", upload, actingMember(request, context));
  if (!outcome.ok) return jsonAnswer(outcome);
  const id = outcome.photoId ?? "";
  return jsonAnswer(succeeded({ id, url: photoUrl(id) }), 201, NO_STORE);
}

/** DELETE /api/settings/services/<slug>/photos/<id> → 200 with the service as it now holds. */
export async function deleteServicePhoto({ request, context, params }: Args) {
  const acting = actingMember(request, context);
  const outcome = await removePhoto(getEnv(context), params.slug ?? "", params.id ?? "", acting);
  return jsonAnswer(mapSuccess(outcome, catalogServiceView), 200, NO_STORE);
}

/** The headers of a photo: kept for a year (an id is never reused), shown as an image, never run. */
const PHOTO_HEADERS = {
  "Cache-Control": "public, max-age=31536000, immutable",
  "Content-Disposition": "inline",
  "X-Content-Type-Options": "nosniff",
  // Opened on its own, it is an image and nothing else: no script, no plugin, no frame, sandboxed.
  "Content-Security-Policy": "default-src 'none'; img-src 'self'; sandbox",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * GET /photos/<id>: a photo a shown service has, with its type; `?w=<width>`: its smaller copy of
 * that width; 404 for any other.
 */
export async function photoResponse({ request, context, params }: Args) {
  const width = new URL(request.url).searchParams.get("w");
  const found = await shownPhoto(getEnv(context), params.id ?? "", width === null ? undefined : Number(width));
  if (!found) return textRefusal(refusedOutcome("not-found", "Not found").refusal, NO_STORE);
  const headers = {
    ...PHOTO_HEADERS,
    "Content-Type": found.type,
    "Content-Length": String(found.file.size),
    ETag: found.file.httpEtag,
  };
  if (request.headers.get("If-None-Match") === found.file.httpEtag) return new Response(null, { status: 304, headers });
  return new Response(request.method === "HEAD" ? null : found.file.body, { headers });
}
