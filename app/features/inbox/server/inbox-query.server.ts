import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { endOfShopDay } from "~/features/desk/desk";
import { defaultStatuses, type ListSurface } from "~/features/inbox/list-params";
import { isSubmissionStatus, SUBMISSION_STATUSES, type SubmissionStatus } from "~/records/statuses";
import { repeatedParameter } from "~/http/query.server";

// What a list of inbox records is asked for, as the JSON API, the CSV export and /incoming take it
// in their query string: `status`, `q`, `due`, `replied`, `assignee`, `limit`, `cursor`. One parser, so all
// three agree.

/** A position in a list: the record a page starts after, and which way the page goes from it. */
export type ListCursor = { direction: "older" | "newer"; submittedAt: number; id: string };

export type InboxListQuery = {
  statuses: readonly SubmissionStatus[];
  /** The search as typed (trimmed), for forms and links; empty when there is none. */
  q: string;
  /** What the search looks for: every term must be in the record's search text. */
  terms: readonly string[];
  limit: number;
  cursor: ListCursor | null;
  /** `?due=1`: only records whose follow-up is before this instant (the end of the shop's day), not closed. */
  dueBefore: Date | null;
  /** `?replied=1`: only records whose customer's last answer waits on staff (app/features/replies/). */
  replied: boolean;
  /** `?assignee=`: as given ("me", "none", a username; "" for anyone), for forms and links. */
  assigneeParam: string;
  /** Whose records: a username, null for nobody's, undefined for anyone's. */
  assignee: string | null | undefined;
};

/** What a list's filters are read against: the request's time (for `due`) and who asks (for `me`). */
export type ListContext = { now: Date; me: string };

export const INBOX_PAGE_SIZE = 25;
const API_DEFAULT_LIMIT = 50;
export const API_MAX_LIMIT = 200;
const MAX_QUERY_LENGTH = 200;
const MAX_TERMS = 8;

export type ParsedListQuery = { ok: true; query: InboxListQuery } | { ok: false; message: string };

/** Reads a list request's parameters; `ok: false` carries the 400 answer's message. */
export function parseListQuery(params: URLSearchParams, surface: ListSurface, context: ListContext): ParsedListQuery {
  // `status` may be given as a list (`?status=new&status=seen`); any other parameter only once.
  const repeated = repeatedParameter(params, ["status"]);
  if (repeated) return { ok: false, message: `Give ${repeated} once.` };
  const statuses = parseStatuses(params.getAll("status"), defaultStatuses[surface]);
  if (!statuses) {
    return { ok: false, message: `status must be "all" or one or more of ${SUBMISSION_STATUSES.join(", ")}.` };
  }

  // NFC, as the forms store text (app/forms/fields.ts): "Cafe" + a combining accent finds "Café".
  const q = (params.get("q") ?? "").normalize("NFC").trim();
  if (q.length > MAX_QUERY_LENGTH) return { ok: false, message: `q can be at most ${MAX_QUERY_LENGTH} characters.` };

  let limit = surface === "inbox" ? INBOX_PAGE_SIZE : API_DEFAULT_LIMIT;
  const rawLimit = params.get("limit");
  if (surface === "api" && rawLimit !== null) {
    limit = Number(rawLimit);
    if (!/^\d+$/.test(rawLimit) || limit < 1 || limit > API_MAX_LIMIT) {
      return { ok: false, message: `limit must be a whole number from 1 to ${API_MAX_LIMIT}.` };
    }
  }

  const rawCursor = params.get("cursor");
  const cursor = rawCursor ? decodeCursor(rawCursor) : null;
  if (rawCursor && !cursor) return { ok: false, message: "cursor is not one this server gave out." };

  const due = params.get("due");
  if (due !== null && due !== "" && due !== "1" && due !== "0") return { ok: false, message: "due must be 1 or 0." };
  const dueBefore = due === "1" ? endOfShopDay(context.now) : null;

  const repliedParam = params.get("replied");
  if (repliedParam !== null && repliedParam !== "" && repliedParam !== "1" && repliedParam !== "0") {
    return { ok: false, message: "replied must be 1 or 0." };
  }
  const replied = repliedParam === "1";

  const assigneeParam = (params.get("assignee") ?? "").trim();
  if (!/^[\w.@+-]{0,64}$/.test(assigneeParam)) {
    return { ok: false, message: "assignee must be me, none or a member's username." };
  }
  const assignee =
    assigneeParam === ""
      ? undefined
      : assigneeParam === "none"
        ? null
        : assigneeParam === "me"
          ? context.me
          : assigneeParam;

  return {
    ok: true,
    query: { statuses, q, terms: searchTerms(q), limit, cursor, dueBefore, replied, assigneeParam, assignee },
  };
}

function parseStatuses(
  values: string[],
  fallback: readonly SubmissionStatus[],
): readonly SubmissionStatus[] | undefined {
  const names = values.flatMap((value) => value.split(",")).map((name) => name.trim().toLowerCase());
  const given = names.filter((name) => name !== "");
  if (given.length === 0) return fallback;
  if (given.includes("all")) return given.length === 1 ? SUBMISSION_STATUSES : undefined;
  if (!given.every(isSubmissionStatus)) return undefined;
  // In the canonical order, once each: the same filter always reads the same.
  return SUBMISSION_STATUSES.filter((status) => given.includes(status));
}

// ------------------------------------------------------------------------------------------------
// Search terms. The database keeps each record's search text in lower case (ASCII, as SQLite's
// lower() does) with the phone as digits only (app/db/schema/inbox.ts): terms are made the same way.

const PHONE_LIKE = /^[\d\s+().-]+$/;
const digitsOf = (text: string) => text.replace(/\D/g, "");
const asciiLowerCase = (text: string) => text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());

/**
 * A number typed with the US country code ("+1 410 555 0147", "1-410-555-0147") is the ten digits
 * after it, which are in the record whether or not the visitor typed the code.
 */
const withoutCountryCode = (digits: string) =>
  digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;

/**
 * "(410) 555-0147" or "410.555.0147" is one term, its digits; anything else is split into words that
 * must all match ("smith brakes"), each word that looks like part of a phone number also as digits.
 */
export function searchTerms(q: string): string[] {
  if (q === "") return [];
  if (PHONE_LIKE.test(q) && digitsOf(q).length >= 3) return [withoutCountryCode(digitsOf(q))];
  const words = asciiLowerCase(q).split(/\s+/).filter(Boolean);
  const terms = words.map((word) => (PHONE_LIKE.test(word) && /\d/.test(word) ? digitsOf(word) : word));
  return [...new Set(terms)].slice(0, MAX_TERMS);
}

// ------------------------------------------------------------------------------------------------
// Cursors: opaque to clients (base64url), "o" or "n" for the direction, the time in ms and the id.

const CURSOR_PATTERN = /^([on]):(\d{1,15}):([\w-]{1,100})$/;

export function encodeCursor(cursor: ListCursor): string {
  const text = `${cursor.direction === "older" ? "o" : "n"}:${cursor.submittedAt}:${cursor.id}`;
  return encodeBase64urlNoPadding(new TextEncoder().encode(text));
}

export function decodeCursor(value: string): ListCursor | null {
  if (!/^[\w-]{1,200}$/.test(value)) return null;
  let text: string;
  try {
    text = new TextDecoder().decode(decodeBase64urlIgnorePadding(value));
  } catch {
    return null;
  }
  const match = CURSOR_PATTERN.exec(text);
  if (!match) return null;
  const [, direction, submittedAt, id] = match;
  if (!id) return null;
  return { direction: direction === "n" ? "newer" : "older", submittedAt: Number(submittedAt), id };
}
