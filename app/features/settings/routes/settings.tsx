import { data, useLocation } from "react-router";
import type { Route } from "./+types/settings";
import { ClosuresSection, SpecialHoursSection } from "~/features/settings/components/day-entries";
import { HolidaysForm } from "~/features/settings/components/holidays-form";
import { NoticeForm } from "~/features/settings/components/notice-form";
import type { SettingsActionData } from "~/features/settings/components/settings-form-parts";
import { WeeklyHoursForm } from "~/features/settings/components/weekly-hours-form";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { NO_STORE } from "~/http/responses.server";
import { handleSettingsForm } from "~/features/settings/server/settings-form.server";
import { settingsPageData } from "~/features/settings/server/settings-page.server";

// /incoming/settings (owners): the shop's hours, closure days, special hours, holidays and the
// site's notice. Every change shows on the public pages within a minute, without a deploy.

// The forms work as plain posts; with JavaScript they answer without a page load.
export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Settings", position: 5 } };

export async function loader({ context }: Route.LoaderArgs) {
  return data(await settingsPageData(context), { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleSettingsForm(request, context);
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Settings", "The shop's hours, closures and notice.");

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  // A new location after every answer: the forms start again from what is saved (or, after a
  // refusal, from what the owner typed, which conform takes from the answer).
  const { key } = useLocation();
  const answer = actionData as SettingsActionData;
  const bounds = { today: loaderData.today, latestDate: loaderData.latestDate };
  return (
    <div key={key} className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold text-blue-950">Settings</h1>
        <p className="mt-2 text-slate-700">
          The shop's hours as the website shows them. A change shows on every page within a minute.
        </p>
        <nav aria-label="Settings sections" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {[
            ["#weekly-hours", "Weekly hours"],
            ["#closures", "Closure days"],
            ["#special-hours", "Special hours"],
            ["#holidays", "Holidays"],
            ["#notice", "Notice"],
            ["/incoming/settings/capacity", "Appointments and reviews"],
            ["/incoming/settings/emails", "Emails"],
            ["/incoming/settings/estimates", "Estimates"],
            ["/incoming/settings/reply-templates", "Reply templates"],
            ["/incoming/settings/services", "Services and prices"],
          ].map(([href, label]) => (
            <a key={href} href={href} className="font-semibold text-blue-800 underline underline-offset-2">
              {label}
            </a>
          ))}
        </nav>
      </div>
      <ClosuresSection closures={loaderData.closures} bounds={bounds} actionData={answer} />
      <NoticeForm notice={loaderData.notice} today={loaderData.today} actionData={answer} />
      <SpecialHoursSection specialHours={loaderData.specialHours} bounds={bounds} actionData={answer} />
      <WeeklyHoursForm days={loaderData.weekly} actionData={answer} />
      <HolidaysForm years={loaderData.holidays} actionData={answer} />
    </div>
  );
}
