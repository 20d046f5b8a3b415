import { getEnv } from "~/http/context.server";
import { refusalData, refused } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import type { Acting } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { type BookingOptionsInput, bookingOptionsSchema } from "../../booking-options";
import type { OptionsRefusal } from "../../components/booking-options-forms";
import { saveBookingOptions } from "./booking-options.server";

// The capacity page's two switch forms (intent "confirm-on-arrival" or "review-requests"): the same
// schema and save as PUT /api/settings/appointment-options, then back to the page with a toast.

type Context = Parameters<typeof getEnv>[0];

export async function saveBookingOptionsForm(
  intent: OptionsRefusal["intent"],
  form: FormData,
  context: Context,
  acting: Acting,
) {
  const env = getEnv(context);
  const entered = form.get("reviewUrl");
  const input: Record<string, unknown> =
    intent === "confirm-on-arrival"
      ? { confirmOnArrival: form.get("confirmOnArrival") === "on" }
      : {
          reviewRequestsOn: form.get("reviewRequestsOn") === "on",
          reviewUrl: typeof entered === "string" ? entered : "",
        };
  const refuse = (message: string) => {
    const sent =
      intent === "review-requests"
        ? { reviewUrl: String(input.reviewUrl), reviewRequestsOn: input.reviewRequestsOn === true }
        : {};
    const refusal: OptionsRefusal = { intent, message, ...sent };
    return refusalData(refused("invalid", message).refusal, { optionsRefusal: refusal }, NO_STORE);
  };
  const parsed = bookingOptionsSchema.safeParse(input);
  if (!parsed.success) return refuse(parsed.error.issues.map((issue) => issue.message).join(" "));
  const saved = await saveBookingOptions(env, parsed.data satisfies BookingOptionsInput, acting);
  if (!saved.ok) return refuse(saved.message);
  const description =
    intent === "confirm-on-arrival"
      ? saved.options.confirmOnArrival
        ? "New requests are booked at once when their preferred day has room."
        : "New requests wait for staff to book them."
      : saved.options.reviewRequestsOn
        ? "A review request goes when a job is marked done."
        : "No review requests are sent.";
  return redirectWithToast(env, "/incoming/settings/capacity", { title: "Saved", description });
}
