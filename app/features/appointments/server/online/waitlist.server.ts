import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { bookingWaitlist } from "~/db/schema/appointments";
import { z } from "~/forms/zod";
import type { AppEnv } from "~/http/env.server";
import { absoluteSiteUrl } from "~/http/site-url.server";
import { htmlLink, htmlPage, shopSender } from "~/mail/html.server";
import { domainOf, escapeHtml, singleLine } from "~/mail/mime.server";
import { sendToEach } from "~/mail/send.server";
import { enqueueJobs, type JobHandlers, outcomeOf } from "~/queue/jobs.server";
import type { AppointmentKind } from "../../vocabulary";
import { spelled } from "../place-rules.server";

// A full day is not a dead end (docs/decisions/064): a visitor may ask to be told when a place of
// that day frees up. A cancellation of that place tells the first still waiting, once, with a
// link to /book: first come, first served, and never booked for them unasked.

type WaitingPlace = { date: string; kind: AppointmentKind; time: string | null };

/** Puts a visitor on the list for a place. */
export async function joinWaitlist(
  env: Pick<AppEnv, "DB">,
  place: WaitingPlace,
  who: { firstName: string; email: string },
  now: Date,
): Promise<void> {
  await getDb(env)
    .insert(bookingWaitlist)
    .values({ ...place, firstName: who.firstName, email: who.email, createdAt: now });
}

const waitlistJobSchema = z.object({ type: z.literal("waitlist"), id: z.number().int().positive() });

declare module "~/queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    waitlist: z.infer<typeof waitlistJobSchema>;
  }
}

/**
 * After a cancellation freed a place: the first visitor still waiting for it is marked told (one
 * conditional update, so two cancellations at once tell two visitors, never one twice) and queued.
 */
export async function tellFirstWaiting(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, place: WaitingPlace, now: Date) {
  try {
    await tellFirst(env, place, now);
  } catch (error) {
    // The cancellation stands: a waitlist that cannot be told is logged, not the customer's error.
    console.error("Could not tell the waitlist of a freed place", { place, error });
  }
}

async function tellFirst(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, place: WaitingPlace, now: Date) {
  const w = bookingWaitlist;
  const first = getDb(env)
    .select({ id: w.id })
    .from(w)
    .where(and(eq(w.date, place.date), eq(w.kind, place.kind), sql`${w.time} is ${place.time}`, isNull(w.toldAt)))
    .orderBy(asc(w.id))
    .limit(1);
  const [told] = await getDb(env)
    .update(w)
    .set({ toldAt: now })
    .where(and(sql`${w.id} = (${first})`, isNull(w.toldAt)))
    .returning({ id: w.id });
  if (told) await enqueueJobs(env, [{ type: "waitlist", id: told.id }]);
}

/** The queue's handler: the email to the visitor told, with the link to book the place. */
export const waitlistJobHandlers = {
  waitlist: {
    schema: waitlistJobSchema,
    run: async (env, job, { now }) => {
      const [row] = await getDb(env).select().from(bookingWaitlist).where(eq(bookingWaitlist.id, job.id));
      if (!row) return outcomeOf({ errors: [] });
      const link = absoluteSiteUrl(env, "/book");
      const what = row.time ? `the ${row.time} waiter slot` : "a drop-off place";
      const lead = `${what[0]!.toUpperCase()}${what.slice(1)} on ${spelled(row.date)} just opened up. It is not held for you: the first to book it gets it.`;
      const paragraphs = [`Hi ${singleLine(row.firstName)},`, lead, `Book it here: ${link}`, shop.name];
      const mail = {
        from: shopSender(env.NOTIFY_FROM),
        to: [row.email],
        subject: `A place opened up on ${spelled(row.date)} — ${shop.name}`,
        text: paragraphs.join("\n\n"),
        html: htmlPage(
          `<p>${escapeHtml(paragraphs[0]!)}</p><p>${escapeHtml(lead)}</p><p>${htmlLink(link, "Book it")}</p><p>${escapeHtml(shop.name)}</p>`,
        ),
        date: now,
        messageId: `waitlist.${row.id}@${domainOf(env.NOTIFY_FROM)}`,
      };
      return outcomeOf(await sendToEach(env.NOTIFY_EMAIL, mail));
    },
  },
} satisfies Pick<JobHandlers, "waitlist">;
