import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { users } from "~/db/schema/staff";

/**
 * Whether an account holds this email address (another than `exceptMemberId`'s): an address names
 * one member, for invitations and for a member changing their own.
 */
export async function emailTaken(db: Database, email: string, exceptMemberId?: string): Promise<boolean> {
  const holder = await db.query.users.findFirst({
    columns: { id: true },
    where: and(eq(users.email, email), exceptMemberId === undefined ? undefined : ne(users.id, exceptMemberId)),
  });
  return holder !== undefined;
}
