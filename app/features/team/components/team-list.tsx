import { Form } from "react-router";
import { type MemberFactors, MemberSecondFactor, ResetSecondFactor } from "~/features/second-factor/second-factor";
import { Button } from "~/ui/button";
import { ItemActionFields } from "~/ui/forms/item-action";
import { SelectOptions } from "~/ui/forms/fields";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { roleLabels, roleOptions } from "~/http/staff-roles";
import type { InvitationView } from "~/features/team/server/invitations.server";
import type { TeamMemberView } from "~/features/team/team.server";

const when = (iso: string | null) => (iso ? formatShopDateTime(new Date(iso)) : "Never");

/** One plain form per action: each works without JavaScript and answers with the page again. */
function MemberAction({ intent, username, children }: { intent: string; username: string; children: React.ReactNode }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="username" value={username} />
      {children}
    </Form>
  );
}

function MemberCard({ member, isYou, factors }: { member: TeamMemberView; isYou: boolean; factors?: MemberFactors }) {
  const { username } = member;
  const name = member.displayName ?? username;
  const disabled = member.status === "disabled";
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" aria-label={name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-blue-950">
            {name}
            {isYou ? <span className="ml-2 text-sm font-normal text-slate-600">(you)</span> : null}
          </p>
          <p className="text-sm break-words text-slate-600">
            {[member.displayName ? username : null, member.email].filter(Boolean).join(" · ")}
          </p>
        </div>
        <p
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${disabled ? "bg-red-50 text-red-800" : "bg-green-50 text-green-800"}`}
        >
          {disabled ? "Disabled" : "Active"}
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
        <dt className="text-slate-600">Role</dt>
        <dd className="font-medium text-slate-900">{roleLabels[member.role]}</dd>
        <dt className="text-slate-600">Last sign-in</dt>
        <dd className="text-slate-900">{when(member.lastSignInAt)}</dd>
        {factors ? <MemberSecondFactor factors={factors} /> : null}
      </dl>
      <div className="mt-4 flex flex-wrap items-end gap-2 border-t border-slate-100 pt-4">
        <MemberAction intent="role" username={username}>
          <div className="flex items-center gap-2">
            <label htmlFor={`role-${username}`} className="sr-only">
              Role for {username}
            </label>
            <select
              id={`role-${username}`}
              name="role"
              defaultValue={member.role}
              className="rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm"
            >
              <SelectOptions options={roleOptions} />
            </select>
            <Button type="submit" variant="secondary" size="sm">
              Change role
            </Button>
          </div>
        </MemberAction>
        <MemberAction intent={disabled ? "enable" : "disable"} username={username}>
          <Button type="submit" variant="secondary" size="sm">
            {disabled ? "Enable" : "Disable"}
          </Button>
        </MemberAction>
        <MemberAction intent="reset" username={username}>
          <Button type="submit" variant="secondary" size="sm">
            Reset password
          </Button>
        </MemberAction>
        {factors && (factors.authenticator || factors.passkeys > 0) ? <ResetSecondFactor username={username} /> : null}
        <details className="group">
          <summary className="cursor-pointer list-none rounded-md px-3 py-1.5 text-sm font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-50 [&::-webkit-details-marker]:hidden">
            Remove…
          </summary>
          <MemberAction intent="remove" username={username}>
            <div className="mt-3 grid gap-2 rounded-md bg-red-50 p-3">
              <p className="text-sm text-slate-800">
                {username} will no longer be able to sign in. Their name stays in histories and the audit log.
              </p>
              <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
                <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-4" />
                Yes, remove {username}
              </label>
              <Button type="submit" variant="primary" size="sm" className="justify-self-start">
                Remove {username}
              </Button>
            </div>
          </MemberAction>
        </details>
      </div>
    </li>
  );
}

export function TeamList({
  members,
  you,
  factors = {},
}: {
  members: TeamMemberView[];
  you: string;
  factors?: Record<string, MemberFactors>;
}) {
  return (
    <ul className="grid gap-3">
      {members.map((member) => (
        <MemberCard
          key={member.username}
          member={member}
          isYou={member.username === you}
          factors={factors[member.username]}
        />
      ))}
    </ul>
  );
}

export function PendingInvitations({ invitations }: { invitations: InvitationView[] }) {
  if (invitations.length === 0) return <p className="text-sm text-slate-600">No invitations are waiting.</p>;
  return (
    <ul className="grid gap-2">
      {invitations.map((invitation) => (
        <li
          key={invitation.id}
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm"
        >
          <p className="min-w-0 break-words text-slate-800">
            <span className="font-semibold">{roleLabels[invitation.role]}</span>
            {invitation.email ? ` · ${invitation.email}` : " · no email"}
            <span className="block text-slate-600">
              By {invitation.invitedBy ?? "an owner"}, until {formatShopDateTime(new Date(invitation.expiresAt))}
            </span>
          </p>
          <Form method="post">
            <ItemActionFields intent="revoke" name="id" value={invitation.id} label="Revoke" />
          </Form>
        </li>
      ))}
    </ul>
  );
}
