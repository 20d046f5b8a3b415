import { and, asc, count, eq, sql } from "drizzle-orm";
import { insertIf } from "~/db/conditional-write.server";
import { getDb } from "~/db/db.server";
import { type EstimateLinePhotoRow, estimateLinePhotos } from "~/db/schema/estimates";
import { AUDIT_IF_CHANGED, auditInsertIf } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import { type Outcome, refused, succeeded } from "~/http/outcome.server";
import type { Acting } from "~/http/staff-member.server";
import { getPhotoFile, putPhotoFiles } from "~/photos/photo-files.server";
import type { CheckedPhoto } from "~/photos/photo-upload.server";
import { LINE_PHOTO_LIMIT, type LinePhotoView } from "../vocabulary";
import { type EstimateState, readEstimate } from "./estimate-store.server";

// The photos on an estimate's lines (docs/decisions/071-estimate-line-photos.md): each file in R2
// (PHOTOS) under `estimate-photos/<id>`, a fresh random id; its facts in D1. Shown to staff at
// /api/estimates/<id>/lines/<lineId>/photos/<photoId> and to the holder of the customer's link at
// /estimates/<token>/photos/<photoId>: never under a public address (/photos/<id> serves the
// catalog's only).

type PhotoEnv = Pick<AppEnv, "DB" | "PHOTOS">;

const fileKey = (photoId: string) => `estimate-photos/${photoId}`;
const noEstimate = () => refused("not-found", "No estimate has this id.");
const noLine = () => refused("not-found", "This estimate has no such line.");
const noPhoto = () => refused("not-found", "This line has no such photo.");

/** The staff's address of a photo (the API's `url`). */
export const staffPhotoUrl = (photo: Pick<EstimateLinePhotoRow, "id" | "estimateId" | "lineId">) =>
  `/api/estimates/${photo.estimateId}/lines/${photo.lineId}/photos/${photo.id}`;

/** The customer's address of a photo: bound to their link's token, so it opens with the token only. */
export const customerPhotoUrl = (token: string, photoId: string) => `/estimates/${token}/photos/${photoId}`;

/** The photos of an estimate's lines, oldest first. */
export function photosOfEstimate(env: Pick<AppEnv, "DB">, estimateId: string): Promise<EstimateLinePhotoRow[]> {
  return (
    getDb(env)
      .select()
      .from(estimateLinePhotos)
      .where(eq(estimateLinePhotos.estimateId, estimateId))
      // In the order they were added (rowid): photos added in the same millisecond keep their order.
      .orderBy(asc(estimateLinePhotos.createdAt), sql`rowid`)
  );
}

const viewOf = (row: EstimateLinePhotoRow, url: string): LinePhotoView => ({
  id: row.id,
  url,
  width: row.width,
  height: row.height,
  widths: row.variants.map((variant) => variant.width),
});

/** Each line's photos, by the line's id. */
export type LinePhotos = Record<string, LinePhotoView[]>;

function byLine(rows: EstimateLinePhotoRow[], urlOf: (row: EstimateLinePhotoRow) => string): LinePhotos {
  const lines: LinePhotos = {};
  for (const row of rows) (lines[row.lineId] ??= []).push(viewOf(row, urlOf(row)));
  return lines;
}

/** Each line's photos (by line id), with the staff's addresses: for the record page and the API. */
export async function staffLinePhotos(env: Pick<AppEnv, "DB">, estimateId: string) {
  return byLine(await photosOfEstimate(env, estimateId), staffPhotoUrl);
}

/** Each line's photos (by line id), with addresses under the customer's token: for their page. */
export async function customerLinePhotos(env: Pick<AppEnv, "DB">, estimateId: string, token: string) {
  return byLine(await photosOfEstimate(env, estimateId), (row) => customerPhotoUrl(token, row.id));
}

/**
 * Keeps the photo on the line of the estimate's current version, up to LINE_PHOTO_LIMIT a line (the
 * limit held by the insert itself, so two uploads at once cannot pass it). Audited in the same batch.
 */
