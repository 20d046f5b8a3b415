import type { ServicePhoto } from "~/content/services";
import { getDb } from "~/db/db.server";
import type { AppEnv } from "~/http/env.server";
import { refused, succeeded } from "~/http/outcome.server";
import type { Acting } from "~/http/staff-member.server";
import { PHOTO_LIMITS } from "../catalog";
import { type CatalogOutcome, readCatalog, readService, snapshotOf, writeVersion } from "./catalog-store.server";
import { getPhotoFile, putPhotoFiles } from "~/photos/photo-files.server";
import type { CheckedPhoto } from "~/photos/photo-upload.server";

// A service's photos (docs/decisions/063-service-photos-in-r2.md): the file in R2 (PHOTOS) under a
// fresh id, its id, alt text and size in the service's row. Adding or removing one is a new version
// of the service, audited, like any other change. A removed photo's file stays in R2, so putting an
// older version back brings it back; /photos/<id> serves only the photos a shown service has now.

type PhotoEnv = Pick<AppEnv, "DB" | "PHOTOS">;

const missing = refused("not-found", "There is no service at this address.", { fieldErrors: {} });

/** Keeps the file and adds it to the service's photos, last → the service as saved, and the photo's id. */
export async function addPhoto(
  env: PhotoEnv,
  slug: string,
  photo: CheckedPhoto & { alt: string },
  acting: Acting,
): Promise<CatalogOutcome & { photoId?: string }> {
  const db = getDb(env);
  const existing = await readService(db, slug);
  if (!existing) return missing;
  if (existing.photos.length >= PHOTO_LIMITS.perService) {
    return refused("invalid", `A service keeps up to ${PHOTO_LIMITS.perService} photos.`, { fieldErrors: {} });
  }
  const id = crypto.randomUUID();
  const { type, width, height } = photo.header;
  const { variants } = photo;
  await putPhotoFiles(env.PHOTOS, id, photo);
  const added: ServicePhoto = { id, alt: photo.alt, width, height, type };
  if (variants.length > 0) added.variants = variants.map(({ variant }) => variant);
  const saved = await writeVersion(db, slug, { ...snapshotOf(existing), photos: [...existing.photos, added] }, acting, {
    action: "settings.service.photo.add",
    detail: { name: existing.name, photo: id },
  });
  return saved ? { ...succeeded(saved), photoId: id } : missing;
}

/** Takes the photo off the service's page (a new version); 404 when the service has no such photo. */
export async function removePhoto(env: PhotoEnv, slug: string, id: string, acting: Acting): Promise<CatalogOutcome> {
  const db = getDb(env);
  const existing = await readService(db, slug);
  if (!existing) return missing;
  if (!existing.photos.some((photo) => photo.id === id)) {
    return refused("not-found", "This service has no such photo.", { fieldErrors: {} });
  }
  const saved = await writeVersion(
    db,
    slug,
    { ...snapshotOf(existing), photos: existing.photos.filter((photo) => photo.id !== id) },
    acting,
    { action: "settings.service.photo.remove", detail: { name: existing.name, photo: id } },
  );
  return saved ? succeeded(saved) : missing;
}

/**
 * A photo a shown service has now (or, with `width`, its smaller copy of that width), its type and
 * its file; null for any other id or width (removed, hidden, unknown).
 */
export async function shownPhoto(env: PhotoEnv, id: string, width?: number) {
  const catalog = await readCatalog(env);
  const photo = catalog
    .filter((service) => service.visible)
    .flatMap((service) => service.photos)
    .find((candidate) => candidate.id === id);
  return photo ? getPhotoFile(env.PHOTOS, id, photo, width) : null;
}
