import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { preferredTime, visitType } from "../../content/vehicle-visit";
import { INBOX_KINDS, type InboxKind, inboxKinds } from "../../records/kinds";
import { SPAM_REASONS, SUBMISSION_STATUSES } from "../../records/statuses";
import { id, inList, oneOf, recordKey, submittedAt, timestampMs } from "./columns";
import { staffSessions } from "./staff";

// Where a record stands (app/records/statuses.ts): the database refuses any other status, and a
// spam reason on a record that is not spam.
const statusColumns = () => ({
  status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("new"),
  spamReason: text("spam_reason", { enum: SPAM_REASONS }),
  // Arrived with the hidden field filled, as a browser's autofill can do, on a message that reads
  // like a customer's: kept in the inbox and emailed, shown as "Possible spam" (decision 033).
  possibleSpam: integer("possible_spam", { mode: "boolean" }).notNull().default(false),
  // The shop date of the morning digest that counted this record as kept aside as spam; the purge
  // deletes only spam that a digest sent has counted (or that staff marked themselves).
  spamReportedIn: text("spam_reported_in"),
});

// The call-back desk (app/db/schema/desk.ts for its log): when the customer was first reached (a
// call that reached them, an email, or the change to contacted; set once), when to call back, and
// which member (username) handles it.
const deskColumns = () => ({
  firstContactAt: timestampMs("first_contact_at"),
  followUpAt: timestampMs("follow_up_at"),
  assignee: text("assignee"),
});

// The conversation (app/features/replies/, decision 041): when the customer's last answer came in,
// while nobody has answered it (a reply, a logged contact or "Handled" clears it). The inbox's
// "Replied" badge and `?replied=1` read it.
const repliedColumns = () => ({ repliedAt: timestampMs("replied_at") });

// `?replied=1`, newest first: the few records waiting on staff, in list order, from the index alone.
const repliedIndexes = (
  table: string,
  columns: { repliedAt: AnySQLiteColumn; submittedAt: AnySQLiteColumn; id: AnySQLiteColumn },
) => [
  index(`${table}_replied_idx`)
    .on(columns.submittedAt, columns.id)
    .where(sql`${columns.repliedAt} is not null`),
];

const deskIndexes = (
  table: string,
  columns: {
    followUpAt: AnySQLiteColumn;
    assignee: AnySQLiteColumn;
    submittedAt: AnySQLiteColumn;
    id: AnySQLiteColumn;
    status: AnySQLiteColumn;
    firstContactAt: AnySQLiteColumn;
  },
) => [
  index(`${table}_follow_up_idx`)
    .on(columns.followUpAt)
    .where(sql`${columns.followUpAt} is not null`),
  index(`${table}_assignee_idx`)
    .on(columns.assignee, columns.submittedAt, columns.id)
    .where(sql`${columns.assignee} is not null`),
  // The insights (decision 038): a window's submissions and first contacts from the index alone,
  // and the records still waiting for a first contact.
  index(`${table}_response_idx`).on(columns.submittedAt, columns.status, columns.firstContactAt),
  index(`${table}_waiting_idx`)
    .on(columns.status, columns.submittedAt)
    .where(sql`${columns.firstContactAt} is null`),
];

const statusChecks = (table: string) => [
  oneOf(table, "status", SUBMISSION_STATUSES),
  check(
    `${table}_spam_reason_check`,
    // `is not null` spelled out: a CHECK fails only when false, and `null in (…)` is null, not false.
    sql`(status = 'spam' and spam_reason is not null and spam_reason in (${inList(SPAM_REASONS)})) or (status <> 'spam' and spam_reason is null)`,
  ),
];

// What the inbox search looks in, kept by the database itself so no writer can forget it: names,
// email, the phone's digits (so "410-555-0147" finds "(410) 555-0147") and the message, in lower
// case. The phone's other characters are the few the forms allow (app/forms/fields.ts). See
// docs/decisions/021-inbox-search.md.
const searchText = (extra: string[] = []) =>
  text("search_text").generatedAlwaysAs(
    sql.raw(
      `lower(${[
        "first_name",
        "last_name",
        "email",
        "replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')",
        ...extra,
        "message",
      ].join(" || ' ' || ")})`,
    ),
    { mode: "stored" },
  );

// One customer across requests (docs/decisions/047-one-customer-by-normalised-keys.md): the email
// trimmed and in lower case, the phone's digits with a leading US 1 dropped ("+1 410-555-0101" and
// "(410) 555-0101" both 4105550101). Computed by the database on read (virtual: adding them rewrote
// no row) and kept in an index each, so "the customer's other requests" and "Returning" are index
// lookups at any size. The phone's other characters are the few the forms allow (app/forms/fields.ts).
const PHONE_DIGITS =
  "replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')";
