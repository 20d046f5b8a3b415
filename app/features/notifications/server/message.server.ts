import { shop } from "~/content/shop";
import { serviceNameIn, type ServiceNames } from "~/content/services";
import type { ContactSubmission, ServiceRequest } from "~/db/schema/inbox";
import { formatPhone, telHref } from "~/forms/phone-link";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { INBOX_KINDS, type InboxKind, inboxKinds, recordPath } from "~/records/kinds";
import { POSSIBLE_SPAM_EXPLANATION, POSSIBLE_SPAM_LABEL, SPAM_RETENTION_DAYS } from "~/records/statuses";
import { type FieldPlace, inboxListUrl, shownFields, textsIn } from "~/features/inbox/inbox";
import { isMailAddress } from "../../../http/env.server";
import { htmlLink, htmlPage, shopSender } from "../../../mail/html.server";
import { domainOf, escapeHtml, multiLine, type OutgoingMail, singleLine } from "../../../mail/mime.server";

// What the emails say: the shop's notification of each submission, the morning digest of requests
// still waiting, and the visitor's optional confirmation. Everything a visitor typed goes through
// singleLine/multiLine for the text part and escapeHtml for the HTML part.

type RowOf = { contact: ContactSubmission; serviceRequest: ServiceRequest };

/** A stored submission with its form: what the notification is about. */
export type NotifiedSubmission = {
  [Form in InboxKind]: { form: Form; record: RowOf[Form] };
}[InboxKind];

/**
 * Who sends, who receives, the site's absolute URL for a path (absoluteSiteUrl), for the record
 * links, and the services' names in the catalog as of now (a request's service by its name).
 */
export type MailSettings = {
  from: string;
  to: readonly string[];
  urlFor: (path: string) => string;
  services: ServiceNames;
};

type Visitor = Pick<ContactSubmission, "firstName" | "lastName" | "email" | "phone" | "message">;

const fullName = (row: Pick<Visitor, "firstName" | "lastName">) => singleLine(`${row.firstName} ${row.lastName}`);

type ShownField = { label: string; value: string; href?: string; multiline: boolean };

/**
 * Every field the visitor sent, in the order staff read them, from the fields' descriptions
 * (app/features/inbox/record-fields.ts): a field with a line of its own there has one here too. A field
 * the visitor left empty is left out.
 */
function emailFields(form: InboxKind, row: Visitor, services: ServiceNames): ShownField[] {
  const described = shownFields(form, row, services);
  const line = (label: string, value: string | null | undefined, href?: string): ShownField[] =>
    value ? [{ label, value: singleLine(value), href, multiline: false }] : [];
  const ownIn = (place: FieldPlace, href?: (text: string) => string) =>
    described
      .filter((field) => field.place === place)
      .flatMap((field) => line(field.label, field.text, field.text === null ? undefined : href?.(field.text)));
  return [
    ...ownIn("service"),
    ...line("Name", fullName(row)),
    ...ownIn("phone", telHref),
    ...ownIn("email", (address) => `mailto:${address}`),
    ...line("Vehicle", textsIn(described, "vehicle").join(" ")),
    ...ownIn("mileage"),
    ...ownIn("visit"),
    ...ownIn("line"),
    { label: "Message", value: multiLine(row.message), multiline: true },
  ];
}

/**
 * "Service request: Brake Repair & Service — Jane Doe", "Contact message — Jane Doe"; "Possible
 * spam · " before it when the record is flagged.
 */
export function notificationSubject(submission: NotifiedSubmission, services: ServiceNames): string {
  const who = fullName(submission.record);
  const flag = submission.record.possibleSpam ? `${POSSIBLE_SPAM_LABEL} · ` : "";
  return submission.form === "serviceRequest"
    ? `${flag}${inboxKinds.serviceRequest.singular}: ${serviceNameIn(services, submission.record.service)} — ${who}`
    : `${flag}${inboxKinds.contact.singular} — ${who}`;
}

/** The shop's email about one stored submission: Reply-To is the visitor, so replying answers them. */
export function submissionNotification(
  submission: NotifiedSubmission,
  settings: MailSettings,
  { now }: { now: Date },
): OutgoingMail {
  const { form, record } = submission;
  const fields = emailFields(form, record, settings.services);
  const who = fullName(record);
  const received = formatShopDateTime(record.submittedAt);
  const link = settings.urlFor(recordPath(form, record.id));
  const call = telHref(record.phone);
  const heading = `New ${inboxKinds[form].singular.toLowerCase()} from ${who}`;
  const possibleSpam = record.possibleSpam ? `${POSSIBLE_SPAM_LABEL}: ${POSSIBLE_SPAM_EXPLANATION}` : null;

  const text = [
    `${heading}.`,
    "",
    ...(possibleSpam ? [possibleSpam, ""] : []),
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
      possibleSpam
        ? `<p style="margin:0 0 12px;padding:8px 12px;background:#fef3c7;border-left:4px solid #d97706">${escapeHtml(possibleSpam)}</p>`
        : "",
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
    subject: notificationSubject(submission, settings.services),
    text,
    html,
    date: now,
    messageId: `${inboxKinds[form].slug}.${record.id}@${domainOf(settings.from)}`,
  };
}

