import { data, type RouterContextProvider } from "react-router";
import { calendarDateField } from "~/forms/dates";
import { emailField, nameField } from "~/forms/fields";
import { z } from "~/forms/zod";
import { type Refusal, refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { bookingViewPosted, joinWaitlist, postedBookingView } from "../../appointments/appointments.server";
import { HONEYPOT_FIELD } from "../honeypot";
import { TOO_LARGE_MESSAGE } from "../submission-messages";
import { bookOnlineFor, onlineBookingSchema } from "./online-booking-api.server";
import { saveContextFor } from "./save-submission.server";
import { isOverSubmissionLimit, submissionLimitRefusal } from "./submission-limit.server";

// The /book page's action, a plain form post (the page ships no JavaScript): the same schema and
// booking as POST /api/bookings, the same per-client limit counted before the body is read. The
// answer is the page again: booked, or what the visitor typed with what to change.

const PAGE_FORM_LIMIT_BYTES = 16 * 1024;

/** Being told when a place of a full day frees up: who, and which place (the full one they chose). */
const waitlistSchema = z.object({
  firstName: nameField("first name"),
  email: emailField,
  date: calendarDateField({ format: "Please choose a day." }),
  kind: z.enum(["drop-off", "waiter"], { error: "Please choose a day and time." }),
});

export const BOOKING_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "service",
  "vehicle",
  "place",
  "note",
] as const;
export type BookingEntered = Partial<Record<(typeof BOOKING_FIELDS)[number], string>>;

type Answer =
  | { booked: { state: "confirmed" | "requested"; when: string | null; date: string } }
  | { waiting: { date: string } }
  | { errors: string[]; entered: BookingEntered; nextDays?: string[] };

/** The page's answer to a post, and the view it came from counted as started, or booked (decision 066). */
export async function handleBookingForm(request: Request, context: Readonly<RouterContextProvider>) {
  const answer = await answerBookingForm(request, context);
  const save = saveContextFor(request, context);
  const view = context.get(postedBookingView);
  const booked = answer.init?.status === undefined && "booked" in answer.data;
  await bookingViewPosted(save.env, view, booked, save.now).catch((error: unknown) =>
    console.error("The booking page's view was not counted", { view, error }),
  );
  return answer;
}

async function answerBookingForm(request: Request, context: Readonly<RouterContextProvider>) {
  const save = saveContextFor(request, context);
  const overLimit = await isOverSubmissionLimit(save.env, save.clientKey);
  const posted = await readPostedForm(request, {
    limitBytes: PAGE_FORM_LIMIT_BYTES,
    tooLargeMessage: TOO_LARGE_MESSAGE,
  });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  context.set(postedBookingView, text("view") || null);
  const entered = Object.fromEntries(BOOKING_FIELDS.map((name) => [name, text(name)])) as BookingEntered;
  /** The page again with what the visitor typed: the refusal's status, and its message unless `errors` says more. */
  const refuse = (refusal: Refusal, errors = [refusal.message], nextDays?: string[]) =>
    refusalData<Answer>(refusal, { errors, entered, ...(nextDays ? { nextDays } : {}) });
  if (overLimit) return refuse(submissionLimitRefusal());
  const invalid = (errors: string[]) => refuse(refused("invalid", errors.join(" ")).refusal, errors);
  const [date = "", kind = "", time = ""] = text("place").split("|");
  if (form.get("intent") === "waitlist") {
    const asked = waitlistSchema.safeParse({ firstName: text("firstName"), email: text("email"), date, kind });
    if (!asked.success) return invalid([...new Set(asked.error.issues.map((issue) => issue.message))]);
    const place = { date: asked.data.date, kind: asked.data.kind, time: asked.data.kind === "waiter" ? time : null };
    await joinWaitlist(save.env, place, asked.data, save.now);
    return data<Answer>({ waiting: { date: asked.data.date } });
  }
  const parsed = onlineBookingSchema.safeParse({
    firstName: text("firstName"),
    lastName: text("lastName"),
    email: text("email"),
    phone: text("phone"),
    service: text("service"),
    vehicle: text("vehicle"),
    note: text("note"),
    date: date || undefined,
    kind: kind || undefined,
    time: time || null,
    [HONEYPOT_FIELD]: form.get(HONEYPOT_FIELD) ?? undefined,
  });
  if (!parsed.success) {
    const missingPlace = !date ? ["Please choose a day and time."] : [];
    return invalid([...new Set([...missingPlace, ...parsed.error.issues.map((issue) => issue.message)])]);
  }
  const outcome = await bookOnlineFor(request, context, parsed.data);
  if (outcome.ok) {
    const { state, when, date } = outcome.value;
    return data<Answer>({ booked: { state, when, date } });
  }
  const { refusal } = outcome;
  const nextDays = refusal.extra?.nextDays;
  if (nextDays)
    return refuse(
      refusal,
      [`${refusal.message} Please choose another time.`],
      nextDays.map((day) => day.date),
    );
  // The page asks for no retry time: a visitor reads the message and sends again.
  if (refusal.reason === "unavailable") return refuse({ reason: refusal.reason, message: refusal.message });
  return refuse(refusal);
}
