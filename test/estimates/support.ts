import { env } from "cloudflare:test";
import type { EstimateLine } from "~/features/estimates/vocabulary";
import { fetchWorker, ORIGIN, postForm } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";

// What the estimates' Worker tests share: the Worker's clock pinned to Monday, November 30, 2026,
// 10:00 AM in Pikesville, a service request with a vehicle, a valid estimate body, and staff calls.

export const at = new Date("2026-11-30T15:00:00Z");

export const VIN = "1HGCM82633A004352";

export type EstimateJson = {
  id: string;
  number: number;
  serviceRequestId: string;
  status: string;
  version: number;
  vehicle: Record<string, unknown>;
  lines: (EstimateLine & { photos: { id: string; url: string }[] })[];
  subtotal: number;
  tax: number;
  total: number;
  approvals: {
    at: string;
    name: string;
    approvedLineIds: string[];
    declinedLineIds: string[];
    approvedTotal: number;
  }[];
};

/** The lines as a version or a decision's snapshot keeps them: without the photos the API adds. */
export const linesWithoutPhotos = (lines: EstimateJson["lines"]) => lines.map(({ photos: _photos, ...line }) => line);

/** A service request with a 2016 Honda Accord, as the public form would store it. */
export async function newRequest(fields: { email?: string } = {}) {
  const [id] = await insertInboxRecords("serviceRequest", [
    { email: fields.email, submittedAt: at.getTime() - 3_600_000 },
  ]);
  await env.DB.prepare(
    "update service_requests set vehicle_year = 2016, vehicle_make = 'Honda', vehicle_model = 'Accord', mileage = 84000 where id = ?",
  )
    .bind(id!)
    .run();
  return id!;
}

export const brakes = () => ({
  vehicle: { year: 2016, make: "Honda", model: "Accord", vin: VIN, mileage: 84_000 },
  lines: [
    {
      kind: "part",
      description: "Front brake pads",
      quantity: 1,
      unitPrice: 8_999,
      severity: "red",
      note: "2 mm left",
    },
    { kind: "labour", description: "Fit front pads", quantity: 1.5, unitPrice: 12_000, severity: "red" },
    { kind: "part", description: "Cabin air filter", quantity: 1, unitPrice: 2_500, severity: "yellow" },
    { kind: "fee", description: "Shop supplies", quantity: 1, unitPrice: 1_000, severity: "green" },
  ],
});

/** A staff JSON call at the pinned clock (`body` sent as JSON; a string is sent as it is). */
export function call(cookie: string, method: string, path: string, body?: unknown, bindings?: Partial<Env>) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: ORIGIN },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    },
    { at, bindings },
  );
}

/** A queue that keeps what is sent, and the bindings that use it. */
export function keptQueue() {
  const queue = recordingQueue();
  return { queue, bindings: { NOTIFY_QUEUE: queue } as Partial<Env> };
}

export type Mailer = ReturnType<typeof recordingMailer>;

/** A sent estimate on a new request: its JSON and the link's token, read from the customer's email. */
export async function sentEstimate(cookie: string, body: unknown = brakes()) {
  const requestId = await newRequest();
  const created = await (
    await call(cookie, "POST", `/api/service-requests/${requestId}/estimates`, body)
  ).json<EstimateJson>();
  const { queue, bindings } = keptQueue();
  const sent = await call(cookie, "POST", `/api/estimates/${created.id}/send`, undefined, bindings);
  if (sent.status !== 200) throw new Error(`send answered ${sent.status}`);
  const mailer = recordingMailer();
  await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding }, 10, { at });
  const [mail] = mailer.sent;
  const token = /\/estimates\/([A-Za-z0-9_-]{43})/.exec(mail?.mail.text ?? "")?.[1];
  if (!token || !mail) throw new Error("No link in the customer's email");
  return { requestId, estimate: created, token, mail: mail.mail, to: mail.to };
}

/** The customer's form post: every line's choice, the name and the version shown. */
export function decide(
  token: string,
  fields: Record<string, string>,
  options: { bindings?: Partial<Env>; headers?: Record<string, string> } = {},
) {
  return postForm(`/estimates/${token}`, fields, {
    at,
    client: "203.0.113.7",
    headers: { "User-Agent": "Phone browser (test)", ...options.headers },
    bindings: options.bindings,
  });
}

/** Approve the lines named, decline the rest. */
export const choices = (
  estimate: EstimateJson,
  approve: readonly number[],
  name = "Pat Example",
  version = estimate.version,
) => ({
  version: String(version),
  name,
  ...Object.fromEntries(
    estimate.lines.map((line, index) => [`decision-${line.id}`, approve.includes(index) ? "approve" : "decline"]),
  ),
});
