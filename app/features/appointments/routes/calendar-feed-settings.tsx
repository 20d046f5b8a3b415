import { data, Link } from "react-router";
import type { Route } from "./+types/calendar-feed-settings";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getEnv } from "~/http/context.server";
import { refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember, getStaffMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { CalendarFeedForms } from "../components/calendar-feed-section";
import { calendarFeedOf, makeCalendarFeed, revokeCalendarFeed } from "../server/calendar-feed.server";

// /incoming/account/calendar-feed: the member's private calendar feed (docs/decisions/050). Making
// one answers with its address, shown this once (D1 keeps only its hash); revoking redirects back
// to the account page. Plain posts, no JavaScript needed.

export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  const feed = await calendarFeedOf(getEnv(context), getStaffMember(context).id);
  return data({ feed }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: 1024, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const member = getStaffMember(context);
  const acting = actingMember(request, context);
  const intent = posted.formData.get("intent");
  if (intent === "make") {
    const url = await makeCalendarFeed(env, member.id, acting);
    return data({ url }, { headers: { ...NO_STORE, "Referrer-Policy": "no-referrer" } });
  }
  if (intent === "revoke") {
    const revoked = await revokeCalendarFeed(env, member.id, acting);
    return redirectWithToast(env, "/incoming/account#calendar-feed", {
      title: revoked ? "Calendar feed turned off" : "No calendar feed to turn off",
      description: revoked ? "Its address no longer works." : undefined,
    });
  }
  const { refusal } = refused("invalid", "Choose to make a feed or turn it off.");
  return refusalData(refusal, { message: refusal.message }, NO_STORE);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Calendar feed", "Your private calendar feed.");

export default function CalendarFeedSettings({ loaderData, actionData }: Route.ComponentProps) {
  const url = actionData && "url" in actionData ? actionData.url : null;
  const refused = actionData && "message" in actionData ? actionData.message : null;
  return (
    <section className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Link to="/incoming/account" className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline">
          ← Back to your account
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-blue-950">Calendar feed</h1>
      </div>
      {refused ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {refused}
        </p>
      ) : null}
      {url ? (
        <div className="grid gap-4 rounded-lg border border-green-300 bg-green-50 p-5">
          <h2 className="text-lg font-bold text-green-950">Your feed&apos;s address</h2>
          <p className="text-sm text-green-950">
            Copy it now: it is shown only this once. Anyone with it can read the shop&apos;s appointments, so keep it to
            yourself; make a new one here if it gets out (the old one stops).
          </p>
          <label htmlFor="feed-url" className="text-sm font-semibold text-slate-800">
            Calendar feed address
          </label>
          <textarea
            id="feed-url"
            readOnly
            rows={3}
            value={url}
            className="w-full resize-none rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm break-all"
          />
          <ul className="list-disc pl-5 text-sm text-slate-800">
            <li>Google Calendar (on a computer): Other calendars → + → From URL, paste it, Add calendar.</li>
            <li>Outlook: Add calendar → Subscribe from web, paste it, Import.</li>
            <li>iPhone: Settings → Calendar → Accounts → Add Account → Other → Add Subscribed Calendar.</li>
          </ul>
          <p className="text-sm text-slate-700">Calendars fetch it every few hours, so a change shows up later.</p>
        </div>
      ) : (
        <p className="text-slate-700">
          {loaderData.feed
            ? "Your feed is on. Its address was shown once, when it was made; make a new one to see an address again."
            : "Your feed is off. Turn it on to see the shop's appointments in your own calendar."}
        </p>
      )}
      <CalendarFeedForms feed={url ? { createdAt: new Date() } : loaderData.feed} />
    </section>
  );
}
