import { z } from "~/forms/zod";

// The owner's switches for appointments beyond capacity (docs/decisions/049): book a new request at
// once when its preferred day has room, and ask for a review when a job is done. Both off until an
// owner turns them on. One schema for the Settings page's forms and PUT /api/settings/appointment-options.

export type BookingOptions = { confirmOnArrival: boolean; reviewRequestsOn: boolean; reviewUrl: string | null };

export const defaultBookingOptions: BookingOptions = {
  confirmOnArrival: false,
  reviewRequestsOn: false,
  reviewUrl: null,
};

export const REVIEW_URL_MAX = 500;

const reviewUrl = z
  .string({ error: "The review link must be text." })
  .trim()
  .max(REVIEW_URL_MAX, { error: `Keep the review link to ${REVIEW_URL_MAX} characters.` })
  .refine((value) => value === "" || isHttpsUrl(value), {
    error: "Give the review link as a full https:// address (your Google review link, for example).",
  })
  .transform((value) => value || null);

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname.includes(".") && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A change to any of the options; what is left out stays as it is. */
export const bookingOptionsSchema = z
  .object({
    confirmOnArrival: z.boolean({ error: "confirmOnArrival must be true or false." }).optional(),
    reviewRequestsOn: z.boolean({ error: "reviewRequestsOn must be true or false." }).optional(),
    reviewUrl: reviewUrl.nullable().optional(),
  })
  .strict();

export type BookingOptionsInput = z.infer<typeof bookingOptionsSchema>;

/** The options after a change, or the field that makes it impossible (review requests need a link). */
export function applyBookingOptions(
  current: BookingOptions,
  input: BookingOptionsInput,
): { ok: true; options: BookingOptions } | { ok: false; field: "reviewUrl"; message: string } {
  const options: BookingOptions = {
    confirmOnArrival: input.confirmOnArrival ?? current.confirmOnArrival,
    reviewRequestsOn: input.reviewRequestsOn ?? current.reviewRequestsOn,
    reviewUrl: input.reviewUrl === undefined ? current.reviewUrl : input.reviewUrl,
  };
  if (options.reviewRequestsOn && !options.reviewUrl) {
    return { ok: false, field: "reviewUrl", message: "Give the review link to turn review requests on." };
  }
  return { ok: true, options };
}
