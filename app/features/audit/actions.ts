// Every kind of entry the audit log keeps, with the words the owners' audit page shows. Each feature
// that does something worth recording adds its action here and writes it with auditInsert in the batch of its change
// (app/features/audit/audit.server.ts).
export const auditActionLabels = {
  "sign-in": "Signed in",
  "sign-in.failed": "Sign-in failed",
  "sign-in.password": "Right password, code asked",
  "sign-out": "Signed out",
  "password.change": "Changed their password",
  "account.update": "Changed their name or email",
  "record.status": "Changed a record's status",
  "record.delete": "Deleted a record",
  "records.export": "Exported records as CSV",
  "records.list-export": "Read over 200 records page by page (the inbox or the list API)",
  "record.call": "Logged a call",
  "record.note": "Added a note to a record",
  "record.email": "Logged an email to a customer",
  "record.reply": "Replied to a customer by email from the record",
  "record.handled": "Marked a customer's answer handled",
  "record.follow-up": "Set or cleared a call-back time",
  "record.assign": "Assigned a record",
  "team.invite": "Invited someone to the team",
  "team.invite-revoke": "Revoked an invitation",
  "team.join": "Joined the team through an invitation",
  "team.create": "Created an account from the command line",
  "team.role": "Changed someone's role",
  "team.disable": "Disabled an account",
  "team.enable": "Enabled an account",
  "team.remove": "Removed an account",
  "password.reset-request": "Made a password reset link",
  "password.reset": "Set a new password through a reset link",
  "second-factor.enrol": "Set up an authenticator app",
  "second-factor.remove": "Turned off their second factor",
  "second-factor.recovery-codes": "Made new recovery codes",
  "second-factor.passed": "Passed the second factor",
  "second-factor.failed": "Failed the second factor",
  "second-factor.locked": "Codes locked after too many wrong ones",
  "passkey.add": "Added a passkey",
  "passkey.remove": "Removed a passkey",
  "team.second-factor-required": "Changed whether a second factor is required",
  "team.second-factor-reset": "Reset someone's second factor",
  "settings.hours": "Changed the weekly hours",
  "settings.closure.add": "Added a closure day",
  "settings.closure.remove": "Removed a closure day",
  "settings.special-hours.add": "Added special hours",
  "settings.special-hours.remove": "Removed special hours",
  "settings.holidays": "Changed the holidays the shop closes for",
  "settings.notice.set": "Set the site's notice",
  "settings.notice.clear": "Removed the site's notice",
  "insights.public-record": "Turned the response record on the website on or off",
  "settings.capacity": "Changed the appointment capacity",
  "settings.estimates": "Changed the labour rate, the tax rule or the terms of estimates",
  "settings.mail": "Changed who gets the shop's emails, the visitor confirmation or the reply sender's name",
  "settings.reply-template.add": "Added a reply template",
  "settings.reply-template.edit": "Changed a reply template",
  "settings.reply-template.delete": "Deleted a reply template",
  "settings.service.add": "Added a service",
  "settings.service.edit": "Changed a service (its texts, price, place or visibility)",
  "settings.service.restore": "Put back an earlier version of a service",
  "settings.service.photo.add": "Added a photo to a service",
  "settings.service.photo.remove": "Removed a photo from a service",
  "settings.texts.edit": "Changed the home page's headline or introduction, or the about page's story",
  "settings.texts.restore": "Put back an earlier version of the shop's texts",
  "appointment.book": "Booked an appointment",
  "appointment.reschedule": "Moved an appointment",
  "appointment.cancel": "Cancelled an appointment",
  "appointment.mark": "Marked an appointment arrived, no-show or done",
  "appointment.review-request": "Asked a customer for a review after their job",
  "account.calendar-feed": "Made or revoked their calendar feed",
  "settings.confirm-on-arrival": "Turned booking new requests on arrival on or off",
  "settings.review-requests": "Changed the review request after a job",
  "settings.online-booking": "Changed the rules for online booking",
  "estimate.create": "Wrote an estimate on a service request",
  "estimate.revise": "Revised an estimate (a new version)",
  "estimate.send": "Sent an estimate to the customer",
  "estimate.photo.add": "Added a photo to an estimate's line",
  "estimate.photo.remove": "Removed a photo from an estimate's line",
} as const;

export type AuditAction = keyof typeof auditActionLabels;
export const AUDIT_ACTIONS = Object.keys(auditActionLabels) as AuditAction[];

/** One entry as the audit page and GET /api/audit show it. */
export type AuditEntry = {
  id: number;
  at: Date;
  action: string;
  /** Null for entries without an actor; `id` null for a failed sign-in (`username` is the name tried). */
  actor: { id: string | null; username: string; name: string } | null;
  target: string | null;
  detail: Record<string, string | number | boolean | null> | null;
  client: string | null;
};
