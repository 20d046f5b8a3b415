import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import type { AppEnv } from "./env.server";
import { jsonResponse } from "./responses.server";
import { redirectWithToast } from "./toast.server";

// The one way from a result to an answer (docs/decisions/069-one-way-from-outcome-to-answer.md):
// an action or endpoint says what happened as an `Outcome`, and this module alone turns it into
// the JSON answer, the page's answer (conform's result, or a toast and a redirect) or the customer
// page's answer. Outside app/http no module writes a 4xx status of its own
// (test/architecture/one-way-to-an-answer.test.ts).

/** Why something was refused, and the one HTTP status each reason is answered with. */
export const STATUS_OF_REASON = {
  /** The input does not hold (a field, a date, a state the request may not ask for). */
  invalid: 400,
  /** Not signed in, or the password or code is wrong. */
  unauthorized: 401,
  /** Signed in, but this member or client may not do this. */
  forbidden: 403,
  "not-found": 404,
  /** The request is fine, but what is stored says no (a taken address, a full day, the last owner). */
  conflict: 409,
  /** It was there and is no longer (a used or expired link). */
  gone: 410,
  "too-large": 413,
  "unsupported-type": 415,
  /** Well formed, but the server cannot act on it (a passkey that does not verify). */
  unprocessable: 422,
  /** Too many tries: `retryAfterSeconds` says when to try again. */
  throttled: 429,
  /** The server cannot do it just now (a store that did not answer): try again later. */
  unavailable: 503,
} as const;

export type RefusalReason = keyof typeof STATUS_OF_REASON;

/** What every refusal carries, whatever door it leaves by. */
export type Refusal = {
  reason: RefusalReason;
  /** Said to the person: the JSON `message`, the toast's description, the customer page's error. */
  message: string;
  /** The fields at fault, each with its messages (the JSON `fieldErrors`, the form's errors). */
  fieldErrors?: Record<string, string[]>;
  /** A throttled refusal's wait, sent as `Retry-After`. */
  retryAfterSeconds?: number;
  /** More fields of the JSON answer, after `message` and `fieldErrors` (a full day's `nextDays`). */
  extra?: Record<string, unknown>;
};

/** One shape for every result: the value on success, the refusal otherwise. */
export type Outcome<Value> = { ok: true; value: Value } | { ok: false; refusal: Refusal };
export type Refused = { ok: false; refusal: Refusal };

/** A refused outcome: `refused("not-found", "There is no such template.")`. */
export function refused(
  reason: RefusalReason,
  message: string,
  more: Omit<Refusal, "reason" | "message"> = {},
): Refused {
  return { ok: false, refusal: { reason, message, ...more } };
}

/** A successful outcome holding `value`. */
export function succeeded<Value>(value: Value): { ok: true; value: Value } {
  return { ok: true, value };
}

/** The HTTP status of a refusal: the one table above. */
export function statusOf(refusal: Refusal): number {
  return STATUS_OF_REASON[refusal.reason];
}

/** The answer's headers: the door's own, and a throttled refusal's Retry-After. */
function headersOf(refusal: Refusal, headers?: HeadersInit): Headers {
  const merged = new Headers(headers);
  if (refusal.retryAfterSeconds !== undefined) merged.set("Retry-After", String(refusal.retryAfterSeconds));
  return merged;
}

/** A refusal as JSON: `{ message, fieldErrors?, ...extra }`, its status from the table, never stored. */
export function jsonRefusal(refusal: Refusal, headers?: HeadersInit): Response {
  const { message, fieldErrors, extra } = refusal;
  const body = { message, ...(fieldErrors ? { fieldErrors } : {}), ...extra };
  return jsonResponse(body, statusOf(refusal), headersOf(refusal, headers));
}

/** A refusal as plain text, for an address that serves a file (a photo): its status from the table, never stored. */
export function textRefusal(refusal: Refusal, headers?: HeadersInit): Response {
  const merged = headersOf(refusal, headers);
  merged.set("Content-Type", "text/plain; charset=utf-8");
  merged.set("Cache-Control", "no-store");
  return new Response(refusal.message, { status: statusOf(refusal), headers: merged });
}

/** The JSON answer: the value as the body with `successStatus` (201 for a new thing), or the refusal. */
export function jsonAnswer(outcome: Outcome<unknown>, successStatus = 200, headers?: HeadersInit): Response {
  return outcome.ok ? jsonResponse(outcome.value, successStatus, headers) : jsonRefusal(outcome.refusal, headers);
}

/**
 * A page's answer to a refused form: conform's result (which keeps what the visitor typed) with
 * the refusal's status. With no `result`, the refusal is shown on the form: under its fields when
 * it names them, else on top.
 */
export function pageRefusal(refusal: Refusal, result?: SubmissionResult<string[]>, headers?: HeadersInit) {
  const shown: SubmissionResult<string[]> = result ?? { status: "error", error: formErrorsOf(refusal) };
  return data({ result: shown }, { status: statusOf(refusal), headers: headersOf(refusal, headers) });
}

/** The refusal as conform's `reply({ fieldErrors })` takes it: its fields, or the form's own ("") error. */
export function formErrorsOf({ fieldErrors, message }: Refusal): Record<string, string[]> {
  return fieldErrors && Object.keys(fieldErrors).length > 0 ? fieldErrors : { "": [message] };
}

/** A page's answer to a form that does not pass its schema: conform's result, 400. */
export function invalidFormAnswer(result: SubmissionResult<string[]>, headers?: HeadersInit) {
  return data({ result }, { status: STATUS_OF_REASON.invalid, headers });
}

/**
 * A page action's answer when its form is not shown again (a list's buttons, a delete): back to
 * `url` with the refusal as a red toast under `title`.
 */
export function redirectWithRefusal(env: AppEnv, url: string, refusal: Refusal, title = "Nothing changed") {
  return redirectWithToast(env, url, { title, description: refusal.message, variant: "destructive" });
}

/** The customer page's answer (no account, no form library): `{ error }` with the refusal's status. */
export function customerPageRefusal(refusal: Refusal, headers?: HeadersInit) {
  return data({ error: refusal.message }, { status: statusOf(refusal), headers: headersOf(refusal, headers) });
}

/**
 * Any other body with the refusal's status, for a loader that throws to its error boundary
 * (`throw refusalData(refusal, null)`): the status still comes from the one table.
 */
export function refusalData<Body>(refusal: Refusal, body: Body, headers?: HeadersInit) {
  return data(body, { status: statusOf(refusal), headers: headersOf(refusal, headers) });
}

/** A loader's or action's thrown "no such page" (`throw notFoundData(NO_STORE)`), for its error boundary. */
export function notFoundData(headers?: HeadersInit) {
  return data(null, { status: STATUS_OF_REASON["not-found"], headers });
}

/** A success's value made into what the answer shows (a stored row as its JSON), a refusal kept. */
export function mapSuccess<Value, Shown>(outcome: Outcome<Value>, show: (value: Value) => Shown): Outcome<Shown> {
  return outcome.ok ? succeeded(show(outcome.value)) : outcome;
}

/**
 * The `default` of a switch over an outcome union: `value` has type `never` only while every
 * outcome has its case, so a new outcome fails the typecheck where it must be handled.
 */
export function unreachable(value: never): never {
  throw new Error(`Unhandled outcome: ${JSON.stringify(value)}`);
}
