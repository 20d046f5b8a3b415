import type { RouterContextProvider } from "react-router";
import { appointmentPanelData } from "~/features/appointments/appointments.server";
import { estimateEvents, estimateSectionData } from "~/features/estimates/estimates.server";
import { activeMembers } from "~/features/desk/desk.server";
import { serviceNames } from "~/features/catalog/catalog.server";
import { recordConversation, replyComposer } from "~/features/replies/replies.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { NO_STORE } from "~/http/responses.server";
import { notFoundData } from "~/http/outcome.server";
import { type InboxKind, inboxTabPath } from "~/records/kinds";
import { backToList } from "../list-params";
import { getRecord } from "../inbox.server";
import { customerOf } from "./customer.server";
import { readDeclinedWork } from "~/features/estimates/estimates.server";
import { recordTimeline } from "./record-timeline.server";

// What a record's page reads (app/features/inbox/routes/record.tsx): the record, the members it can
// be given to, its conversation, its customer, its appointment, its estimates and the reply form's templates, and
// the timeline they make.

/** The record page's data, or a thrown 404 for an unknown record. */
export async function loadRecordPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: InboxKind,
  id: string,
) {
  const env = getEnv(context);
  const [record, members, conversation, customer, services, declined] = await Promise.all([
    getRecord(env, kind, id),
    activeMembers(env),
    recordConversation(env, kind, id),
    customerOf(env, kind, id),
    serviceNames(context),
    // The work this customer declined on an estimate, on this request or an earlier one (issue 39 item 7).
    kind === "serviceRequest" ? readDeclinedWork(env, id) : [],
  ]);
  if (!record || !customer) throw notFoundData(NO_STORE);
  const url = new URL(request.url);
  const back = backToList(url.searchParams.get("back")) ?? inboxTabPath(kind);
  // The reply form's templates, and the one picked (?template=) filled in from the record.
  const isRequest = kind === "serviceRequest";
  const [appointment, composer, estimates, estimateTimeline] = await Promise.all([
    "preferredDate" in record ? appointmentPanelData(context, record.id, record.preferredDate) : null,
    replyComposer(context, kind, record, url.searchParams.get("template")),
    isRequest ? estimateSectionData(env, record.id) : null,
    isRequest ? estimateEvents(env, record.id) : [],
  ]);
  const { messages, subject, emailFailing } = conversation;
  return {
    kind,
    record,
    members,
    services,
    back,
    now: getRequestTime(context),
    timeline: recordTimeline(record, messages, estimateTimeline),
    conversation: { subject, emailFailing, count: messages.length },
    appointment,
    estimates,
    composer,
    customer,
    declined,
  };
}