export const EMAIL_KEY_SQL = "lower(trim(email))";
export const PHONE_KEY_SQL = `case when length(${PHONE_DIGITS}) = 11 and substr(${PHONE_DIGITS}, 1, 1) = '1' then substr(${PHONE_DIGITS}, 2) else ${PHONE_DIGITS} end`;
const customerKeys = () => ({
  emailKey: text("email_key").generatedAlwaysAs(sql.raw(EMAIL_KEY_SQL), { mode: "virtual" }),
  phoneKey: text("phone_key").generatedAlwaysAs(sql.raw(PHONE_KEY_SQL), { mode: "virtual" }),
});
const customerIndexes = (
  table: string,
  columns: { emailKey: AnySQLiteColumn; phoneKey: AnySQLiteColumn; submittedAt: AnySQLiteColumn },
) => [
  index(`${table}_email_key_idx`).on(columns.emailKey, columns.submittedAt),
  index(`${table}_phone_key_idx`).on(columns.phoneKey, columns.submittedAt),
];

// Lists are read newest first, by status, a page at a time (keyset on submitted_at and id). The
// status index carries each record's search text too, so a search of open records reads the index
// alone, never the rows (decision 021: 16 → 2 ms at 100,000 records).
const listIndexes = (
  table: string,
  columns: { status: AnySQLiteColumn; submittedAt: AnySQLiteColumn; id: AnySQLiteColumn; searchText: AnySQLiteColumn },
) => [
  index(`${table}_submitted_at_idx`).on(columns.submittedAt, columns.id),
  index(`${table}_status_search_idx`).on(columns.status, columns.submittedAt, columns.id, columns.searchText),
];

// Who the customer is and how to reach them, as every form asks.
const customerColumns = () => ({
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  email: text("email").notNull(),
  phone: text("phone").notNull(),
});

// What the inbox keeps on every record after the form's own fields (each set described above).
const inboxColumns = () => ({
  submittedAt: submittedAt(),
  ...statusColumns(),
  ...deskColumns(),
  ...repliedColumns(),
  ...customerKeys(),
});

// Every kind of record's indexes and checks (each set described above).
const recordTableExtras = (
  table: string,
  columns: Parameters<typeof listIndexes>[1] &
    Parameters<typeof deskIndexes>[1] &
    Parameters<typeof repliedIndexes>[1] &
    Parameters<typeof customerIndexes>[1],
) => [
  ...listIndexes(table, columns),
  ...statusChecks(table),
  ...deskIndexes(table, columns),
  ...repliedIndexes(table, columns),
  ...customerIndexes(table, columns),
];

export const contactSubmissions = sqliteTable(
  inboxKinds.contact.tableName,
  {
    id: id(),
    ...customerColumns(),
    message: text("message").notNull(),
    ...inboxColumns(),
    searchText: searchText(),
  },
  (table) => recordTableExtras(inboxKinds.contact.tableName, table),
);

export const serviceRequests = sqliteTable(
  inboxKinds.serviceRequest.tableName,
  {
    id: id(),
    ...customerColumns(),
    service: text("service").notNull(),
    message: text("message").notNull(),
    // Optional: the vehicle, and when and how the visitor would like to come in. Null when not given.
    vehicleYear: integer("vehicle_year"),
    vehicleMake: text("vehicle_make"),
    vehicleModel: text("vehicle_model"),
    mileage: integer("mileage"),
    /** `YYYY-MM-DD`, a day in the shop's calendar. */
    preferredDate: text("preferred_date"),
    preferredTime: text("preferred_time", { enum: preferredTime.values }),
    visitType: text("visit_type", { enum: visitType.values }),
    // Booked by the visitor at /book (docs/decisions/064): the inbox marks it "booked online".
    bookedOnline: integer("booked_online", { mode: "boolean" }).notNull().default(false),
    ...inboxColumns(),
    // The vehicle too ("Camry"), when given (an absent one would make the whole text null).
    searchText: searchText(["coalesce(vehicle_make, '')", "coalesce(vehicle_model, '')"]),
  },
  (table) => recordTableExtras(inboxKinds.serviceRequest.tableName, table),
);

/** Each kind's table: the one map from a kind of record to where it is stored. */
export const inboxTables = {
  contact: contactSubmissions,
  serviceRequest: serviceRequests,
} as const satisfies Record<InboxKind, unknown>;

// Every status change staff make, with who and when; a record's page lists them. Deleted with the
// record ("forget me" leaves nothing behind). Not a foreign key: the kind names the table.
export const submissionStatusChanges = sqliteTable(
  "submission_status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ...recordKey(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    index("submission_status_changes_submission_idx").on(table.submissionKind, table.submissionId, table.changedAt),
  ],
);

export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type StatusChange = typeof submissionStatusChanges.$inferSelect;

// A session's walk through the list API (app/features/inbox/server/list-walks.server.ts): one kind, one
// filter, from its first page; past 200 records it is an export, in the audit log once.
export const listWalks = sqliteTable(
  "list_walks",
  {
    sessionId: text("session_id")
      .notNull()
      .references(() => staffSessions.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: INBOX_KINDS }).notNull(),
    filter: text("filter").notNull(),
    recordsRead: integer("records_read").notNull().default(0),
    audited: integer("audited", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.sessionId, table.kind] })],
);
