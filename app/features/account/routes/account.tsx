import { data, useLocation } from "react-router";
import type { Route } from "./+types/account";
import { PasswordForm } from "~/features/account/components/password-form";
import { ProfileForm } from "~/features/account/components/profile-form";
import { SessionList } from "~/features/account/components/session-list";
import { SecondFactorSection } from "~/features/second-factor/second-factor";
import { CalendarFeedSection } from "~/features/appointments/appointments";
import { calendarFeedOf } from "~/features/appointments/appointments.server";
import { roleLabels } from "~/http/staff-roles";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { handleAccountAction, loadAccountPage } from "~/features/account/server/account-page.server";
import { getStaffMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { secondFactorAccount } from "~/features/second-factor/second-factor.server";
import { NO_STORE, retryAfterOfAction } from "~/http/responses.server";

// /incoming/account, for every member: their name and email, their password, and the browsers
// they are signed in on. Every form works as a plain post; the page hydrates like the staff area.

export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Account", position: 6 } };

export async function loader(args: Route.LoaderArgs) {
  const member = getStaffMember(args.context);
  const [page, secondFactor, calendarFeed] = await Promise.all([
    loadAccountPage(args),
    secondFactorAccount(getEnv(args.context), member),
    calendarFeedOf(getEnv(args.context), member.id),
  ]);
  return data({ ...page, secondFactor, calendarFeed }, { headers: NO_STORE });
}

export const action = (args: Route.ActionArgs) => handleAccountAction(args);

export const headers: Route.HeadersFunction = (args) => ({ ...NO_STORE, ...retryAfterOfAction(args) });

export const meta: Route.MetaFunction = privatePageMeta(
  "Your account",
  "Your name, email, password, second factor and sessions.",
);

const sectionClasses = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { account, sessions, secondFactor, calendarFeed } = loaderData;
  // A new location after each successful post (the redirect back): the forms start afresh.
  const { key } = useLocation();
  // A refusal before the form was read (too large, not text) belongs to whichever form was sent.
  const resultFor = (intent: string) =>
    actionData && (!("intent" in actionData) || actionData.intent === intent) ? actionData.result : undefined;
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-blue-950">Your account</h1>
      <p className="mt-1 text-slate-700">
        Signed in as <span className="font-semibold">{account.username}</span> · {roleLabels[account.role]}
      </p>

      <div className="mt-8 grid gap-8">
        <section aria-labelledby="profile-heading" className={sectionClasses}>
          <h2 id="profile-heading" className="text-lg font-bold text-blue-950">
            Name and email
          </h2>
          <div className="mt-4">
            <ProfileForm key={key} account={account} lastResult={resultFor("profile")} />
          </div>
        </section>

        <section aria-labelledby="password-heading" className={sectionClasses}>
          <h2 id="password-heading" className="text-lg font-bold text-blue-950">
            Password
          </h2>
          <p className="mt-1 text-sm text-slate-600">Changing it signs you out everywhere else.</p>
          <div className="mt-4">
            <PasswordForm key={key} lastResult={resultFor("password")} />
          </div>
        </section>

        <SecondFactorSection view={secondFactor} />

        <CalendarFeedSection feed={calendarFeed} className={sectionClasses} />

        <section aria-labelledby="sessions-heading" className={sectionClasses}>
          <h2 id="sessions-heading" className="text-lg font-bold text-blue-950">
            Where you are signed in
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Each sign-in lasts 8 hours at most. Sign out a browser you do not recognise, then change your password.
          </p>
          <div className="mt-4">
            <SessionList sessions={sessions} />
          </div>
        </section>
      </div>
    </section>
  );
}
