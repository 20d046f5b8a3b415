import { desc, eq, sql } from "drizzle-orm";
import type { ShopTexts } from "~/content/shop-texts";
import { insertForEach } from "~/db/conditional-write.server";
import { getDb } from "~/db/db.server";
import { shopTexts, shopTextVersions } from "~/db/schema/catalog";
import { auditInsert } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import type { CatalogVersion } from "../catalog";

// The shop's other texts in D1 (migration 0038): one row, seeded from app/content/shop-texts.ts, and
// every saved state kept whole. A save or a restore is one batch: the row (version + 1), the
// version copied from it, the audit entry; the same shape as a service's (catalog-store.server.ts).

export type StoredTexts = { texts: ShopTexts; version: number };

/** The texts as the pages show them now, and their version. */
export async function readShopTexts(env: Pick<AppEnv, "DB">): Promise<StoredTexts> {
  const [row] = await getDb(env).select().from(shopTexts).where(eq(shopTexts.id, 1));
  if (!row) throw new Error("shop_texts has no row: migration 0038 seeds it");
  return { texts: row.texts, version: row.version };
}

async function writeTexts(
  env: Pick<AppEnv, "DB">,
  texts: ShopTexts,
  acting: Acting,
  audit: { action: "settings.texts.edit" | "settings.texts.restore"; detail: Record<string, string | number> },
): Promise<StoredTexts> {
  const db = getDb(env);
  const by = acting.actor?.name ?? null;
  const [[row]] = await db.batch([
    db
      .update(shopTexts)
      .set({ texts, version: sql`${shopTexts.version} + 1`, updatedAt: acting.at, updatedBy: by })
      .where(eq(shopTexts.id, 1))
      .returning(),
    // The version just saved, copied from the row as the update above left it.
    insertForEach(
      db,
      shopTextVersions,
      shopTexts,
      { version: sql`${shopTexts.version}`, at: acting.at, by, texts: sql`${shopTexts.texts}` },
      eq(shopTexts.id, 1),
    ),
    auditInsert(db, { ...acting, action: audit.action, target: "texts", detail: audit.detail }),
  ]);
  if (!row) throw new Error("shop_texts has no row: migration 0038 seeds it");
  return { texts: row.texts, version: row.version };
}

const changed = (before: ShopTexts, after: ShopTexts) =>
  (Object.keys(after) as (keyof ShopTexts)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .join(", ") || "nothing";

/** PUT: all three texts, changed: a new version, audited. */
export async function saveShopTexts(env: Pick<AppEnv, "DB">, texts: ShopTexts, acting: Acting) {
  const before = await readShopTexts(env);
  return writeTexts(env, texts, acting, {
    action: "settings.texts.edit",
    detail: { changed: changed(before.texts, texts) },
  });
}

/** Every saved state, newest first. */
export async function listTextVersions(env: Pick<AppEnv, "DB">): Promise<CatalogVersion[]> {
  const rows = await getDb(env)
    .select({ version: shopTextVersions.version, at: shopTextVersions.at, by: shopTextVersions.by })
    .from(shopTextVersions)
    .orderBy(desc(shopTextVersions.version));
  return rows.map(({ version, at, by }) => ({ version, at: at.toISOString(), by }));
}

/** Puts a saved state back as a new version (audited); null for no such version. */
export async function restoreTextVersion(env: Pick<AppEnv, "DB">, version: number, acting: Acting) {
  const [row] = await getDb(env)
    .select({ texts: shopTextVersions.texts })
    .from(shopTextVersions)
    .where(eq(shopTextVersions.version, version));
  if (!row) return null;
  const texts = JSON.parse(row.texts) as ShopTexts;
  return writeTexts(env, texts, acting, { action: "settings.texts.restore", detail: { restored: version } });
}
