import { shop } from "~/content/shop";
import { serviceRequestLabel } from "~/content/services";
import { preferredTimeLabels, visitTypeStaffLabels } from "~/content/vehicle-visit";
import type { ContactSubmission, ServiceRequest } from "~/db/schema";
import { telHref } from "~/forms/phone-link";
import type { SubmissionFormName } from "~/forms/submission-messages";
import { calendarDateFormat, formatShopDateTime } from "~/hours/shop-calendar";
import { inboxKinds, recordPath } from "~/inbox/kinds";
import { domainOf, escapeHtml, isMailAddress, multiLine, type OutgoingMail, singleLine } from "./mime.server";

// What the emails say: the shop's notification of each submission, the morning digest of requests
// still waiting, and the visitor's optional confirmation. Everything a visitor typed goes through
// singleLine/multiLine for the text part and escapeHtml for the HTML part.

type RowOf = { contact: ContactSubmission; serviceRequest: ServiceRequest };

/** A stored submission with its form: what the notification is about. */
export type NotifiedSubmission = {
  [Form in SubmissionFormName]: { form: Form; record: RowOf[Form] };
}[SubmissionFormName];

/** Who sends, who receives, and the origin the record links use. */
export type MailSettings = { from: string; to: readonly string[]; origin: string };

type Field<Row> = {
  label: string;
  value: (row: Row) => string | null | undefined;
  /** A link for the value (tel:, mailto:). */
  href?: (row: Row) => string;
  /** Shown on lines of its own, line breaks kept. */
  multiline?: true;
};

type Visitor = Pick<ContactSubmission, "firstName" | "lastName" | "email" | "phone" | "message">;

const fullName = (row: Pick<Visitor, "firstName" | "lastName">) => singleLine(`${row.firstName} ${row.lastName}`);

const name: Field<Visitor> = { label: "Name", value: fullName };
const phone: Field<Visitor> = { label: "Phone", value: (row) => row.phone, href: (row) => telHref(row.phone) };
const email: Field<Visitor> = { label: "Email", value: (row) => row.email, href: (row) => `mailto:${row.email}` };
const message: Field<Visitor> = { label: "Message", value: (row) => row.message, multiline: true };

const preferredDateFormat = calendarDateFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric" });

// Every field a visitor sends, in the order staff read them: a new form field is one line here.
// A field the visitor left empty is left out.
const fieldsOf: { [Form in SubmissionFormName]: Field<RowOf[Form]>[] } = {
  contact: [name, phone, email, message],
  serviceRequest: [
    { label: "Service", value: (row) => serviceRequestLabel(row.service) },
    name,
    phone,
    email,
    {
      label: "Vehicle",
      value: (row) => [row.vehicleYear, row.vehicleMake, row.vehicleModel].filter(Boolean).join(" "),
    },
    {
      label: "Mileage",
      value: (row) => (row.mileage === null ? null : `${row.mileage.toLocaleString("en-US")} miles`),
    },
    { label: "Preferred date", value: (row) => row.preferredDate && preferredDateFormat(row.preferredDate) },
    { label: "Preferred time", value: (row) => row.preferredTime && preferredTimeLabels[row.preferredTime] },
    { label: "Visit", value: (row) => row.visitType && visitTypeStaffLabels[row.visitType] },
    message,
  ],
};

type ShownField = { label: string; value: string; href?: string; multiline: boolean };

function shownFields<Form extends SubmissionFormName>(form: Form, row: RowOf[Form]): ShownField[] {
  const fields: Field<RowOf[Form]>[] = fieldsOf[form];
  return fields.flatMap((field) => {
    const raw = field.value(row);
    if (raw === null || raw === undefined || raw.trim() === "") return [];
    const value = field.multiline ? multiLine(raw) : singleLine(raw);
    return [{ label: field.label, value, href: field.href?.(row), multiline: field.multiline ?? false }];
  });
}

/** "Service request: Brake Repair & Service — Jane Doe", "Contact message — Jane Doe". */
export function notificationSubject(submission: NotifiedSubmission): string {
  const who = fullName(submission.record);
  return submission.form === "serviceRequest"
    ? `${inboxKinds.serviceRequest.singular}: ${serviceRequestLabel(submission.record.service)} — ${who}`
    : `${inboxKinds.contact.singular} — ${who}`;
}

/** The record's page as an absolute URL (its path alone if no origin is known). */
export const recordUrl = (origin: string, form: SubmissionFormName, id: string) =>
  origin ? new URL(recordPath(form, id), origin).href : recordPath(form, id);

export const shopSender = (address: string) => ({ address, name: shop.name });

export const htmlPage = (body: string) =>
  `<!doctype html><html><body style="margin:0;padding:16px;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#0f172a">${body}</body></html>`;