export async function addLinePhoto(
  env: PhotoEnv,
  estimateId: string,
  lineId: string,
  photo: CheckedPhoto,
  acting: Acting,
): Promise<Outcome<{ row: EstimateLinePhotoRow; state: EstimateState }>> {
  const state = await readEstimate(env, estimateId);
  if (!state) return noEstimate();
  if (!state.current.lines.some((line) => line.id === lineId)) return noLine();
  const db = getDb(env);
  const onLine = and(eq(estimateLinePhotos.estimateId, estimateId), eq(estimateLinePhotos.lineId, lineId));
  const full = () =>
    refused("conflict", `A line keeps up to ${LINE_PHOTO_LIMIT} photos: remove one before adding another.`, {
      fieldErrors: { photo: [`A line keeps up to ${LINE_PHOTO_LIMIT} photos: remove one before adding another.`] },
    });
  const [{ taken = 0 } = {}] = await db.select({ taken: count() }).from(estimateLinePhotos).where(onLine);
  if (taken >= LINE_PHOTO_LIMIT) return full();
  const row: EstimateLinePhotoRow = {
    id: crypto.randomUUID(),
    estimateId,
    lineId,
    type: photo.header.type,
    width: photo.header.width,
    height: photo.header.height,
    variants: photo.variants.map(({ variant }) => variant),
    createdAt: acting.at,
    createdBy: acting.actor?.name ?? null,
  };
  // The file first: a row never names a file that is not there. A file whose row lost the race
  // below is removed again.
  await putPhotoFiles(env.PHOTOS, fileKey(row.id), photo);
  const roomLeft = sql`(select count(*) from ${estimateLinePhotos} where ${onLine}) < ${LINE_PHOTO_LIMIT}`;
  const [inserted] = await db.batch([
    insertIf(db, estimateLinePhotos, row, roomLeft).returning({ id: estimateLinePhotos.id }),
    auditInsertIf(
      db,
      {
        ...acting,
        action: "estimate.photo.add",
        target: `service-requests/${state.estimate.serviceRequestId}`,
        detail: { estimate: estimateId, line: lineId, photo: row.id },
      },
      AUDIT_IF_CHANGED,
    ),
  ]);
  if (inserted.length === 0) {
    await removeFiles(env, row);
    return full();
  }
  return succeeded({ row, state });
}

async function removeFiles(env: PhotoEnv, row: EstimateLinePhotoRow) {
  await env.PHOTOS.delete([fileKey(row.id), ...row.variants.map((variant) => `${fileKey(row.id)}/w${variant.width}`)]);
}

/**
 * Whether a customer's decision has seen the photo: it was there when they decided on its line.
 * Such a photo is part of what they approved or declined, and stays.
 */
const seenByDecision = (state: EstimateState, photo: EstimateLinePhotoRow) =>
  state.approvals.some(
    (approval) =>
      approval.decidedAt >= photo.createdAt && approval.snapshot.lines.some((line) => line.id === photo.lineId),
  );

/** Takes the photo off its line, file and all, unless a customer's decision has seen it (409). */
export async function removeLinePhoto(
  env: PhotoEnv,
  ids: { estimateId: string; lineId: string; photoId: string },
  acting: Acting,
): Promise<Outcome<{ state: EstimateState }>> {
  const state = await readEstimate(env, ids.estimateId);
  if (!state) return noEstimate();
  const photo = await findPhoto(env, ids);
  if (!photo) return noPhoto();
  if (seenByDecision(state, photo)) {
    return refused(
      "conflict",
      "The customer decided on this line with this photo in view: it stays with their decision.",
    );
  }
  const db = getDb(env);
  await db.batch([
    db.delete(estimateLinePhotos).where(eq(estimateLinePhotos.id, photo.id)),
    auditInsertIf(
      db,
      {
        ...acting,
        action: "estimate.photo.remove",
        target: `service-requests/${state.estimate.serviceRequestId}`,
        detail: { estimate: ids.estimateId, line: ids.lineId, photo: photo.id },
      },
      AUDIT_IF_CHANGED,
    ),
  ]);
  await removeFiles(env, photo);
  return succeeded({ state });
}

async function findPhoto(
  env: Pick<AppEnv, "DB">,
  ids: { estimateId: string; lineId?: string; photoId: string },
): Promise<EstimateLinePhotoRow | null> {
  const [found] = await getDb(env)
    .select()
    .from(estimateLinePhotos)
    .where(
      and(
        eq(estimateLinePhotos.id, ids.photoId),
        eq(estimateLinePhotos.estimateId, ids.estimateId),
        ids.lineId === undefined ? undefined : eq(estimateLinePhotos.lineId, ids.lineId),
      ),
    );
  return found ?? null;
}

/**
 * The photo's file (or its copy of `width`), when it is on this estimate (and this line, for
 * staff); null for any other id: an estimate's photos open only under their own estimate.
 */
export async function linePhotoFile(
  env: PhotoEnv,
  ids: { estimateId: string; lineId?: string; photoId: string },
  width?: number,
) {
  const photo = await findPhoto(env, ids);
  return photo ? getPhotoFile(env.PHOTOS, fileKey(photo.id), photo, width) : null;
}
