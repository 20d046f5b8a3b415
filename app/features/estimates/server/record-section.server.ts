import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { serviceRequests } from "~/db/schema/inbox";
import { getEnv } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import { pageRefusal, redirectWithRefusal, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { recordPath } from "~/records/kinds";
import { formatCents } from "../pricing";
import { linesView, totalsView } from "../views";
import type { EstimateVehicle } from "../vocabulary";
import { parseEstimateForm } from "./estimate-form.server";
import { enqueueEstimateMessages } from "./estimate-mail.server";
import { createEstimate, estimatesOfRequest, reviseEstimate, type Stored } from "./estimate-store.server";
import { staffLinePhotos } from "./line-photos.server";
import { readEstimateSettings } from "./settings/estimate-settings.server";
import { sendEstimate } from "./sending.server";

// The record page's estimate section (issue 39 item 6): what it shows, and its forms, which post to
// /incoming/service-requests/<id>/estimate as plain forms (JavaScript on or off): a saved or sent
// estimate is answered with a redirect back to the section and a toast; a refused form with that
// page's form again, as typed, each message under its field (400).

const FORM_LIMIT_BYTES = 512 * 1024;
/** Empty rows the form offers for new lines (more after each save). */
export const BLANK_LINES = 3;

/**
 * The section's data: each estimate (newest first), the vehicle a new one starts from, and the
 * owner's settings its forms and printed sheets use (the labour rate of a new labour line, the terms).
 */
export async function estimateSectionData(env: Pick<AppEnv, "DB">, requestId: string) {
  const [states, [request], settings] = await Promise.all([
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
    readEstimateSettings(env),
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
    labourRate: settings.labourRate,
    terms: settings.terms,
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
  let stored: Stored;
  if (form.get("intent") === "send" && typeof estimateId === "string") {
    stored = await sendEstimate(env, estimateId, acting);
    // The send button's form is not shown again: its refusal is a toast on the record.
    if (!stored.ok) return redirectWithRefusal(env, back, stored.refusal, "Nothing was sent");
  } else {
    const submission = parseEstimateForm(form);
    if (submission.status !== "success") {
      return pageRefusal(refused("invalid", "The estimate was not saved.").refusal, submission.reply(), NO_STORE);
    }
    stored =
      typeof estimateId === "string" && estimateId
        ? await reviseEstimate(env, estimateId, submission.value, acting)
        : await createEstimate(env, requestId, submission.value, acting);
    if (!stored.ok) {
      if (stored.refusal.reason === "not-found") return redirectWithRefusal(env, back, stored.refusal);
      // What was typed stays on the form, the refusal's message on top of it.
      return pageRefusal(stored.refusal, submission.reply({ formErrors: [stored.refusal.message] }), NO_STORE);
    }
  }
  await enqueueEstimateMessages(env, stored.messageIds);
  const { number, status } = stored.state.estimate;
  const title = form.get("intent") === "send" ? `Estimate ${number} sent to the customer` : `Estimate ${number} saved`;
  return redirectWithToast(env, back, { title, description: `Status: ${status}.` });
}
