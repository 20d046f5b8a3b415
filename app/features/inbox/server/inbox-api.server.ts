import type { ServiceNames } from "~/content/services";
import { getDb } from "~/db/db.server";
import { readServiceNames } from "~/features/catalog/catalog.server";
import { recordPatchSchema } from "~/features/desk/desk";
import { shopWallClock } from "~/hours/shop-calendar";
import { emailFailing, listMessages } from "~/features/replies/replies.server";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import { csvHeaders, shownFields } from "~/features/inbox/record-fields";
import { SUBMISSION_STATUSES, statusLabels, spamReasonLabels } from "~/records/statuses";
import { auditEvent } from "../../audit/audit.server";
import { followUpProblem, updateDesk } from "../../desk/desk.server";
import type { Acting } from "../../../http/staff-member.server";
import { csvStream } from "./csv.server";
import type { AppEnv } from "../../../http/env.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { parseListQuery } from "./inbox-query.server";
import { changeStatus, deleteRecord, getRecord, type OwnRecord } from "../inbox.server";
import { listRecords, recordsInPages } from "./inbox-lists.server";
import { customerOf } from "./customer.server";
import type { Customer } from "../customer";
import { askBeforeWalking, countListPage } from "./list-walks.server";
import { jsonResponse, methodNotAllowed, NO_STORE } from "../../../http/responses.server";
import { jsonAnswer, refused } from "../../../http/outcome.server";
import { askAgainIfStale } from "../../second-factor/second-factor.server";

// The staff JSON API: /api/<kind> (list), /api/<kind>.csv (export), /api/<kind>/<id> (one record:
// GET, PATCH, DELETE), for contact-submissions and service-requests alike. The staff endpoints'
// gate (app/routes.ts) answers 401 without a session; every answer is no-store; cross-site writes
// never get here (workers/app.ts).

export const RECORD_METHODS = ["GET", "HEAD", "PATCH", "DELETE"] as const;
const PATCH_BODY_LIMIT_BYTES = 1024;

const patchSchema = recordPatchSchema(SUBMISSION_STATUSES);

/** What `?due=1` and `?assignee=me` are read against: the request's time and who asks. */
const listContext = (acting: Acting) => ({ now: acting.at, me: acting.actor?.name ?? "" });

/**
 * GET /api/<kind>: a page of records, newest first, with `Link: rel="next"` and `X-Total-Count`.
 * Pages past the first ask for the recent check; a walk past 200 records is audited as an export.
 */
export async function listResponse(request: Request, env: AppEnv, kind: InboxKind, acting: Acting): Promise<Response> {
  const url = new URL(request.url);
  const parsed = parseListQuery(url.searchParams, "api", listContext(acting));
  if (!parsed.ok) return jsonAnswer(refused("invalid", parsed.message));

  // Pages past the first are a walk through every record: the recent check, as for the CSV.
  const asked = await askBeforeWalking(request, env, parsed.query, acting.at);
  if (asked) return asked;
  const page = await listRecords(env, kind, parsed.query);
  await countListPage(request, env, acting, kind, parsed.query, {
    read: page.records.length,
    total: page.total,
    through: "api",
  });
  const headers = new Headers({ "X-Total-Count": String(page.total) });
  if (page.older) {
    const next = new URL(url);
    next.searchParams.set("cursor", page.older);
    headers.set("Link", `<${next.href}>; rel="next"`);
  }
  return jsonResponse(page.records, 200, headers);
}

/** The customer as the API gives it: each other request named by its API collection (decision 047). */
const customerJson = ({ returning, others }: Customer) => ({
  returning,
  others: others.map(({ kind, id, at, status }) => ({ kind: inboxKinds[kind].apiName, id, at, status })),
});

/**
 * GET /api/<kind>/<id>: the record with its status history, its emails (`messages`, oldest first),
 * whether its address is failing (a bounce came back), and its customer (`customer`: an earlier
 * request exists, the other requests); with `more`, what another feature adds to it (a service
 * request's appointment).
 */
export async function recordResponse(
  request: Request,
  env: AppEnv,
  kind: InboxKind,
  id: string,
  more: () => Promise<Record<string, unknown>> = () => Promise.resolve({}),
) {
  const [record, messages, customer, added] = await Promise.all([
    getRecord(env, kind, id),
    listMessages(env, kind, id),
    customerOf(env, kind, id),
    more(),
  ]);
  return record && customer
    ? jsonResponse({
        ...record,
        messages,
        emailFailing: emailFailing(messages),
        customer: customerJson(customer),
        ...added,
      })
    : notFound(kind);
}

