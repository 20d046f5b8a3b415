// Visitors' records the browser tests write for themselves, straight into the test server's D1 as
// the public forms store them: each test's own, found again by a word in its name or message.
import { type InboxKind, inboxKinds } from "../app/records/kinds";
import type { SubmissionStatus } from "../app/records/statuses";
import { executeSql } from "./fixtures";

export type OwnRecord = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  /** A service request's service (its option value). */
  service?: string;
  submittedAt?: number;
  status?: SubmissionStatus;
  /** A service request's vehicle. */
  vehicleYear?: number;
  vehicleMake?: string;
  vehicleModel?: string;
};

const columnOf: Record<keyof OwnRecord, string> = {
  firstName: "first_name",
  lastName: "last_name",
  email: "email",
  phone: "phone",
  message: "message",
  service: "service",
  submittedAt: "submitted_at",
  status: "status",
  vehicleYear: "vehicle_year",
  vehicleMake: "vehicle_make",
  vehicleModel: "vehicle_model",
};

/** Writes a record of `kind`, sent now and new unless it says otherwise; returns its id. */
export function insertRecord(kind: InboxKind, record: OwnRecord): string {
  const id = crypto.randomUUID();
  const fields = Object.entries({ submittedAt: Date.now(), status: "new", ...record }).filter(
    ([, value]) => value !== undefined,
  ) as [keyof OwnRecord, string | number][];
  const columns = ["id", ...fields.map(([field]) => columnOf[field])];
  executeSql(
    `INSERT INTO ${inboxKinds[kind].tableName} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    id,
    ...fields.map(([, value]) => value),
  );
  return id;
}

/** A new service request for brakes from Robin, named and written to by `tag`. */
export const brakeRequest = (tag: string): OwnRecord => ({
  firstName: "Robin",
  lastName: tag,
  email: `${tag.toLowerCase()}@example.com`,
  phone: "4105550188",
  service: "brake-service",
  message: `Grinding brakes (${tag}).`,
});