export const htmlLink = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="color:#1e3a8a">${escapeHtml(text)}</a>`;

/** The shop's email about one stored submission: Reply-To is the visitor, so replying answers them. */
export function submissionNotification(
  submission: NotifiedSubmission,
  settings: MailSettings,
  { now }: { now: Date },
): OutgoingMail {
  const { form, record } = submission;
  const fields: ShownField[] =
    submission.form === "contact"
      ? shownFields("contact", submission.record)
      : shownFields("serviceRequest", submission.record);
  const who = fullName(record);
  const received = formatShopDateTime(record.submittedAt);
  const link = recordUrl(settings.origin, form, record.id);
  const call = telHref(record.phone);
  const heading = `New ${inboxKinds[form].singular.toLowerCase()} from ${who}`;

  const text = [
    `${heading}.`,
    "",
    ...fields.filter((field) => !field.multiline).map((field) => `${field.label}: ${field.value}`),
    `Received: ${received}`,
    ...fields.filter((field) => field.multiline).flatMap((field) => ["", `${field.label}:`, field.value]),
    "",
    `Call: ${call}`,
    `Open in the inbox: ${link}`,
    "",
    `Reply to this email to answer ${who}.`,
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0;color:#475569;font-weight:600">${escapeHtml(label)}</th><td style="padding:4px 0">${value}</td></tr>`;
  const html = htmlPage(
    [
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(heading)}</h1>`,
      `<table role="presentation" style="border-collapse:collapse">`,
      ...fields
        .filter((field) => !field.multiline)
        .map((field) => row(field.label, field.href ? htmlLink(field.href, field.value) : escapeHtml(field.value))),
      row("Received", escapeHtml(received)),
      `</table>`,
      ...fields
        .filter((field) => field.multiline)
        .map(
          (field) =>
            `<h2 style="font-size:15px;margin:16px 0 4px">${escapeHtml(field.label)}</h2><p style="margin:0;white-space:pre-wrap">${escapeHtml(field.value)}</p>`,
        ),
      `<p style="margin:20px 0 0">${htmlLink(call, `Call ${who}`)} &middot; ${htmlLink(link, "Open in the inbox")}</p>`,
      `<p style="margin:12px 0 0;color:#475569">Reply to this email to answer ${escapeHtml(who)}.</p>`,
    ].join(""),
  );

  return {
    from: shopSender(settings.from),
    to: settings.to,
    // The forms' email rule admits only plain addresses; should one slip through, the shop still
    // gets the message (the address is in the body), just without a one-tap reply.
    ...(isMailAddress(record.email) ? { replyTo: { address: record.email, name: who } } : {}),
    subject: notificationSubject(submission),
    text,
    html,
    date: now,
    messageId: `${inboxKinds[form].slug}.${record.id}@${domainOf(settings.from)}`,
  };
}

/** A request still `new` after the reply promise, as the digest lists it. */
export type OverdueRequest = NotifiedSubmission;

/**
 * The morning list of requests still waiting for a reply past the shop's promise. Links use the
 * configured origin (SITE_URL), else the one each record was sent from.
 */
export function overdueDigest(
  requests: readonly OverdueRequest[],
  settings: Pick<MailSettings, "from" | "to"> & { origin: string | undefined },
  { now, shopDate }: { now: Date; shopDate: string },
): OutgoingMail {
  const count = requests.length;
  const waiting = `${count} ${count === 1 ? "request is" : "requests are"} still new after ${shop.replyWithinHours} hours`;
  const lines = requests.map((request) => {
    const { form, record } = request;
    const what = form === "serviceRequest" ? serviceRequestLabel(request.record.service) : inboxKinds.contact.singular;
    return {
      title: `${fullName(record)}: ${what}`,
      detail: `received ${formatShopDateTime(record.submittedAt)}, ${singleLine(record.phone)}`,
      call: telHref(record.phone),
      link: recordUrl(settings.origin ?? record.siteOrigin ?? "", form, record.id),
    };
  });
  const text = [
    `${waiting}. The shop promises a reply within ${shop.replyWithinHours} hours.`,
    "",
    ...lines.flatMap((line) => [`- ${line.title}, ${line.detail}`, `  ${line.link}`]),
  ].join("\n");
  const html = htmlPage(
    [
      `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(waiting)}</h1>`,
      `<p style="margin:0 0 12px">The shop promises a reply within ${shop.replyWithinHours} hours.</p>`,
      `<ul style="padding-left:20px;margin:0">`,
      ...lines.map(
        (line) =>
          `<li style="margin:0 0 8px">${htmlLink(line.link, line.title)}<br>${escapeHtml(line.detail)} &middot; ${htmlLink(line.call, "Call")}</li>`,
      ),
      `</ul>`,
    ].join(""),
  );
  return {
    from: shopSender(settings.from),
    to: settings.to,
    subject: `Waiting over ${shop.replyWithinHours} hours: ${count} ${count === 1 ? "request" : "requests"}`,
    text,
    html,
    date: now,
    messageId: `digest.${shopDate}@${domainOf(settings.from)}`,
  };
}

const confirmationWording = {
  contact: { subject: "We received your message", what: "your message" },
  serviceRequest: { subject: "We received your service request", what: "your service request" },
} as const satisfies Record<SubmissionFormName, { subject: string; what: string }>;

/**
 * The visitor's confirmation: fixed text and their first name, nothing else they typed, so the
 * forms cannot be used to send someone else's words to a stranger's address.
 */
export function visitorConfirmation(
  submission: NotifiedSubmission,
  settings: Pick<MailSettings, "from" | "to">,
  { now }: { now: Date },
): OutgoingMail {
  const { form, record } = submission;
  const firstName = singleLine(record.firstName);
  const wording = confirmationWording[form];
  const paragraphs = [
    `Hi ${firstName},`,
    `Thank you for contacting ${shop.name}. We received ${wording.what} and will get back to you within ${shop.replyWithinHours} hours.`,
    `If it is urgent, call us at ${shop.phone.display}.`,
    shop.name,
  ];
  const replyAddress = settings.to[0];
  return {
    from: shopSender(settings.from),
    to: [record.email],
    ...(replyAddress ? { replyTo: shopSender(replyAddress) } : {}),
    subject: `${wording.subject} — ${shop.name}`,
    text: paragraphs.join("\n\n"),
    html: htmlPage(paragraphs.map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph)}</p>`).join("")),
    date: now,
    messageId: `confirmation.${inboxKinds[form].slug}.${record.id}@${domainOf(settings.from)}`,
  };
}
