import { shop } from "~/content/shop";
import type { InboxKind } from "~/records/kinds";

// The toast texts of the two public forms, word for word as the shop wrote them.
export const submissionMessages = {
  contact: {
    success: {
      title: "Message Sent Successfully",
      description: `Thank you for contacting us. We'll get back to you within ${shop.replyWithinHours} hours.`,
    },
    failure: { title: "Failed to Send Message", description: "Please try again or call us directly" },
  },
  serviceRequest: {
    success: {
      title: "Service Request Submitted",
      description: `Thank you for your request. We'll contact you within ${shop.replyWithinHours} hours to schedule your service.`,
    },
    failure: {
      title: "Failed to Submit Request",
      description: `Please try again or call us directly at ${shop.phone.display}.`,
    },
  },
} as const satisfies Record<InboxKind, unknown>;

/** The answer to a service request booked on arrival (the owner's switch, app/features/appointments/). */
export const bookedOnArrivalMessage = (when: string) => ({
  title: "Your Appointment Is Booked",
  description: `We've booked you in: ${when}. Your confirmation email has a calendar file and a link to move or cancel it.`,
});

export const INVALID_MESSAGE = "Please correct the highlighted fields and send again.";
export const RATE_LIMITED_MESSAGE = `Too many messages from your connection. Please wait a minute and try again, or call us at ${shop.phone.display}.`;
export const UNAVAILABLE_MESSAGE = `We couldn't save your message just now. Please try again or call us directly at ${shop.phone.display}.`;
export const TOO_LARGE_MESSAGE = `That is more text than this form can take. Please shorten it, or call us at ${shop.phone.display}.`;
export const ALREADY_SENT_MESSAGE =
  "This form was already sent with other details. Please reload the page to send a new message.";
