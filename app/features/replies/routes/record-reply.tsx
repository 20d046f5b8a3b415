import { data, Link, useActionData } from "react-router";
import type { Route } from "./+types/record-reply";
import { inboxKindBySlug, inboxKinds, recordPath } from "~/records/kinds";
import type { RouteHandle } from "~/route-handle";
import { privateRecordMeta } from "~/seo/meta";
import { getEnv } from "~/http/context.server";
import { notFoundData } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { getRecord } from "~/features/inbox/inbox.server";
import { ReplyForm } from "../components/reply-form";
import { defaultReplySubject } from "../replies.server";
import { replyFormAction } from "../server/reply-endpoints.server";

// /incoming/<kind>/<id>/reply: where the record page's reply form posts. Without JavaScript a
// refused reply is shown here with what was typed and why; GET shows the same form on its own.

export const handle: RouteHandle = { hydrate: true };

function kindOf(params: Route.LoaderArgs["params"]) {
  const kind = inboxKindBySlug(params.kind);
  if (!kind) throw notFoundData(NO_STORE);
  return kind;
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const env = getEnv(context);
  const kind = kindOf(params);
  const record = await getRecord(env, kind, params.id);
  if (!record) throw notFoundData(NO_STORE);
  const subject = await defaultReplySubject(env, kind, params.id);
  return data(
    { kind, id: record.id, name: `${record.firstName} ${record.lastName}`, email: record.email, subject },
    { headers: NO_STORE },
  );
}

export function action({ request, context, params }: Route.ActionArgs) {
  return replyFormAction(request, getEnv(context), actingMember(request, context), kindOf(params), params.id);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privateRecordMeta(
  (data: Route.ComponentProps["loaderData"]) => `Reply to ${data.name}`,
  "Reply to a customer by email.",
);

export default function RecordReply({ loaderData }: Route.ComponentProps) {
  const { kind, id, name, email, subject } = loaderData;
  const refused = useActionData<typeof action>();
  const back = recordPath(kind, id);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <Link to={back} className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline">
        ← Back to the {inboxKinds[kind].singular.toLowerCase()}
      </Link>
      <h1 className="mt-4 text-3xl font-bold break-words text-blue-950">Reply to {name}</h1>
      <div className="mt-6">
        <ReplyForm
          action={`${back}/reply`}
          returnTo={back}
          to={email}
          defaultSubject={subject}
          refusal={refused && "ok" in refused && !refused.ok ? refused : null}
        />
      </div>
    </section>
  );
}
