import { data, type RouterContextProvider } from "react-router";
import { appointmentPanelData } from "~/features/appointments/appointments.server";
import { activeMembers } from "~/features/desk/desk.server";
import { recordConversation } from "~/features/replies/replies.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { NO_STORE } from "~/http/responses.server";
import { type InboxKind, inboxTabPath } from "~/records/kinds";
import { backToList } from "../list-params";
import { getRecord } from "../inbox.server";
import { customerOf } from "./customer.server";
import { recordTimeline } from "./record-timeline.server";

// What a record's page reads (app/features/inbox/routes/record.tsx): the record, the members it can
// be given to, its conversation, its customer and its appointment, and the timeline they make.

/** The record page's data, or a thrown 404 for an unknown record. */
export async function loadRecordPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  kind: InboxKind,
  id: string,
) {
  const env = getEnv(context);
  const [record, members, conversation, customer] = await Promise.all([
    getRecord(env, kind, id),
    activeMembers(env),
    recordConversation(env, kind, id),
    customerOf(env, kind, id),
  ]);
  if (!record || !customer) throw data(null, { status: 404, headers: NO_STORE });
  const back = backToList(new URL(request.url).searchParams.get("back")) ?? inboxTabPath(kind);
  const appointment =
    "preferredDate" in record ? await appointmentPanelData(context, record.id, record.preferredDate) : null;
  const { messages, subject, emailFailing } = conversation;
  return {
    kind,
    record,
    members,
    back,
    now: getRequestTime(context),
    timeline: recordTimeline(record, messages),
    conversation: { subject, emailFailing, count: messages.length },
    appointment,
    customer,
  };
}
