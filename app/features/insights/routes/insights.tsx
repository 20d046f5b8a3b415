import { data } from "react-router";
import type { Route } from "./+types/insights";
import { FiguresSection, InsightsCards, InsightsTable } from "~/features/insights/components/insights-figures";
import { AppointmentFigures } from "~/features/insights/components/appointment-figures";
import { BookingPageFigures } from "~/features/insights/components/booking-page-figures";
import { EstimateFigures } from "~/features/insights/components/estimate-figures";
import { ResponseRecordForm } from "~/features/insights/components/response-record-form";
import { WeeklyChart } from "~/features/insights/components/weekly-chart";
import { INSIGHTS_DAYS, parseInsightsDays, publicResponseRecord } from "~/features/insights/response-record";
import { formatCount } from "~/features/insights/format";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getStaffMember } from "~/http/staff-member.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { refusalData, refused } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { readInsights } from "~/features/insights/insights.server";
import { getShopSettings } from "~/features/settings/settings.server";

// /incoming/insights, for every member: the 24-hour promise measured over the last 7, 30 or 90
// days, per kind and together, and the last 12 weeks; for owners, the switch that shows the
// response record on the website (docs/decisions/038-response-record.md), which posts to its own
// route in the owners' group (./response-record.ts).

export const handle: RouteHandle = { hydrate: true, staffNav: { label: "Insights", position: 3 } };

export async function loader({ request, context }: Route.LoaderArgs) {
  const days = parseInsightsDays(new URL(request.url).searchParams);
  if (days === null) {
    const { refusal } = refused("invalid", "days must be 7, 30 or 90.");
    throw refusalData(refusal, { message: refusal.message }, NO_STORE);
  }
  const now = getRequestTime(context);
  const shopSettings = getShopSettings(context);
  const [insights, settings] = await Promise.all([
    readInsights(getEnv(context), shopSettings, now, days),
    shopSettings,
  ]);
  const { show, figure } = settings.responseRecord;
  const record =
    getStaffMember(context).role === "owner"
      ? {
          show,
          shownPercent: publicResponseRecord(settings.responseRecord, now)?.percent ?? null,
          received: figure?.received ?? null,
        }
      : null;
  return data({ insights, record }, { headers: NO_STORE });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Insights", "The 24-hour promise, measured.");

export default function InsightsPage({ loaderData }: Route.ComponentProps) {
  const { insights, record } = loaderData;
  const { together } = insights;
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold text-blue-950">Insights</h1>
        <p className="mt-1 text-slate-700">
          The promise on every page is a reply within 24 hours. Here is how well it is kept: from each request to the
          first time the customer was reached (a call that reached them, an email, or marking it contacted). Spam is
          left out. "Open hours" counts only the time the shop is open.
        </p>
      </div>
      <nav aria-label="Period" className="flex flex-wrap gap-2">
        {INSIGHTS_DAYS.map((days) => (
          <a
            key={days}
            href={`/incoming/insights?days=${days}`}
            aria-current={days === insights.days ? "page" : undefined}
            className="rounded-full px-4 py-1.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100 aria-[current=page]:bg-blue-950 aria-[current=page]:text-white aria-[current=page]:ring-blue-950"
          >
            Last {days} days
          </a>
        ))}
      </nav>
      <FiguresSection
        id="window"
        heading={
          <>
            Last {insights.days} days: {formatCount(together.received)} requests, {formatCount(together.contacted)}{" "}
            contacted
          </>
        }
      >
        <InsightsCards figures={together} />
        <InsightsTable insights={insights} />
      </FiguresSection>
      <FiguresSection id="weeks" heading="The last 12 weeks">
        <WeeklyChart weeks={insights.weeks} />
      </FiguresSection>
      <AppointmentFigures insights={insights} />
      <BookingPageFigures insights={insights} />
      <EstimateFigures insights={insights} />
      {record ? <ResponseRecordForm key={String(record.show)} state={record} days={insights.days} /> : null}
    </div>
  );
}