/** A request still `new` after the reply promise, as the digest lists it. */
export type OverdueRequest = NotifiedSubmission;

/** How many submissions of each kind were kept aside as spam since the digest before. */
export type SpamKept = Record<InboxKind, number>;

const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * The morning digest: the requests still waiting for a reply past the shop's promise, and how many
 * submissions were kept aside as spam since the last digest, with a link to the Spam filter of each
 * kind that has some (they are deleted 30 days after they arrived).
 */
export function overdueDigest(
  requests: readonly OverdueRequest[],
  spam: SpamKept,
  settings: MailSettings,
  { now, shopDate }: { now: Date; shopDate: string },
  followUps: { count: number; text: string[]; html: string } = { count: 0, text: [], html: "" },
): OutgoingMail {
  const count = requests.length;
  const spamTotal = spam.contact + spam.serviceRequest;
  const waiting = `${counted(count, "request is", "requests are")} still new after ${shop.replyWithinHours} hours`;
  const lines = requests.map((request) => {
    const { form, record } = request;
    const what =
      form === "serviceRequest"
        ? serviceNameIn(settings.services, request.record.service)
        : inboxKinds.contact.singular;
    return {
      title: `${fullName(record)}: ${what}`,
      detail: `received ${formatShopDateTime(record.submittedAt)}, ${singleLine(formatPhone(record.phone))}`,
      call: telHref(record.phone),
      link: settings.urlFor(recordPath(form, record.id)),
    };
  });
  const spamKinds = INBOX_KINDS.filter((kind) => spam[kind] > 0).map((kind) => ({
    label: counted(spam[kind], inboxKinds[kind].singular.toLowerCase(), `${inboxKinds[kind].singular.toLowerCase()}s`),
    filter: `${inboxKinds[kind].label}, Spam filter`,
    link: settings.urlFor(inboxListUrl({ kind, statuses: ["spam"], q: "" })),
  }));
  const spamSummary = `Kept aside as spam since the last digest: ${spamKinds.map((kind) => kind.label).join(" and ")}.`;
  const spamAdvice = `Check them for real customers: spam is deleted ${SPAM_RETENTION_DAYS} days after it arrived.`;

  const text = [
    ...(count > 0
      ? [`${waiting}. The shop promises a reply within ${shop.replyWithinHours} hours.`, ""]
      : [`No request is waiting past the shop's ${shop.replyWithinHours}-hour promise.`, ""]),
    ...lines.flatMap((line) => [`- ${line.title}, ${line.detail}`, `  ${line.link}`]),
    ...(spamTotal > 0
      ? [
          ...(count > 0 ? [""] : []),
          spamSummary,
          spamAdvice,
          ...spamKinds.map((kind) => `  ${kind.filter}: ${kind.link}`),
        ]
      : []),
    ...(followUps.count > 0 ? ["", ...followUps.text] : []),
  ].join("\n");
  const html = htmlPage(
    [
      count > 0
        ? `<h1 style="font-size:18px;margin:0 0 12px">${escapeHtml(waiting)}</h1><p style="margin:0 0 12px">The shop promises a reply within ${shop.replyWithinHours} hours.</p>`
        : `<p style="margin:0 0 12px">No request is waiting past the shop's ${shop.replyWithinHours}-hour promise.</p>`,
      ...(count > 0
        ? [
            `<ul style="padding-left:20px;margin:0">`,
            ...lines.map(
              (line) =>
                `<li style="margin:0 0 8px">${htmlLink(line.link, line.title)}<br>${escapeHtml(line.detail)} &middot; ${htmlLink(line.call, "Call")}</li>`,
            ),
            `</ul>`,
          ]
        : []),
      ...(spamTotal > 0
        ? [
            `<h2 style="font-size:16px;margin:20px 0 8px">${escapeHtml(spamSummary)}</h2>`,
            `<p style="margin:0 0 8px">${escapeHtml(spamAdvice)}</p>`,
            `<p style="margin:0">${spamKinds.map((kind) => htmlLink(kind.link, kind.filter)).join(" &middot; ")}</p>`,
          ]
        : []),
      followUps.html,
    ].join(""),
  );
  const spamSubject = `${spamTotal} kept as spam`;
  const callBacks = followUps.count > 0 ? ` · ${counted(followUps.count, "call-back", "call-backs")} today` : "";
  return {
    from: shopSender(settings.from),
    to: settings.to,
    subject:
      count > 0
        ? `Waiting over ${shop.replyWithinHours} hours: ${counted(count, "request", "requests")}${spamTotal > 0 ? ` · ${spamSubject}` : ""}${callBacks}`
        : spamTotal > 0
          ? `Since the last digest: ${spamSubject}${callBacks}`
          : `To call back today: ${counted(followUps.count, "call-back", "call-backs")}`,
    text,
    html,
    date: now,
    messageId: `digest.${shopDate}@${domainOf(settings.from)}`,
  };
}

const confirmationWording = {
  contact: { subject: "We received your message", what: "your message" },
  serviceRequest: { subject: "We received your service request", what: "your service request" },
} as const satisfies Record<InboxKind, { subject: string; what: string }>;

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
