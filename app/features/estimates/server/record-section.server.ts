import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { serviceRequests } from "~/db/schema/inbox";
import { getEnv } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { recordPath } from "~/records/kinds";
import { formatCents } from "../pricing";
import { estimateInput } from "../schemas";
import { linesView, totalsView } from "../views";
import type { EstimateVehicle } from "../vocabulary";
import { enqueueEstimateMessages } from "./estimate-mail.server";
import { createEstimate, estimatesOfRequest, reviseEstimate, type Stored } from "./estimate-store.server";
import { staffLinePhotos } from "./line-photos.server";
import { sendEstimate } from "./sending.server";

// The record page's estimate section (issue 39 item 6): what it shows, and its forms, which post to
// /incoming/service-requests/<id>/estimate as plain forms (JavaScript on or off) and are answered
// with a redirect back to the section and a toast.

const FORM_LIMIT_BYTES = 512 * 1024;
/** Empty rows the form offers for new lines (more after each save). */
export const BLANK_LINES = 3;

/** The section's data: each estimate (newest first) and the vehicle a new one starts from. */
export async function estimateSectionData(env: Pick<AppEnv, "DB">, requestId: string) {
  const [states, [request]] = await Promise.all([
    estimatesOfRequest(env, requestId),
    getDb(env)
      .select({
        year: serviceRequests.vehicleYear,
        make: serviceRequests.vehicleMake,
        model: serviceRequests.vehicleModel,
        mileage: serviceRequests.mileage,
      })
      .from(serviceRequests)
      .where(eq(serviceRequests.id, requestId)),
  ]);
  const vehicle: Partial<EstimateVehicle> = {
    ...(request?.year ? { year: request.year } : {}),
    ...(request?.make ? { make: request.make } : {}),
    ...(request?.model ? { model: request.model } : {}),
    ...(request?.mileage ? { mileage: request.mileage } : {}),
  };
  // Each estimate's line photos, for the upload control under each line (decision 071).
  const photos = await Promise.all(states.map(({ estimate }) => staffLinePhotos(env, estimate.id)));
  return {
    vehicle,
    blankLines: BLANK_LINES,
    estimates: states.map(({ estimate, current, approvals }, index) => ({
      id: estimate.id,
      number: estimate.number,
      status: estimate.status,
      version: estimate.version,
      sentAt: estimate.sentAt,
      vehicle: current.vehicle,
      lines: current.lines,
      view: linesView(current.lines),
      photos: photos[index] ?? {},
      totals: totalsView(current),
      approvals: approvals.map((approval) => ({
        version: approval.version,
        name: approval.name,
        at: approval.decidedAt,
        approvedLineIds: approval.snapshot.approvedLineIds,
        approvedTotal: formatCents(approval.approvedTotal),
        rightsText: approval.snapshot.rightsText,
      })),
    })),
  };
}

export type EstimateSection = Awaited<ReturnType<typeof estimateSectionData>>;

/** Dollars as staff type them ("89.99", "$1,200") in cents; anything else is left for the schema to refuse. */
function centsOf(text: string): number | string {
  const cleaned = text.replace(/[$,\s]/g, "");
  return /^\d{1,6}(\.\d{1,2})?$/.test(cleaned) ? Math.round(Number(cleaned) * 100) : text;
}

/** The posted form as the API's body: rows left without a description are no line. */
function bodyOf(form: FormData) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const lines = [];
  for (let i = 0; form.has(`line-${i}-description`) && i < 200; i++) {
    if (text(`line-${i}-description`).trim() === "") continue;
    const id = text(`line-${i}-id`);
    lines.push({
      ...(id ? { id } : {}),
      kind: text(`line-${i}-kind`),
      description: text(`line-${i}-description`),
      quantity: text(`line-${i}-quantity`),
      unitPrice: centsOf(text(`line-${i}-price`)),
      severity: text(`line-${i}-severity`),
      note: text(`line-${i}-note`),
    });
  }
  const mileage = text("mileage").replace(/[,\s]/g, "");
  return {
    vehicle: {
      year: text("year"),
      make: text("make"),
      model: text("model"),
      vin: text("vin"),
      mileage: mileage || null,
    },
    lines,
  };
}

/** The first message of a schema's refusal, with the line it is about. */
function firstProblem(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  const [issue] = issues;
  if (!issue) return "Some fields need attention.";
  const [where, index] = issue.path;
  return where === "lines" && typeof index === "number" ? `Line ${index + 1}: ${issue.message}` : issue.message;
}

export async function handleEstimateForm(
  request: Request,
  context: Readonly<RouterContextProvider>,
  requestId: string,
) {
  const env = getEnv(context);
  const back = `${recordPath("serviceRequest", requestId)}#estimate`;
  const posted = await readPostedForm(request, { limitBytes: FORM_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const acting = actingMember(request, context);
  const estimateId = form.get("estimateId");
  const refused = (description: string) =>
    redirectWithToast(env, back, { title: "Nothing was changed", description, variant: "destructive" });
  let stored: Stored;
  if (form.get("intent") === "send" && typeof estimateId === "string") {
    stored = await sendEstimate(env, estimateId, acting);
  } else {
    const parsed = estimateInput.safeParse(bodyOf(form));
    if (!parsed.success) return refused(firstProblem(parsed.error.issues));
    stored =
      typeof estimateId === "string" && estimateId
        ? await reviseEstimate(env, estimateId, parsed.data, acting)
        : await createEstimate(env, requestId, parsed.data, acting);
  }
  if (!stored.ok) return refused(stored.refusal.message);
  await enqueueEstimateMessages(env, stored.messageIds);
  const { number, status } = stored.state.estimate;
  const title = form.get("intent") === "send" ? `Estimate ${number} sent to the customer` : `Estimate ${number} saved`;
  return redirectWithToast(env, back, { title, description: `Status: ${status}.` });
}
