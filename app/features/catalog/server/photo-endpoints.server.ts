import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { jsonAnswer, mapSuccess, type Refusal, refused, succeeded } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { askedWidth, photoFileResponse } from "~/photos/photo-files.server";
import { type CheckedPhoto, checkPostedPhoto, readPhotoForm } from "~/photos/photo-upload.server";
import { photoAltSchema } from "../catalog";
import { catalogServiceView, photoUrl } from "./catalog-store.server";
import { addPhoto, removePhoto, shownPhoto } from "./photo-store.server";

// A service's photos through the owners' API (POST …/photos, DELETE …/photos/<id>) and the owners'
// page, and the public /photos/<id> that serves them (docs/decisions/063-service-photos-in-r2.md).

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** A photo posted with its alt text, checked (app/photos/photo-upload.server.ts). */
export type PhotoUpload =
  | ({ ok: true; alt: string } & CheckedPhoto)
  /** `alt`: the words typed, for the form to keep (none when the body was not read). */
  | { ok: false; refusal: Refusal; field: "photo" | "alt"; alt: string };

const refusedUpload = (refusal: Refusal, field: "photo" | "alt", alt = ""): PhotoUpload => ({
  ok: false,
  refusal: field === "alt" ? { ...refusal, fieldErrors: { alt: [refusal.message] } } : refusal,
  field,
  alt,
});

/**
 * The posted photo and its alt text, read and checked: its type by its bytes (JPEG, PNG, WebP,
 * HEIC), never by its name or the type the browser declared; refused past 10 MB before the rest
 * is read. The API and the owners' page both come here.
 */
export async function readPhotoUpload(request: Request): Promise<PhotoUpload> {
  const form = await readPhotoForm(request);
  if (!form.ok) return refusedUpload(form.refusal, "photo");
  const typed = form.value.get("alt");
  const kept = typeof typed === "string" ? typed : "";
  const photo = await checkPostedPhoto(form.value);
  if (!photo.ok) return refusedUpload(photo.refusal, "photo", kept);
  const alt = photoAltSchema.safeParse(typed ?? undefined);
  if (!alt.success) {
    return refusedUpload(
      refused("invalid", alt.error.issues[0]?.message ?? "Describe the photo.").refusal,
      "alt",
      kept,
    );
  }
  return { ok: true, alt: alt.data, ...photo.value };
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

/**
 * GET /photos/<id>: a photo a shown service has, with its type; `?w=<width>`: its smaller copy of
 * that width; 404 for any other. Kept for a year: an id is never reused.
 */
export async function photoResponse({ request, context, params }: Args) {
  const found = await shownPhoto(getEnv(context), params.id ?? "", askedWidth(request));
  return photoFileResponse(request, found, "public, max-age=31536000, immutable");
}
