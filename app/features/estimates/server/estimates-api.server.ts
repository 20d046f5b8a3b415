import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { handleJsonWrite } from "~/http/json-endpoint.server";
import { jsonRefusal, refused } from "~/http/outcome.server";
import { jsonResponse } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { z } from "~/forms/zod";
import { estimateInput } from "../schemas";
import { enqueueEstimateMessages } from "./estimate-mail.server";
import { createEstimate, type EstimateState, readEstimate, reviseEstimate, type Stored } from "./estimate-store.server";
import { type LinePhotos, staffLinePhotos } from "./line-photos.server";
import { sendEstimate } from "./sending.server";

// The estimates' staff API (issue 39 item 1, docs/inbox.md#estimates): POST on a service request,
// GET and PUT on an estimate, POST …/send. Writes go through the one JSON door (handleJsonWrite).

type Args = { request: Request; context: Readonly<RouterContextProvider> };

// 100 lines of the longest description and note, with room for JSON's escapes.
const BODY_LIMIT_BYTES = 512 * 1024;

/** An estimate as the API answers it: its current version (each line with its photos), and every decision on it. */
export function estimateJson({ estimate, current, approvals }: EstimateState, photos: LinePhotos = {}) {
  return {
    id: estimate.id,
    number: estimate.number,
    serviceRequestId: estimate.serviceRequestId,
    status: estimate.status,
    version: estimate.version,
    vehicle: current.vehicle,
    lines: current.lines.map((line) => ({
      ...line,
      photos: (photos[line.id] ?? []).map(({ id, url }) => ({ id, url })),
    })),
    subtotal: current.subtotal,
    tax: current.tax,
    total: current.total,
    sentAt: estimate.sentAt,
    approvals: approvals.map((approval) => ({
      at: approval.decidedAt,
      version: approval.version,
      name: approval.name,
      approvedLineIds: approval.snapshot.approvedLineIds,
      declinedLineIds: approval.snapshot.declinedLineIds,
      approvedTotal: approval.approvedTotal,
    })),
  };
}

/** A version as `GET /api/estimates/<id>?version=<n>` answers it: every version stays readable. */
function versionJson(state: EstimateState, version: number) {
  const found = state.versions.find((each) => each.version === version);
  if (!found) return null;
  const { vehicle, lines, subtotal, tax, total, createdAt } = found;
  return {
    id: state.estimate.id,
    number: state.estimate.number,
    version,
    createdAt,
    vehicle,
    lines,
    subtotal,
    tax,
    total,
  };
}

async function answer(context: Args["context"], stored: Stored, status: number): Promise<Response> {
  if (!stored.ok) return jsonRefusal(stored.refusal);
  await enqueueEstimateMessages(getEnv(context), stored.messageIds);
  const photos = await staffLinePhotos(getEnv(context), stored.state.estimate.id);
  return jsonResponse(estimateJson(stored.state, photos), status);
}

// The two writes of an estimate's body: the same JSON door, each its own store call, message and status.
const WRITES = {
  POST: { store: createEstimate, invalidMessage: "No estimate was written: some fields need attention.", status: 201 },
  PUT: { store: reviseEstimate, invalidMessage: "Nothing was changed: some fields need attention.", status: 200 },
} as const;

function writeEstimate(method: keyof typeof WRITES, { request, context }: Args, id: string): Promise<Response> {
  const { store, invalidMessage, status } = WRITES[method];
  return handleJsonWrite(
    request,
    {
      method,
      allowed: method === "PUT" ? ["GET", "HEAD", "PUT"] : ["POST"],
      schema: estimateInput,
      limitBytes: BODY_LIMIT_BYTES,
      invalidMessage,
    },
    async (input) => answer(context, await store(getEnv(context), id, input, actingMember(request, context)), status),
  );
}

/** POST /api/service-requests/<id>/estimates `{ vehicle, lines }` → 201, a draft. */
export const postEstimate = (args: Args, requestId: string) => writeEstimate("POST", args, requestId);

/** PUT /api/estimates/<id> `{ vehicle, lines }` → 200, a new version. */
export const putEstimate = (args: Args, id: string) => writeEstimate("PUT", args, id);

const versionQuery = z.object({ version: z.coerce.number().int().min(1).max(100_000).optional() });

/** GET /api/estimates/<id>, or one of its versions with `?version=<n>`. */
export async function getEstimate({ request, context }: Args, id: string): Promise<Response> {
  const params = new URL(request.url).searchParams;
  const query = versionQuery.safeParse(Object.fromEntries(params));
  if (!query.success || params.getAll("version").length > 1) {
    return jsonRefusal(refused("invalid", "Give version once, as a whole number from 1.").refusal);
  }
  const state = await readEstimate(getEnv(context), id);
  if (!state) return jsonRefusal(refused("not-found", "No estimate has this id.").refusal);
  const { version } = query.data;
  if (version === undefined) return jsonResponse(estimateJson(state, await staffLinePhotos(getEnv(context), id)));
  const found = versionJson(state, version);
  return found
    ? jsonResponse(found)
    : jsonRefusal(refused("not-found", `This estimate has no version ${version}.`).refusal);
}

/** POST /api/estimates/<id>/send: the customer's email with the link; status `sent`. */
export async function postSend({ request, context }: Args, id: string): Promise<Response> {
  return answer(context, await sendEstimate(getEnv(context), id, actingMember(request, context)), 200);
}
