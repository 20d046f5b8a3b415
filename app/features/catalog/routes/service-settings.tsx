import { data, useLocation } from "react-router";
import type { Route } from "./+types/service-settings";
import { SettingsSubpage } from "~/features/settings/settings";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { NO_STORE } from "~/http/responses.server";
import { ServiceForm } from "~/features/catalog/components/service-form";
import { VersionList } from "~/features/catalog/components/version-list";
import { VersionChanges } from "~/features/catalog/components/version-changes";
import { ServicePhotosForm } from "~/features/catalog/components/service-photos-form";
import { servicePageAction, servicePageData } from "~/features/catalog/server/catalog-page.server";

// /incoming/settings/services/<slug> (owners): one service's texts, price, time, flags and place; its
// photos (add with alt text, remove), its versions, what changed between two, and a button to put
// one back. /incoming/settings/services/new adds one.

// The form works as a plain post; with JavaScript it is checked as it is filled in.
export const handle: RouteHandle = { hydrate: true };

export async function loader(args: Route.LoaderArgs) {
  return data(await servicePageData(args), { headers: NO_STORE });
}

export const action = (args: Route.ActionArgs) => servicePageAction(args);

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("A service", "One of the shop's services on the website.");

export default function ServiceSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { key } = useLocation();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  if (loaderData.mode === "new") {
    return (
      <SettingsSubpage
        title="Add a service"
        intro={<p className="mt-2 text-slate-700">Its page, its card and its choice on the request form.</p>}
      >
        <Card className="p-4 sm:p-6">
          <ServiceForm key={key} values={loaderData.values} isNew lastResult={lastResult} />
        </Card>
      </SettingsSubpage>
    );
  }
  const { versions, compare } = loaderData;
  const photoRefusal = actionData && "photo" in actionData ? actionData.photo : undefined;
  return (
    <SettingsSubpage
      title={loaderData.name}
      intro={
        <p className="mt-2 text-slate-700">
          {loaderData.visible ? (
            <a
              href={`/services/${loaderData.slug}`}
              className="font-semibold text-blue-900 underline underline-offset-2"
            >
              Its page on the website
            </a>
          ) : (
            "Hidden: the website does not show it."
          )}{" "}
          ·{" "}
          <a href="/incoming/settings/services" className="font-semibold text-blue-900 underline underline-offset-2">
            All services
          </a>
        </p>
      }
    >
      <Card className="p-4 sm:p-6">
        <ServiceForm key={key} values={loaderData.values} isNew={false} lastResult={lastResult} />
      </Card>
      <Card className="p-4 sm:p-6">
        <ServicePhotosForm key={key} slug={loaderData.slug} photos={loaderData.photos} refusal={photoRefusal} />
      </Card>
      <section aria-labelledby="versions-heading">
        <h2 id="versions-heading" className="text-xl font-bold text-blue-950">
          Versions
        </h2>
        {compare ? <VersionChanges slug={loaderData.slug} compare={compare} versions={versions} /> : null}
        <VersionList
          versions={versions}
          intent="restore"
          restoreLabel={(version) => `Put version ${version} back`}
          className="mt-4 grid gap-2"
        />
      </section>
    </SettingsSubpage>
  );
}
