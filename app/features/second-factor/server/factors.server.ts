import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { teamSettings, totpSecrets } from "~/db/schema/second-factor";

// What sign-in and the gates need to know of a member's second factor, through the second factor's
// public file. A confirmed authenticator app is what the password path
// asks for after the password; a passkey is a whole sign-in of its own (decision 035).

/** Whether signing in with this member's password asks for a code next. */
export async function hasAuthenticator(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)))
    .get();
  return row !== undefined;
}

/** Whether the owners require a second factor and this member has none yet (enrolment first). */
export async function mustEnrol(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({
      required: teamSettings.requireSecondFactor,
      enrolled: sql<number>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)`,
    })
    .from(teamSettings)
    .where(eq(teamSettings.id, 1))
    .get();
  return row !== undefined && row.required && !row.enrolled;
}
