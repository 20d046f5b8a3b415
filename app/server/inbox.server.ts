import { desc } from "drizzle-orm";
import { getDb, type Database } from "~/db/db.server";
import { contactSubmissions, serviceRequests, type ContactSubmission, type ServiceRequest } from "~/db/schema";
import type { AppEnv } from "./env.server";
import { withNotificationState } from "./notifications/ledger.server";

// Reading the staff inbox, newest first. Callers check the session first (requireAdmin*).

export type ContactRecord = ReturnType<typeof withNotificationState<ContactSubmission>>;
export type ServiceRequestRecord = ReturnType<typeof withNotificationState<ServiceRequest>>;

export type Inbox = { contactSubmissions: ContactRecord[]; serviceRequests: ServiceRequestRecord[] };

const contactSubmissionsNewestFirst = (db: Database) =>
  db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.submittedAt));

const serviceRequestsNewestFirst = (db: Database) =>
  db.select().from(serviceRequests).orderBy(desc(serviceRequests.submittedAt));

export async function listContactSubmissions(env: AppEnv): Promise<ContactRecord[]> {
  return (await contactSubmissionsNewestFirst(getDb(env))).map(withNotificationState);
}

export async function listServiceRequests(env: AppEnv): Promise<ServiceRequestRecord[]> {
  return (await serviceRequestsNewestFirst(getDb(env))).map(withNotificationState);
}

/** Both lists in one round trip to D1. */
export async function loadInbox(env: AppEnv): Promise<Inbox> {
  const db = getDb(env);
  const [contacts, requests] = await db.batch([contactSubmissionsNewestFirst(db), serviceRequestsNewestFirst(db)]);
  return {
    contactSubmissions: contacts.map(withNotificationState),
    serviceRequests: requests.map(withNotificationState),
  };
}
