import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { insertForEach } from "~/db/conditional-write.server";
import { type Database, getDb } from "~/db/db.server";
import { catalogServices, catalogServiceVersions } from "~/db/schema/catalog";
import { auditInsert } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { byPosition, isOtherRequestValue, type Service, type ServicePhoto } from "~/content/services";
import {
  CATALOG_LIMITS,
  type CatalogService,
  type CatalogServiceInput,
  catalogServiceSchema,
  type CatalogVersion,
  ownersFieldsOf,
} from "../catalog";

// The catalog in D1 (migration 0036, docs/decisions/059-the-catalog-in-d1.md): read for every page
// that shows a service, changed by owners. Every save is a new version of the service, kept whole in
// catalog_service_versions, and an audit entry, in the same batch as the change.

type Row = typeof catalogServices.$inferSelect;

/** What a saved state holds: the service as the API gives it, and the parts only the code sets. */
export type Snapshot = CatalogServiceInput &
  Pick<Service, "icon" | "keywords" | "requestValue" | "requestLabel"> & {
    /** Absent from the versions saved before photos (none then). */
    photos?: ServicePhoto[];
  };

export type StoredService = Service & { version: number; updatedAt: Date; updatedBy: string | null };

function serviceOf(row: Row): StoredService {
  const { priceFromCents, priceNote, requestLabel, ...rest } = row;
  return {
    ...rest,
    requestLabel,
    price: priceFromCents === null || priceNote === null ? null : { fromCents: priceFromCents, note: priceNote },
  };
}

/** Every service, hidden ones included, in the catalog's order. */
export async function readCatalog(env: Pick<AppEnv, "DB">): Promise<StoredService[]> {
  const rows = await getDb(env).select().from(catalogServices).orderBy(asc(catalogServices.position));
  return byPosition(rows.map(serviceOf));
}

export async function readService(db: Database, slug: string): Promise<StoredService | null> {
  const [row] = await db.select().from(catalogServices).where(eq(catalogServices.slug, slug));
  return row ? serviceOf(row) : null;
}

/** Where a photo is served (app/features/catalog/routes/photo.ts). */
export const photoUrl = (id: string) => `/photos/${id}`;

const photosView = (photos: readonly ServicePhoto[] = []) =>
  photos.map(({ id, alt }) => ({ id, url: photoUrl(id), alt }));

/** A service as GET /api/settings/services gives it. */
export function catalogServiceView(service: StoredService): CatalogService {
  return { ...ownersFieldsOf(service), photos: photosView(service.photos), version: service.version };
}

export type CatalogOutcome =
  | { ok: true; service: StoredService }
  | { ok: false; status: 400 | 404 | 409; message: string; field?: "slug" | "version" };

const missing = { ok: false, status: 404, message: "There is no service at this address." } as const;

const columnsOf = (snapshot: Snapshot, acting: Acting) => ({
  name: snapshot.name,
  shortName: snapshot.shortName,
  description: snapshot.description,
  longDescription: snapshot.longDescription,
  features: snapshot.features,
  benefits: snapshot.benefits,
  process: snapshot.process,
  priceFromCents: snapshot.price?.fromCents ?? null,
  priceNote: snapshot.price?.note ?? null,
  timeEstimate: snapshot.timeEstimate,
  bookableOnline: snapshot.bookableOnline,
  waiterOk: snapshot.waiterOk,
  popular: snapshot.popular,
  visible: snapshot.visible,
  position: snapshot.position,
  icon: snapshot.icon,
  keywords: snapshot.keywords,
  requestLabel: snapshot.requestLabel ?? null,
  photos: snapshot.photos ?? [],
  updatedAt: acting.at,
  updatedBy: acting.actor?.name ?? null,
});

export const snapshotOf = (service: StoredService): Snapshot => ({
  ...catalogServiceSchema.parse(catalogServiceView(service)),
  icon: service.icon,
  keywords: service.keywords,
  requestValue: service.requestValue,
  requestLabel: service.requestLabel ?? null,
  photos: service.photos,
});

/**
 * The batch that makes `snapshot` the service's next version: the row, the version kept whole, the
 * audit entry. The version is the row's own, counted up in the same statement.
 */
export async function writeVersion(
  db: Database,
  slug: string,
  snapshot: Snapshot,
  acting: Acting,
  audit: {
    action: `settings.service.${"edit" | "restore" | "photo.add" | "photo.remove"}`;
    detail: Record<string, string | number>;
  },
): Promise<StoredService | null> {
  const [[row]] = await db.batch([
    db
      .update(catalogServices)
      .set({ ...columnsOf(snapshot, acting), version: sql`${catalogServices.version} + 1` })
      .where(eq(catalogServices.slug, slug))
      .returning(),
    // The version just saved, numbered as the update above left the row.
    insertForEach(
      db,
      catalogServiceVersions,
      catalogServices,
      {
        slug,
        version: sql`${catalogServices.version}`,
        at: acting.at,
        by: acting.actor?.name ?? null,
        service: JSON.stringify(snapshot),
      },
      eq(catalogServices.slug, slug),
    ),
    auditInsert(db, { ...acting, action: audit.action, target: `services/${slug}`, detail: audit.detail }),
  ]);
  return row ? serviceOf(row) : null;
}

/** What changed, in a few words for the audit log: the fields whose values differ. */
function changedFields(before: Snapshot, after: Snapshot): string {
  const keys = Object.keys(after) as (keyof Snapshot)[];
  const changed = keys.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return changed.join(", ") || "nothing";
}

