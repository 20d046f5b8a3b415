import { utf8Pieces } from "../../../mail/utf8-pieces.server";

// Writing iCalendar (RFC 5545) for the customer's .ics and the members' feed: the few properties
// they use, each value escaped or quoted as its type needs, every line folded at 75 octets.
// Written here rather than by a library because the one we used wrote a customer's name unquoted
// into `ATTENDEE;CN=` (a ";" added parameters, a ":" replaced the attendee's address) and folded
// at 75 UTF-16 code units, not octets, splitting UTF-8 sequences and surrogate pairs.

/** A parameter of a property, `CN=…`: a value that is not plain gets quoted (paramValue). */
type Parameters = Record<string, string | undefined>;

export type IcsPerson = { name: string; email: string };

export type IcsEvent = {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  sequence: number;
  status: "CONFIRMED" | "CANCELLED";
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  organizer?: IcsPerson;
  attendees?: (IcsPerson & { partstat: "ACCEPTED" | "NEEDS-ACTION"; rsvp: boolean })[];
};

export type IcsCalendar = {
  prodId: string;
  /** iTIP's method (RFC 5546): REQUEST for a new or changed event, CANCEL to take it away. */
  method?: "REQUEST" | "CANCEL";
  /** The calendar's name as subscribing clients show it (X-WR-CALNAME, the de facto name). */
  name?: string;
  events: IcsEvent[];
};

const MAX_LINE_OCTETS = 75;

// Control characters have no place in a value (RFC 5545 §3.1: CONTROL is excluded from every
// value but TEXT's escaped line break); lone surrogates cannot be written in UTF-8.
// eslint-disable-next-line no-control-regex -- the characters this removes
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, a line break as `\n`. */
export function textValue(text: string): string {
  return text
    .toWellFormed()
    .replace(/\r\n?/g, "\n")
    .replace(CONTROLS, "")
    .replace(/[\\;,]/g, (character) => `\\${character}`)
    .replace(/\n/g, "\\n");
}

/**
 * A parameter value (§3.2): quoted when it holds ";", ":" or ",". A DQUOTE cannot be escaped
 * inside one (RFC 6868's ^' is not read by every client), so it becomes an apostrophe; line breaks
 * and other controls are dropped. A ";" also becomes ",": some readers (node-ical among them)
 * split parameters at every ";", quoted or not, and the name is only ever shown.
 */
export function paramValue(value: string): string {
  const plain = value
    .toWellFormed()
    .replace(/[\r\n]+/g, " ")
    .replace(CONTROLS, "")
    .replace(/"/g, "'")
    .replace(/;/g, ",");
  return /[;:,]/.test(plain) ? `"${plain}"` : plain;
}

/** A calendar address (§3.3.3) of an email address. */
const mailto = (email: string) => `mailto:${email.replace(/[\s"]/g, "")}`;

/** A UTC DATE-TIME (§3.3.5 form 2): 20261214T130000Z. */
export const utcDateTime = (instant: Date) => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;

/**
 * A content line folded (§3.1): no line longer than 75 octets, each continuation starting with a
 * space, and never inside a character (a fold between the bytes of one UTF-8 sequence, or between
 * the halves of a surrogate pair, makes the text unreadable).
 */
export function foldLine(line: string): string {
  return utf8Pieces(line, MAX_LINE_OCTETS, " ").join("\r\n");
}

function property(name: string, value: string, parameters: Parameters = {}): string {
  const params = Object.entries(parameters)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, param]) => `;${key}=${paramValue(param)}`)
    .join("");
  return foldLine(`${name}${params}:${value}`);
}

function eventLines(event: IcsEvent): string[] {
  return [
    "BEGIN:VEVENT",
    property("UID", textValue(event.uid)),
    property("DTSTAMP", utcDateTime(event.stamp)),
    property("DTSTART", utcDateTime(event.start)),
    property("DTEND", utcDateTime(event.end)),
    property("SEQUENCE", String(event.sequence)),
    property("STATUS", event.status),
    property("SUMMARY", textValue(event.summary)),
    ...(event.location ? [property("LOCATION", textValue(event.location))] : []),
    ...(event.description ? [property("DESCRIPTION", textValue(event.description))] : []),
    // A URI value (§3.3.13) is not escaped; ours are built by the app from its own paths and tokens.
    ...(event.url ? [property("URL", event.url)] : []),
    ...(event.organizer ? [property("ORGANIZER", mailto(event.organizer.email), { CN: event.organizer.name })] : []),
    ...(event.attendees ?? []).map((attendee) =>
      property("ATTENDEE", mailto(attendee.email), {
        CN: attendee.name,
        PARTSTAT: attendee.partstat,
        RSVP: attendee.rsvp ? "TRUE" : "FALSE",
      }),
    ),
    "END:VEVENT",
  ];
}

/** A whole calendar, lines ending in CRLF as §3.1 asks. */
export function icsCalendar(calendar: IcsCalendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    property("PRODID", textValue(calendar.prodId)),
    ...(calendar.method ? [property("METHOD", calendar.method)] : []),
    ...(calendar.name ? [property("X-WR-CALNAME", textValue(calendar.name))] : []),
    ...calendar.events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
