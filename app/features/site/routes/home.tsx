import type { Route } from "./+types/home";
import { shop } from "~/content/shop";
import { ServiceRequestForm } from "~/features/submissions/submissions";
import { Card } from "~/ui/card";
import { Section } from "~/ui/section";
import { HomeClosing, HomeIntroduction, homeTeasers } from "~/features/site/static/home";
import { StaticMarkup } from "~/ui/hydration/static-markup";
import { BookOnlineLine } from "~/layout/book-online-link";
import { ResponseRecordLine } from "~/features/site/sections/response-record-line";
import { publicPage, type RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { retryAfterOfAction } from "~/http/responses.server";
import { submissionFormData } from "~/features/submissions/submissions.server";
import { formPageAction, responseRecordLineOf } from "~/features/site/server/form-pages.server";
import { requestChoices, shopTexts, visibleServices } from "~/features/catalog/catalog.server";

// The service-request form needs JavaScript; the page is the same for every visitor (a fresh form id is
// put into every response), so the Worker may serve it from the page cache.
export const handle: RouteHandle = { hydrate: true, pageCache: publicPage };

export async function loader({ request, context }: Route.LoaderArgs) {
  // A service page's "Schedule" link names its service (/?service=brake-service#request-service);
  // an unknown value is ignored. The page cache never stores a URL with a query string.
  const service = new URL(request.url).searchParams.get("service");
  const serviceChoices = await requestChoices(context);
  const { homeHeadline, homeIntroduction } = await shopTexts(context);
  return {
    ...(await submissionFormData("serviceRequest", context)),
    serviceChoices,
    defaultValue: serviceChoices.some((choice) => choice.value === service) ? { service } : undefined,
    teasers: homeTeasers(await visibleServices(context)),
    headline: homeHeadline,
    introduction: homeIntroduction,
    responseRecordLine: await responseRecordLineOf(context),
  };
}

export const action = formPageAction("serviceRequest", "/#request-service");

export const headers: Route.HeadersFunction = retryAfterOfAction;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    // Brand first on the home page; "Auto Repair in Pikesville, MD" is the Pikesville area page's title.
    title: `${shop.name} | Trusted Auto Repair in Pikesville, MD`,
    description: `Family-owned auto repair in Pikesville, Maryland since ${shop.foundedYear}: oil changes, brakes, engine diagnostics, batteries and transmissions. Upfront estimates, ${shop.stats.bays} service bays. Call ${shop.phone.display}.`,
    canonicalPath: "/",
  });

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaticMarkup id="home-introduction">
        {import.meta.env.SSR && (
          <HomeIntroduction
            teasers={loaderData.teasers}
            headline={loaderData.headline}
            introduction={loaderData.introduction}
          />
        )}
      </StaticMarkup>
      <Section
        id="request-service"
        tone="muted"
        eyebrow={`Book online ${shop.onlineRequests}`}
        title="Request Automotive Service"
        intro={`Fill out the form below and we'll contact you within ${shop.replyWithinHours} hours to schedule an appointment.`}
      >
        <StaticMarkup id="response-record">
          {import.meta.env.SSR && <ResponseRecordLine line={loaderData.responseRecordLine} className="-mt-4 mb-8" />}
        </StaticMarkup>
        <BookOnlineLine className="-mt-4 mb-8 text-center text-slate-700">
          Rather pick a day and time yourself, with no wait for our call?
        </BookOnlineLine>
        <Card className="mx-auto max-w-3xl sm:p-8">
          <ServiceRequestForm key={loaderData.submissionId} {...loaderData} lastResult={actionData?.result} />
        </Card>
      </Section>
      <StaticMarkup id="home-closing">{import.meta.env.SSR && <HomeClosing />}</StaticMarkup>
    </>
  );
}
