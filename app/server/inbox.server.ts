import { desc } from "drizzle-orm";
import { getDb, type Database } from "~/db/db.server";
import { contactSubmissions, serviceRequests, type ContactSubmission, type ServiceRequest } from "~/db/schema";
import type { AppEnv } from "./env.server";

// Reading the staff inbox, newest first. Callers check the session first (requireAdmin*).

export type Inbox = { contactSubmissions: ContactSubmission[]; serviceRequests: ServiceRequest[] };

const contactSubmissionsNewestFirst = (db: Database) =>
  db.select().from(contactSubmissions).orderBy(desc(contactSubmissions.submittedAt));

const serviceRequestsNewestFirst = (db: Database) =>
  db.select().from(serviceRequests).orderBy(desc(serviceRequests.submittedAt));

export function listContactSubmissions(env: AppEnv): Promise<ContactSubmission[]> {
  return contactSubmissionsNewestFirst(getDb(env));
}

export function listServiceRequests(env: AppEnv): Promise<ServiceRequest[]> {
  return serviceRequestsNewestFirst(getDb(env));
}

/** Both lists in one round trip to D1. */
export async function loadInbox(env: AppEnv): Promise<Inbox> {
  const db = getDb(env);
  const [contacts, requests] = await db.batch([contactSubmissionsNewestFirst(db), serviceRequestsNewestFirst(db)]);
  return { contactSubmissions: contacts, serviceRequests: requests };
}