/**
 * PATCH /api/<kind>/<id> `{"status", "followUpAt", "assignee"}` (any of them) changes the record;
 * DELETE removes it for good. An assignee who is not an active member, or a follow-up out of
 * bounds, is a 400 and nothing changes.
 */
export async function recordActionResponse(request: Request, env: AppEnv, acting: Acting, kind: InboxKind, id: string) {
  switch (request.method) {
    case "PATCH":
      return handleJsonWrite(
        request,
        {
          method: "PATCH",
          allowed: RECORD_METHODS,
          schema: patchSchema,
          limitBytes: PATCH_BODY_LIMIT_BYTES,
          invalidMessage: "Send the new status, followUpAt or assignee.",
        },
        async ({ status, followUpAt, assignee }) => {
          const followUp = followUpAt === undefined || followUpAt === null ? followUpAt : new Date(followUpAt);
          const problem = followUp ? followUpProblem(followUp, acting.at) : null;
          if (problem) return jsonAnswer(refused("invalid", problem, { fieldErrors: { followUpAt: [problem] } }));
          if (followUp === undefined && assignee === undefined) {
            const record = status !== undefined ? await changeStatus(env, kind, id, status, acting) : null;
            return record ? jsonResponse(record) : notFound(kind);
          }
          // Follow-up, assignee and status in one batch: all applied, or none.
          const updated = await updateDesk(env, kind, id, { followUpAt: followUp, assignee, status }, acting);
          if (!updated.ok && updated.reason === "missing") return notFound(kind);
          if (!updated.ok) {
            const message = "assignee must be the username of an active member, or null.";
            return jsonAnswer(refused("invalid", message, { fieldErrors: { assignee: [message] } }));
          }
          return jsonResponse(updated.record);
        },
      );
    case "DELETE": {
      const asked = await askAgainIfStale(request, env, acting.at);
      if (asked) return asked;
      return (await deleteRecord(env, kind, id, acting))
        ? new Response(null, { status: 204, headers: NO_STORE })
        : notFound(kind);
    }
    default:
      return methodNotAllowed(RECORD_METHODS);
  }
}

function notFound(kind: InboxKind): Response {
  return jsonAnswer(refused("not-found", `There is no ${inboxKinds[kind].singular.toLowerCase()} with this id.`));
}

// ------------------------------------------------------------------------------------------------
// CSV export

const receivedAt = (date: Date) => {
  const { date: day, minutes } = shopWallClock(date);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return `${day} ${hh}:${mm}`;
};

/** The record's fields as described for staff (app/features/inbox/record-fields.ts), each in a column of its own. */
function csvColumns(kind: InboxKind, services: ServiceNames) {
  const spam = (record: OwnRecord) => (record.spamReason ? spamReasonLabels[record.spamReason] : "");
  return {
    header: ["ID", "Received (Eastern Time)", "Status", ...csvHeaders(kind), "Spam reason"],
    cells: (record: OwnRecord) => [
      record.id,
      receivedAt(record.submittedAt),
      statusLabels[record.status],
      ...shownFields(kind, record, services).map((field) => field.csv),
      spam(record),
    ],
  };
}

/**
 * GET /api/<kind>.csv: every record the list's filter and search match, however many, streamed a
 * few hundred at a time (no page limit; `limit` is ignored), with a dated file name. Each export
 * is in the audit log, with its filter and whether it searched (not what: a search holds names).
 */
export async function csvResponse(request: Request, env: AppEnv, kind: InboxKind, acting: Acting): Promise<Response> {
  const parsed = parseListQuery(new URL(request.url).searchParams, "csv", listContext(acting));
  if (!parsed.ok) return jsonAnswer(refused("invalid", parsed.message));
  // HEAD sends no records: nothing was exported.
  if (request.method === "GET") {
    await auditEvent(getDb(env), {
      ...acting,
      action: "records.export",
      target: inboxKinds[kind].slug,
      detail: { statuses: parsed.query.statuses.join(","), searched: parsed.query.terms.length > 0 },
    });
  }

  const { header, cells } = csvColumns(kind, await readServiceNames(env));
  const filename = `${inboxKinds[kind].slug}-${shopWallClock(acting.at).date}.csv`;
  const body = csvStream(header, recordsInPages(env, kind, parsed.query), cells);
  return new Response(body, {
    headers: {
      ...NO_STORE,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
}
