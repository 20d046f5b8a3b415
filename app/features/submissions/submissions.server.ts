import { NIGHTLY, type ScheduledTask } from "~/scheduled/scheduled.server";
import { purgeOldSpam } from "./server/spam.server";

// The submissions' public server file: the forms' page action, their HTML constraints, and the
// nightly purge. The one save path for the page and the JSON API is
// app/features/submissions/server/save-submission.server.ts.

// Spam kept aside is deleted once seen and past its keeping time (the scheduled purge); what may be
// deleted is the spam rule's to say.
export const submissionScheduledTasks: ScheduledTask[] = [
  {
    name: "spam purge",
    cron: NIGHTLY,
    run: async (env, at) => {
      const deleted = await purgeOldSpam(env, at);
      return `deleted ${deleted.contact} contact messages and ${deleted.serviceRequest} service requests kept as spam for over 30 days`;
    },
  },
];

export { formConstraintsAt } from "./server/form-constraints.server";
export { handleSubmissionForm, submissionFormData } from "./server/submission-action.server";
export { HONEYPOT_FIELD } from "./honeypot";
export { handleBookingForm } from "./server/online-booking-page.server";
