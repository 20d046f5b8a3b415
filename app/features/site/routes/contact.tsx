import type { Route } from "./+types/contact";
import { defaultWeeklyHours } from "~/content/hours";
import { shop } from "~/content/shop";
import { openingHoursRows } from "~/hours/opening-hours";
import type { ShopHours } from "~/hours/shop-hours";
import { ContactForm } from "~/features/submissions/submissions";
import { Card } from "~/ui/card";
import { SectionHeading } from "~/ui/section";
import { ContactAside, ContactClosing, ContactIntroduction } from "~/features/site/static/contact";
import { BookOnlineLine } from "~/layout/book-online-link";
import { StaticMarkup } from "~/ui/hydration/static-markup";
import { ResponseRecordLine } from "~/features/site/sections/response-record-line";
import { publicPage, type RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { retryAfterOfAction } from "~/http/responses.server";
import { submissionFormData } from "~/features/submissions/submissions.server";
import { formPageAction, responseRecordLineOf } from "~/features/site/server/form-pages.server";

// The contact form needs JavaScript; the page is the same for every visitor (a fresh form id is
// put into every response), so the Worker may serve it from the page cache.
export const handle: RouteHandle = { hydrate: true, pageCache: publicPage };

export async function loader({ context }: Route.LoaderArgs) {
  return {
    ...(await submissionFormData("contact", context)),
    responseRecordLine: await responseRecordLineOf(context),
  };
}

export const action = formPageAction("contact", "/contact#contact-form");

export const headers: Route.HeadersFunction = retryAfterOfAction;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    title: "Contact Us",
    description: `Call ${shop.phone.display} or send us a message. ${shop.name} is open ${openDays(matches)} in ${shop.location}, and replies to online messages within ${shop.replyWithinHours} hours.`,
    canonicalPath: "/contact",
  });

/** "Mon-Fri 8:00 AM - 5:00 PM", from the root loader's hours (read by shape: no import cycle). */
function openDays(matches: Route.MetaArgs["matches"]): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { shopHours?: ShopHours } | undefined;
  const rows = root?.shopHours?.weekly ?? openingHoursRows(defaultWeeklyHours);
  return rows
    .filter((row) => row.times)
    .map((row) => `${row.days} ${row.hours}`)
    .join(", ");
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaticMarkup id="contact-introduction">{import.meta.env.SSR && <ContactIntroduction />}</StaticMarkup>
      <div className="bg-slate-50">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 sm:py-20 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <section id="contact-form" aria-labelledby="contact-form-heading">
            <SectionHeading id="contact-form-heading" eyebrow="Send a message" title="Send Us a Message" align="start">
              Questions about a repair, a price or an appointment? Write to us and we'll get back to you within{" "}
              {shop.replyWithinHours} hours.
            </SectionHeading>
            <StaticMarkup id="response-record">
              {import.meta.env.SSR && (
                <ResponseRecordLine line={loaderData.responseRecordLine} className="mt-4 sm:justify-start" />
              )}
            </StaticMarkup>
            <BookOnlineLine className="mt-4 text-slate-700">Want a time for your car?</BookOnlineLine>
            <Card className="mt-8 sm:p-8">
              <ContactForm key={loaderData.submissionId} {...loaderData} lastResult={actionData?.result} />
            </Card>
          </section>

          <StaticMarkup id="contact-aside">{import.meta.env.SSR && <ContactAside />}</StaticMarkup>
        </div>
      </div>
      <StaticMarkup id="contact-closing">{import.meta.env.SSR && <ContactClosing />}</StaticMarkup>
    </>
  );
}
