import { data } from "react-router";
import type { Route } from "./+types/services-settings";
import { SettingsSubpage } from "~/features/settings/settings";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { NO_STORE } from "~/http/responses.server";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { servicesPageData } from "~/features/catalog/server/catalog-page.server";
import { SERVICES_PAGE } from "~/features/catalog/catalog";
import { ShopTextsForm } from "~/features/catalog/components/shop-texts-form";
import { textsPageAction, textsPageData } from "~/features/catalog/server/text-page.server";

// /incoming/settings/services (owners): the shop's services as the website shows them, hidden ones
// included, each with a link to change it, and a link to add one (docs/decisions/059-the-catalog-in-d1.md);
// the shop's other texts (the home page's headline and introduction, the about page's story) and their versions.

// Like the other settings pages: the staff shell's links and toasts run in the browser.
export const handle: RouteHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  const [services, texts] = await Promise.all([servicesPageData({ context }), textsPageData(context)]);
  return data({ ...services, texts }, { headers: NO_STORE });
}

export const action = (args: Route.ActionArgs) => textsPageAction(args);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Services and prices", "The shop's services on the website.");

export default function ServicesSettings({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <SettingsSubpage
      title="Services and prices"
      intro={
        <p className="mt-2 text-slate-700">
          The services the website shows, in their order, with their prices and times. A change shows on every page
          within a minute; every save is kept, and any earlier version can be put back.
        </p>
      }
    >
      <Card className="p-0">
        <ul className="divide-y divide-slate-200">
          {loaderData.services.map((service) => (
            <li key={service.slug} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 p-4">
              <div className="min-w-0">
                <a
                  href={`${SERVICES_PAGE}/${service.slug}`}
                  className="font-semibold text-blue-900 underline underline-offset-2"
                >
                  {service.name}
                </a>
                {service.visible ? null : (
                  <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-semibold text-slate-800">
                    Hidden
                  </span>
                )}
                <p className="text-sm text-slate-700">
                  {service.price} · {service.timeEstimate}
                </p>
              </div>
              <p className="text-xs text-slate-600">
                {service.position}. Version {service.version}, {formatSubmittedAt(new Date(service.updatedAt))}
                {service.updatedBy ? ` by ${service.updatedBy}` : ""}
              </p>
            </li>
          ))}
        </ul>
      </Card>
      <p>
        <a href={`${SERVICES_PAGE}/new`} className="font-semibold text-blue-900 underline underline-offset-2">
          Add a service
        </a>
      </p>
      <Card className="p-4 sm:p-6">
        <ShopTextsForm
          values={loaderData.texts.values}
          versions={loaderData.texts.versions}
          lastResult={actionData && "result" in actionData ? actionData.result : undefined}
        />
      </Card>
    </SettingsSubpage>
  );
}
