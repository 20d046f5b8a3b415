import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { ESTIMATE_MESSAGE_PURPOSES, ESTIMATE_STATUSES } from "../../features/estimates/vocabulary";
import type {
  ApprovalSnapshot,
  EstimateLine,
  EstimateVehicle,
  LineKind,
  TaxRule,
} from "../../features/estimates/vocabulary";
import type { PhotoVariant } from "../../content/services";
import { emailDelivery, id, inList, timestampMs, unsentEmailIndex } from "./columns";

// Written estimates on a service request and the customer's decisions on them (app/features/estimates/,
// docs/decisions/065-estimates-and-approvals.md). An estimate is a number and a status pointing at
// its newest version; each version is kept whole (vehicle, lines, totals, the tax rule it was priced
// under), so every version stays readable; each decision is a frozen snapshot of what the customer
// saw, which triggers in the migration refuse to update or delete.

export const estimates = sqliteTable(
  "estimates",
  {
    id: id(),
    // The shop's estimate number, shown to the customer ("Estimate 1001"), one sequence for the shop.
    number: integer("number").notNull().unique(),
    serviceRequestId: text("service_request_id").notNull(),
    status: text("status", { enum: ESTIMATE_STATUSES }).notNull().default("draft"),
    // The newest version; estimate_versions holds it and every one before it.
    version: integer("version").notNull().default(1),
    // The customer's link /estimates/<token>, set when first sent: the token is an HMAC of this
    // random salt under the "estimate-link" key (app/keys/keys.server.ts), so every email can carry
    // the same link; D1 keeps the salt and the token's SHA-256, by which a visit finds the estimate.
    tokenSalt: text("token_salt"),
    tokenHash: text("token_hash").unique(),
    createdAt: timestampMs("created_at").notNull(),
    createdBy: text("created_by"),
    updatedAt: timestampMs("updated_at").notNull(),
    sentAt: timestampMs("sent_at"),
  },
  (table) => [
    check("estimates_status_check", sql`${table.status} in (${inList(ESTIMATE_STATUSES)})`),
    check("estimates_version_check", sql`${table.version} >= 1`),
    index("estimates_request_idx").on(table.serviceRequestId, table.createdAt),
  ],
);

export const estimateVersions = sqliteTable(
  "estimate_versions",
  {
    estimateId: text("estimate_id").notNull(),
    version: integer("version").notNull(),
    vehicle: text("vehicle", { mode: "json" }).$type<EstimateVehicle>().notNull(),
    // Each line keeps its id from version to version (photos and decisions name it).
    lines: text("lines", { mode: "json" }).$type<EstimateLine[]>().notNull(),
    subtotal: integer("subtotal").notNull(),
    tax: integer("tax").notNull(),
    total: integer("total").notNull(),
    taxRule: text("tax_rule", { mode: "json" }).$type<TaxRule>().notNull(),
    createdAt: timestampMs("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (table) => [primaryKey({ columns: [table.estimateId, table.version] })],
);

export const estimateApprovals = sqliteTable(
  "estimate_approvals",
  {
    id: id(),
    estimateId: text("estimate_id").notNull(),
    version: integer("version").notNull(),
    decidedAt: timestampMs("decided_at").notNull(),
    // The name the customer typed under the Customer's Rights: their signature.
    name: text("name").notNull(),
    approvedTotal: integer("approved_total").notNull(),
    snapshot: text("snapshot", { mode: "json" }).$type<ApprovalSnapshot>().notNull(),
    clientAddress: text("client_address"),
    userAgent: text("user_agent"),
  },
  // One decision per version: a second one on the same version is refused by the database too.
  (table) => [uniqueIndex("estimate_approvals_one_per_version").on(table.estimateId, table.version)],
);

// The emails about an estimate, each a row sent through the notification queue (claim, send,
// record: app/mail/send-claim.server.ts): the link to the customer, and the customer's decision to staff.
export const estimateMessages = sqliteTable(
  "estimate_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    estimateId: text("estimate_id").notNull(),
    purpose: text("purpose", { enum: ESTIMATE_MESSAGE_PURPOSES }).notNull(),
    // The version the email is about.
    version: integer("version").notNull(),
    // When staff (or the customer's decision) asked for it: the timeline's time.
    createdAt: timestampMs("created_at").notNull(),
    createdBy: text("created_by"),
    ...emailDelivery(),
  },
  (table) => [
    check("estimate_messages_purpose_check", sql`${table.purpose} in (${inList(ESTIMATE_MESSAGE_PURPOSES)})`),
    index("estimate_messages_estimate_idx").on(table.estimateId, table.id),
    unsentEmailIndex("estimate_messages", table),
  ],
);

export type EstimateRow = typeof estimates.$inferSelect;
export type EstimateVersionRow = typeof estimateVersions.$inferSelect;
export type EstimateApprovalRow = typeof estimateApprovals.$inferSelect;
export type EstimateMessageRow = typeof estimateMessages.$inferSelect;

// A photo on an estimate's line (docs/decisions/071-estimate-line-photos.md): the file in R2
// (PHOTOS, under `estimate-photos/<id>`), its facts here. A line keeps its id from version to
// version, so its photos follow it; staff may remove one until a decision has seen it.
export const estimateLinePhotos = sqliteTable(
  "estimate_line_photos",
  {
    id: id(),
    estimateId: text("estimate_id").notNull(),
    lineId: text("line_id").notNull(),
    type: text("type").$type<"image/jpeg" | "image/png" | "image/webp" | "image/heic">().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    // The smaller copies the staff member's browser made at upload, narrowest first; [] without JavaScript.
    variants: text("variants", { mode: "json" }).$type<PhotoVariant[]>().notNull(),
    createdAt: timestampMs("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (table) => [index("estimate_line_photos_line_idx").on(table.estimateId, table.lineId, table.createdAt)],
);

export type EstimateLinePhotoRow = typeof estimateLinePhotos.$inferSelect;

// The owner's estimate settings (issue 39 item 9, app/features/estimates/server/settings/estimate-settings.server.ts):
// the labour rate, the tax rule every new version is priced under, and the terms printed on an
// estimate. One row once an owner saved them; until then Maryland's rule and the shipped terms hold.
export const estimateSettings = sqliteTable(
  "estimate_settings",
  {
    id: integer("id").primaryKey(),
    // Cents per hour of labour.
    labourRate: integer("labour_rate").notNull(),
    // Basis points: 600 is 6%.
    taxRateBasisPoints: integer("tax_rate_basis_points").notNull(),
    taxAppliesTo: text("tax_applies_to", { mode: "json" }).$type<LineKind[]>().notNull(),
    terms: text("terms").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (table) => [
    check("estimate_settings_single_row", sql`${table.id} = 1`),
    check("estimate_settings_tax_rate", sql`${table.taxRateBasisPoints} between 0 and 10000`),
    check("estimate_settings_labour_rate", sql`${table.labourRate} >= 0`),
  ],
);
