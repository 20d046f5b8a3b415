import { sql } from "drizzle-orm";
import { check, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { IconName } from "../../content/icon-names";
import type { ProcessStep, ServicePhoto } from "../../content/services";
import type { ShopTexts } from "../../content/shop-texts";
import { timestampMs } from "./columns";

// The shop's services as the owner keeps them (/incoming/settings/services, app/features/catalog/;
// docs/decisions/059-the-catalog-in-d1.md). Migration 0036 seeded them from app/content/services.ts,
// which stays the catalog as shipped: what the pages show when D1 cannot be read.
export const catalogServices = sqliteTable(
  "catalog_services",
  {
    slug: text("slug").primaryKey(),
    position: integer("position").notNull(),
    name: text("name").notNull(),
    shortName: text("short_name").notNull(),
    description: text("description").notNull(),
    longDescription: text("long_description").notNull(),
    features: text("features", { mode: "json" }).$type<string[]>().notNull(),
    benefits: text("benefits", { mode: "json" }).$type<string[]>().notNull(),
    process: text("process", { mode: "json" }).$type<ProcessStep[]>().notNull(),
    // No price at all, or a starting price in cents with its note.
    priceFromCents: integer("price_from_cents"),
    priceNote: text("price_note"),
    timeEstimate: text("time_estimate").notNull(),
    bookableOnline: integer("bookable_online", { mode: "boolean" }).notNull(),
    waiterOk: integer("waiter_ok", { mode: "boolean" }).notNull(),
    popular: integer("popular", { mode: "boolean" }).notNull(),
    visible: integer("visible", { mode: "boolean" }).notNull(),
    icon: text("icon").$type<IconName>().notNull(),
    keywords: text("keywords", { mode: "json" }).$type<string[]>().notNull(),
    // Its photos in their order, each kept in R2 (PHOTOS) under its id (docs/decisions/063-service-photos-in-r2.md).
    photos: text("photos", { mode: "json" })
      .$type<ServicePhoto[]>()
      .notNull()
      .default(sql`'[]'`),
    // The service request form's value for this service (stored on each request, so never changed),
    // and the words of its choice where they differ from the name (null: the name).
    requestValue: text("request_value").notNull().unique(),
    requestLabel: text("request_label"),
    version: integer("version").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  () => [
    check("catalog_services_price", sql`(price_from_cents is null) = (price_note is null)`),
    check("catalog_services_slug", sql`slug not glob '*[^a-z0-9-]*' and length(slug) between 1 and 60`),
  ],
);

// Every saved state of every service (version 1 is the seed): who saved it, when, and the whole
// service as JSON, so any version can be put back.
export const catalogServiceVersions = sqliteTable(
  "catalog_service_versions",
  {
    slug: text("slug")
      .notNull()
      .references(() => catalogServices.slug),
    version: integer("version").notNull(),
    at: timestampMs("at").notNull(),
    by: text("by"),
    service: text("service").notNull(),
  },
  (table) => [primaryKey({ columns: [table.slug, table.version] })],
);

// The shop's other texts the owners keep (the home page's headline and introduction, the about
// page's story): one row, and every saved state of it, kept whole like a service's.
export const shopTexts = sqliteTable(
  "shop_texts",
  {
    id: integer("id").primaryKey(),
    texts: text("texts", { mode: "json" }).$type<ShopTexts>().notNull(),
    version: integer("version").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  () => [check("shop_texts_one_row", sql`id = 1`)],
);

export const shopTextVersions = sqliteTable("shop_text_versions", {
  version: integer("version").primaryKey(),
  at: timestampMs("at").notNull(),
  by: text("by"),
  texts: text("texts").notNull(),
});
