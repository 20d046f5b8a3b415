import { data, Link, useActionData, useLocation } from "react-router";
import type { Route } from "./+types/record";
import { DeleteRecord } from "~/features/inbox/components/delete-record";
import { DeskForms, namesOf, RecordHistory } from "~/features/desk/desk";
import { PossibleSpamNote } from "~/features/inbox/components/possible-spam-note";
import { StatusBadge } from "~/features/inbox/components/status-badge";
import { StatusButtons, useStatusChange } from "~/features/inbox/components/status-buttons";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { fullName } from "~/features/inbox/components/submission-card";
import { DeskLine } from "~/features/inbox/components/inbox-rows";
import { formatPhone, telHref } from "~/forms/phone-link";
import { inboxKindBySlug, inboxKinds, inboxTabPath } from "~/records/kinds";
import { backToList } from "~/features/inbox/list-params";
import { notificationLine } from "~/features/inbox/notification";
import { shownFields, vehicleSummary, visitSummary } from "~/features/inbox/record-fields";
import { SPAM_RETENTION_DAYS, spamReasonLabels } from "~/records/statuses";
import type { RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { RecordConversation, RepliedBadge } from "~/features/replies/replies";
import { recordConversation, replyComposer } from "~/features/replies/replies.server";
import { activeMembers } from "~/features/desk/desk.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";
import { handleRecordAction } from "~/features/inbox/server/inbox-actions.server";
import { getRecord } from "~/features/inbox/inbox.server";
import { NO_STORE } from "~/http/responses.server";
import { AppointmentPanel } from "~/features/appointments/appointments";
import { appointmentPanelData } from "~/features/appointments/appointments.server";

// One contact message or service request: /incoming/contact-messages/<id>, /incoming/service-requests/<id>
// (what a notification email links to). Every field, the status buttons, the history, and Delete.

export const handle: RouteHandle = { hydrate: true };

function kindOf(params: Route.LoaderArgs["params"]) {
  const kind = inboxKindBySlug(params.kind);
  if (!kind) throw data(null, { status: 404, headers: NO_STORE });
  return kind;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const env = getEnv(context);
  const kind = kindOf(params);
  const [record, members, conversation] = await Promise.all([
    getRecord(env, kind, params.id),
    activeMembers(env),
    recordConversation(env, kind, params.id),
  ]);
  if (!record) throw data(null, { status: 404, headers: NO_STORE });
  const url = new URL(request.url);
  const back = backToList(url.searchParams.get("back")) ?? inboxTabPath(kind);
  const [appointment, composer] = await Promise.all([
    "preferredDate" in record ? appointmentPanelData(context, record.id, record.preferredDate) : null,
    replyComposer(context, kind, record, url.searchParams.get("template")),
  ]);
  return data(
    { kind, record, members, back, now: getRequestTime(context), conversation, appointment, composer },
    { headers: NO_STORE },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const env = getEnv(context);
  return handleRecordAction(request, env, actingMember(request, context), kindOf(params), params.id);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(siteOrigin(matches), {
    title: loaderData ? `${inboxKinds[loaderData.kind].singular} from ${fullName(loaderData.record)}` : "Admin Panel",
    description: "A message sent to the shop.",
    canonicalPath: null,
  });

/** A row of the record's fields, when the visitor gave it. */
const optionalRow = (label: string, value: string | null): [string, string][] => (value ? [[label, value]] : []);

export default function IncomingRecord({ loaderData }: Route.ComponentProps) {
  const { kind, record, members, back, now, conversation, appointment, composer } = loaderData;
  const location = useLocation();
  const here = location.pathname;
  // Forms come back here with the list's address kept ("Back" still returns to it).
  const returnTo = location.pathname + location.search;
  const actionData = useActionData<typeof action>();
  const refusal = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const { shown, busy, onSubmit } = useStatusChange(here, record.status);
  const name = fullName(record);
  const what = inboxKinds[kind].singular.toLowerCase();
  const described = shownFields(kind, record);
  const rowsIn = (place: "name" | "service" | "line") =>
    described.flatMap((field): [string, string][] =>
      field.place === place && field.text !== null ? [[field.label, field.text]] : [],
    );
  const fields: [string, React.ReactNode][] = [
    ...rowsIn("name"),
    [
      "Email",
      <a key="email" href={`mailto:${record.email}`} className="break-all text-blue-800 underline">
        {record.email}
      </a>,
    ],
    [
      "Phone",
      <a key="phone" href={telHref(record.phone)} className="text-blue-800 underline">
        {formatPhone(record.phone)}
      </a>,
    ],
    ...rowsIn("service"),
    ...optionalRow("Vehicle", vehicleSummary(described)),
    ...optionalRow("Visit", visitSummary(described)),
    ...rowsIn("line"),
    ["Received", formatSubmittedAt(record.submittedAt)],
    ["Handled by", <DeskLine key="desk" record={record} names={namesOf(members)} now={now} />],
    ...optionalRow("Shop's email", notificationLine(record.notification)),
    ...optionalRow("Email error", record.notification.sentAt ? null : record.notification.lastError),
  ];

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link to={back} className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline">
        ← Back to {inboxKinds[kind].label}
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold break-words text-blue-950">{name}</h1>
        <StatusBadge status={shown} />
        {record.repliedAt ? <RepliedBadge /> : null}
      </div>
      <p className="mt-1 text-sm text-slate-600">{inboxKinds[kind].singular}</p>
      {shown === "spam" && record.spamReason ? (
        <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">
          Kept aside as spam: {spamReasonLabels[record.spamReason]}. Spam is deleted {SPAM_RETENTION_DAYS} days after it
          arrived, once the morning digest has counted it.
        </p>
      ) : null}
      {shown !== "spam" && record.possibleSpam ? <PossibleSpamNote detailed /> : null}

      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[9rem_1fr]">
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-sm font-semibold text-slate-600">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
        <dt className="text-sm font-semibold text-slate-600">Message</dt>
        <dd className="break-words whitespace-pre-wrap text-slate-900">{record.message}</dd>
      </dl>

      <h2 className="mt-8 text-lg font-bold text-blue-950">Status</h2>
      <div className="mt-3">
        <StatusButtons action={here} current={shown} returnTo={returnTo} onSubmit={onSubmit} busy={busy} name={name} />
      </div>

      <RecordConversation
        conversation={conversation}
        action={`${here}/reply`}
        returnTo={returnTo}
        to={record.email}
        waiting={record.repliedAt !== null}
        composer={composer}
      />
      {appointment ? (
        <>
          <h2 id="appointment" className="mt-8 scroll-mt-24 text-lg font-bold text-blue-950">
            Appointment
          </h2>
          <div className="mt-3">
            <AppointmentPanel panel={appointment} action={`${here}/appointment`} />
          </div>
        </>
      ) : null}

      <h2 className="mt-8 text-lg font-bold text-blue-950">Call-back desk</h2>
      <div className="mt-3">
        <DeskForms
          // A fresh set of forms after each change: emptied notes, the new follow-up and assignee.
          key={`${record.activity.length}:${record.assignee ?? ""}:${record.followUpAt?.getTime() ?? ""}:${record.status}`}
          action={here}
          returnTo={returnTo}
          refusal={refusal}
          members={members}
          assignee={record.assignee}
          followUpAt={record.followUpAt}
        />
      </div>

      <h2 className="mt-8 text-lg font-bold text-blue-950">History</h2>
      <RecordHistory record={record} />

      <h2 className="mt-8 text-lg font-bold text-blue-950">Delete</h2>
      <div className="mt-3">
        <DeleteRecord what={what} returnTo={returnTo} />
      </div>
    </section>
  );
}
