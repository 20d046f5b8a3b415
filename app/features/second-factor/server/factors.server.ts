import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { passkeys, teamSettings, totpSecrets } from "~/db/schema/second-factor";

// What the gates need to know of a member's second factor, through the second factor's public file.
// (Whether the password path asks for a code next is sign-in's to read: usesAuthenticator.)

/**
 * Whether the owners require a second factor and this member has none yet (enrolment first): a
 * confirmed authenticator app or a passkey each counts.
 */
export async function mustEnrol(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({
      required: teamSettings.requireSecondFactor,
      enrolled: sql<number>`exists (select 1 from ${totpSecrets} where ${totpSecrets.userId} = ${userId} and ${totpSecrets.confirmedAt} is not null)
        or exists (select 1 from ${passkeys} where ${passkeys.userId} = ${userId})`,
    })
    .from(teamSettings)
    .where(eq(teamSettings.id, 1))
    .get();
  return row !== undefined && row.required && !row.enrolled;
}
