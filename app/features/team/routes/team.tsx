import type { ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/team";
import { InviteForm } from "~/features/team/components/invite-form";
import { RequireSecondFactor } from "~/features/second-factor/second-factor";
import { ShownLink } from "~/features/team/components/shown-link";
import { PendingInvitations, TeamList } from "~/features/team/components/team-list";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getStaffMember } from "~/http/staff-member.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { NO_STORE } from "~/http/responses.server";
import { teamFactors, teamRequiresSecondFactor } from "~/features/second-factor/second-factor.server";
import { handleTeamAction, loadTeamPage } from "~/features/team/server/team-page.server";
import { actingMember } from "~/http/staff-member.server";

// /incoming/team (owners): every account, the pending invitations, and each action as a plain form.

export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Team", position: 4 } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const [page, factors, secondFactorRequired] = await Promise.all([
    loadTeamPage(request, env, getStaffMember(context), getRequestTime(context)),
    teamFactors(env),
    teamRequiresSecondFactor(env),
  ]);
  // The team's page answer keeps its headers (the shown link's cookie); the second factor joins its data.
  return data({ ...page.data, factors, secondFactorRequired }, page.init ?? undefined);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleTeamAction(request, getEnv(context), actingMember(request, context));
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta(
  "Team",
  "The shop's staff accounts, invitations and password resets.",
);

export default function Team({ loaderData, actionData }: Route.ComponentProps) {
  const { members, invitations, shownLink, you, factors, secondFactorRequired } = loaderData;
  return (
    <section className="mx-auto grid w-full max-w-4xl gap-8 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold text-blue-950">Team</h1>
        <p className="mt-1 text-sm text-slate-600">
          Who can sign in to the staff side. Owners run the team; staff work the inbox.
        </p>
      </div>

      {shownLink ? <ShownLink link={shownLink} /> : null}

      <CardSection
        headingId="invite-title"
        title="Invite someone"
        intro="A single-use link, valid 72 hours: they choose their own username and password there."
      >
        <InviteForm lastResult={actionData?.result} />
        <h3 className="mt-6 mb-2 text-sm font-semibold text-slate-800">Waiting invitations</h3>
        <PendingInvitations invitations={invitations} />
      </CardSection>

      <section aria-labelledby="members-title">
        <h2 id="members-title" className="mb-3 text-lg font-bold text-blue-950">
          Accounts ({members.length})
        </h2>
        <TeamList members={members} you={you} factors={factors} />
      </section>

      <CardSection
        headingId="second-factor-title"
        title="Second factor"
        intro="A code from an authenticator app after the password, or a passkey: a stolen password alone cannot open the inbox."
      >
        <RequireSecondFactor required={secondFactorRequired} />
      </CardSection>
    </section>
  );
}

/** A part of the page in a card: its heading (which names the section), the line under it, then its content. */
function CardSection({
  headingId,
  title,
  intro,
  children,
}: {
  headingId: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-bold text-blue-950">
        {title}
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">{intro}</p>
      {children}
    </section>
  );
}