/** PUT: the whole service, changed. Its address stays; a new name retires the request form's old words. */
export async function saveService(
  env: Pick<AppEnv, "DB">,
  slug: string,
  input: CatalogServiceInput,
  acting: Acting,
): Promise<CatalogOutcome> {
  const db = getDb(env);
  const existing = await readService(db, slug);
  if (!existing) return missing;
  if (input.slug !== slug) {
    return { ok: false, status: 400, field: "slug", message: "A service's address cannot change: add a new service." };
  }
  const before = snapshotOf(existing);
  const after: Snapshot = {
    ...input,
    icon: existing.icon,
    keywords: existing.keywords,
    requestValue: existing.requestValue,
    requestLabel: input.name === existing.name ? (existing.requestLabel ?? null) : null,
    photos: existing.photos,
  };
  const saved = await writeVersion(db, slug, after, acting, {
    action: "settings.service.edit",
    detail: { name: input.name, changed: changedFields(before, after) },
  });
  return saved ? { ok: true, service: saved } : missing;
}

// D1 names the broken index in the error (drizzle wraps it as the cause).
const isUniqueViolation = (error: unknown): boolean =>
  error instanceof Error && (/UNIQUE constraint|PRIMARY KEY/i.test(error.message) || isUniqueViolation(error.cause));

const taken = (slug: string): CatalogOutcome => ({
  ok: false,
  status: 409,
  field: "slug",
  message: `The address “${slug}” is taken: choose another.`,
});

/** POST: a new service at its own address, version 1; the request form's value is its slug. */
export async function addService(
  env: Pick<AppEnv, "DB">,
  input: CatalogServiceInput,
  acting: Acting,
): Promise<CatalogOutcome> {
  const db = getDb(env);
  if (isOtherRequestValue(input.slug)) return taken(input.slug);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(catalogServices);
  if (total >= CATALOG_LIMITS.services) {
    return { ok: false, status: 400, message: `The catalog keeps up to ${CATALOG_LIMITS.services} services.` };
  }
  const snapshot: Snapshot = {
    ...input,
    icon: "wrench",
    keywords: [],
    requestValue: input.slug,
    requestLabel: null,
    photos: [],
  };
  try {
    const [[row]] = await db.batch([
      db
        .insert(catalogServices)
        .values({ slug: input.slug, requestValue: input.slug, version: 1, ...columnsOf(snapshot, acting) })
        .returning(),
      db.insert(catalogServiceVersions).values({
        slug: input.slug,
        version: 1,
        at: acting.at,
        by: acting.actor?.name ?? null,
        service: JSON.stringify(snapshot),
      }),
      auditInsert(db, {
        ...acting,
        action: "settings.service.add",
        target: `services/${input.slug}`,
        detail: { name: input.name },
      }),
    ]);
    return row ? { ok: true, service: serviceOf(row) } : taken(input.slug);
  } catch (error) {
    if (isUniqueViolation(error)) return taken(input.slug);
    throw error;
  }
}

/** Every saved state of a service, newest first; null when there is no such service. */
export async function listVersions(env: Pick<AppEnv, "DB">, slug: string): Promise<CatalogVersion[] | null> {
  const db = getDb(env);
  const [versions, [service]] = await db.batch([
    db
      .select({ version: catalogServiceVersions.version, at: catalogServiceVersions.at, by: catalogServiceVersions.by })
      .from(catalogServiceVersions)
      .where(eq(catalogServiceVersions.slug, slug))
      .orderBy(desc(catalogServiceVersions.version)),
    db.select({ slug: catalogServices.slug }).from(catalogServices).where(eq(catalogServices.slug, slug)),
  ]);
  if (!service) return null;
  return versions.map(({ version, at, by }) => ({ version, at: at.toISOString(), by }));
}

/** One saved state of a service, as the API gives a service (its version the saved one). */
export async function readVersion(
  env: Pick<AppEnv, "DB">,
  slug: string,
  version: number,
): Promise<CatalogService | null> {
  const snapshot = await readSnapshot(getDb(env), slug, version);
  if (!snapshot) return null;
  const { icon: _icon, keywords: _keywords, requestValue: _value, requestLabel: _label, photos, ...service } = snapshot;
  return { ...catalogServiceSchema.parse(service), photos: photosView(photos), version };
}

async function readSnapshot(db: Database, slug: string, version: number): Promise<Snapshot | null> {
  const [row] = await db
    .select({ service: catalogServiceVersions.service })
    .from(catalogServiceVersions)
    .where(and(eq(catalogServiceVersions.slug, slug), eq(catalogServiceVersions.version, version)));
  return row ? (JSON.parse(row.service) as Snapshot) : null;
}

/** Puts a saved state back, as a new version (audited); the words of its request choice come back too. */
export async function restoreVersion(
  env: Pick<AppEnv, "DB">,
  slug: string,
  version: number,
  acting: Acting,
): Promise<CatalogOutcome> {
  const db = getDb(env);
  const snapshot = await readSnapshot(db, slug, version);
  if (!snapshot)
    return { ok: false, status: 404, field: "version", message: "There is no such version of this service." };
  const saved = await writeVersion(db, slug, snapshot, acting, {
    action: "settings.service.restore",
    detail: { name: snapshot.name, restored: version },
  });
  return saved ? { ok: true, service: saved } : missing;
}
