import { data, Link, useActionData, useLocation } from "react-router";
import type { Route } from "./+types/record";
import { DeleteRecord } from "~/features/inbox/components/delete-record";
import { DeskForms } from "~/features/desk/desk";
import { PossibleSpamNote } from "~/features/inbox/components/possible-spam-note";
import { StatusBadge } from "~/features/inbox/components/status-badge";
import { StatusButtons, useStatusChange } from "~/features/inbox/components/status-buttons";
import { fullName } from "~/features/inbox/components/submission-card";
import { RecordDetails } from "~/features/inbox/components/record-details";
import { RecordTimeline } from "~/features/inbox/components/record-timeline";
import { CustomerRequests } from "~/features/inbox/components/customer-requests";
import { ReturningBadge } from "~/features/inbox/components/customer-flags";
import { inboxKindBySlug, inboxKinds } from "~/records/kinds";
import { SPAM_RETENTION_DAYS, spamReasonLabels } from "~/records/statuses";
import type { RouteHandle } from "~/route-handle";
import { privateRecordMeta } from "~/seo/meta";
import { RecordConversation, RepliedBadge } from "~/features/replies/replies";
import { getEnv } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";
import { handleRecordAction } from "~/features/inbox/server/inbox-actions.server";
import { loadRecordPage } from "~/features/inbox/server/record-page.server";
import { NO_STORE } from "~/http/responses.server";
import { notFoundData } from "~/http/outcome.server";
import { AppointmentPanel } from "~/features/appointments/appointments";
import { DeclinedEarlier, EstimateSection } from "~/features/estimates/estimates";
import {
  RecordWorkspace,
  sectionHeadingClasses,
  type SideSection,
  SideSections,
} from "~/features/inbox/components/workspace/record-workspace";

// One contact message or service request: /incoming/contact-messages/<id>, /incoming/service-requests/<id>
// (what a notification email links to), laid out as the job's workspace
// (app/features/inbox/components/workspace/record-workspace.tsx): its fields; the status buttons, its timeline
// (the request, status changes, the desk's log, the emails) and the reply form under it; and beside them
// the appointment, the estimates, the desk, the customer's other requests and Delete. Printed, it keeps the fields, the
// timeline and the appointment (app/ui/print.css).

export const handle: RouteHandle = { hydrate: true };

function kindOf(params: Route.LoaderArgs["params"]) {
  const kind = inboxKindBySlug(params.kind);
  if (!kind) throw notFoundData(NO_STORE);
  return kind;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return data(await loadRecordPage(request, context, kindOf(params), params.id), { headers: NO_STORE });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const env = getEnv(context);
  return handleRecordAction(request, env, actingMember(request, context), kindOf(params), params.id);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privateRecordMeta(
  (data: Route.ComponentProps["loaderData"]) => `${inboxKinds[data.kind].singular} from ${fullName(data.record)}`,
  "A message sent to the shop.",
);

type RecordPage = Route.ComponentProps["loaderData"] & {
  /** The page's own path, where its forms post. */
  here: string;
  /** The page's address with the list's kept, where a form comes back to. */
  returnTo: string;
  refusal: Parameters<typeof DeskForms>[0]["refusal"];
};

/**
 * Beside the conversation, in this order: the desk before the estimate and the declined work, whose
 * length varies, so that it starts in the first screen. A new section is one entry here: its `id` (the
 * heading's anchor), its `heading`, and `render`, which reads what the loader returned (null leaves the
 * section out).
 */
const sideSections: readonly SideSection<RecordPage>[] = [
  {
    id: "appointment",
    heading: "Appointment",
    render: ({ appointment, here }) =>
      appointment ? <AppointmentPanel panel={appointment} action={`${here}/appointment`} /> : null,
  },
  {
    id: "desk",
    heading: "Call-back desk",
    print: "omit",
    render: ({ record, members, here, returnTo, refusal }) => (
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
    ),
  },
  {
    id: "estimate",
    heading: "Estimate",
    render: ({ estimates, here }) =>
      estimates ? <EstimateSection section={estimates} action={`${here}/estimate`} /> : null,
  },
  {
    id: "declined",
    heading: "Declined earlier",
    render: ({ declined }) => (declined.length > 0 ? <DeclinedEarlier lines={declined} /> : null),
  },
  {
    id: "same-customer",
    heading: "Same customer",
    print: "omit",
    render: ({ customer, record }) =>
      customer.others.length > 0 ? <CustomerRequests customer={customer} email={record.email} /> : null,
  },
  {
    id: "delete",
    heading: "Delete",
    print: "omit",
    render: ({ kind, returnTo }) => <DeleteRecord what={inboxKinds[kind].singular.toLowerCase()} returnTo={returnTo} />,
  },
];

export default function IncomingRecord({ loaderData }: Route.ComponentProps) {
  const { kind, record, members, services, back, now, timeline, conversation, customer, composer } = loaderData;
  const location = useLocation();
  const here = location.pathname;
  // Forms come back here with the list's address kept ("Back" still returns to it).
  const returnTo = location.pathname + location.search;
  const actionData = useActionData<typeof action>();
  const refusal = actionData && "ok" in actionData && !actionData.ok ? actionData : null;
  const { shown, buttons } = useStatusChange(here, record.status);
  const name = fullName(record);

  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12 lg:max-w-7xl lg:py-4">
      <Link
        to={back}
        className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline"
        data-print="omit"
      >
        ← Back to {inboxKinds[kind].label}
      </Link>
      <div className="lg:flex lg:items-end lg:justify-between lg:gap-6">
        <div>
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold break-words text-blue-950">{name}</h1>
            <StatusBadge status={shown} />
            {record.repliedAt ? <RepliedBadge /> : null}
            {customer.returning ? <ReturningBadge /> : null}
          </div>
          <p className="mt-1 text-sm text-slate-600">{inboxKinds[kind].singular}</p>
        </div>
        {/* At desktop widths the status buttons stand beside the name, its heading for screen readers only. */}
        <div data-print="omit">
          <h2 className={`${sectionHeadingClasses} lg:sr-only`}>Status</h2>
          <div className="mt-3">
            <StatusButtons {...buttons} returnTo={returnTo} name={name} />
          </div>
        </div>
      </div>
      {shown === "spam" && record.spamReason ? (
        <p className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-900">
          Kept aside as spam: {spamReasonLabels[record.spamReason]}. Spam is deleted {SPAM_RETENTION_DAYS} days after it
          arrived, once the morning digest has counted it.
        </p>
      ) : null}
      {shown !== "spam" && record.possibleSpam ? <PossibleSpamNote detailed /> : null}

      <RecordWorkspace
        customer={<RecordDetails kind={kind} record={record} members={members} now={now} services={services} />}
        main={
          <>
            <RecordTimeline timeline={timeline} kind={kind} />
            <div data-print="omit">
              <RecordConversation
                conversation={conversation}
                action={`${here}/reply`}
                returnTo={returnTo}
                to={record.email}
                waiting={record.repliedAt !== null}
                composer={composer}
              />
            </div>
          </>
        }
        side={<SideSections sections={sideSections} data={{ ...loaderData, here, returnTo, refusal }} />}
      />
    </section>
  );
}
