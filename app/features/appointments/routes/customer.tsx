import { Form } from "react-router";
import type { Route } from "./+types/customer";
import { LinkError } from "~/ui/link-error";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { CUSTOMER_PAGE_HEADERS, customerPageAction, customerPageData } from "../server/customer-page.server";
import { PlaceSelect } from "../components/place-select";
import { appointmentStatusLabels } from "../vocabulary";

// /appointments/<token>: the customer's appointment, from the link in their email. GET changes
// nothing; the forms are plain posts (no JavaScript needed).

// The forms work as plain posts; with JavaScript they answer without a page load.
export const handle: RouteHandle = { hydrate: true };

export const loader = ({ request, context, params }: Route.LoaderArgs) =>
  customerPageData(context, params.token, new URL(request.url));

export const action = ({ request, context, params }: Route.ActionArgs) =>
  customerPageAction(request, context, params.token);

export const headers: Route.HeadersFunction = () => CUSTOMER_PAGE_HEADERS;

export const meta: Route.MetaFunction = privatePageMeta("Your appointment", "Your appointment at the shop.");

export default function CustomerAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <section className="mx-auto grid w-full max-w-2xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <h1 className="text-3xl font-bold text-blue-950">Your appointment</h1>
        <p className="mt-2 text-slate-700">Hi {page.firstName}, here is your appointment with us.</p>
      </div>
      {page.changed ? (
        <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
          {page.changed === "moved"
            ? "Your appointment is moved. We have emailed you the new time."
            : "Your appointment is cancelled. We have emailed you a confirmation."}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {error}
        </p>
      ) : null}
      <Card className="p-4 sm:p-6">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[8rem_1fr]">
          <dt className="text-sm font-semibold text-slate-600">When</dt>
          <dd className="text-slate-900">{page.when}</dd>
          <dt className="text-sm font-semibold text-slate-600">Status</dt>
          <dd className="text-slate-900">{appointmentStatusLabels[page.status]}</dd>
          <dt className="text-sm font-semibold text-slate-600">Questions</dt>
          <dd>
            <a href={`tel:${page.phone.e164}`} className="text-blue-800 underline">
              {page.phone.display}
            </a>
          </dd>
        </dl>
      </Card>
      {page.canChange ? (
        <>
          <Card className="p-4 sm:p-6">
            <h2 className="text-xl font-bold text-blue-950">Move it</h2>
            {page.days.length ? (
              <Form method="post" className="mt-3 grid gap-3">
                <input type="hidden" name="intent" value="move" />
                <PlaceSelect id="new-place" days={page.days} label="New day and time" />
                <div>
                  <Button type="submit">Move my appointment</Button>
                </div>
              </Form>
            ) : (
              <p className="mt-2 text-slate-700">No other time has room in the next weeks. Please call us.</p>
            )}
          </Card>
          <Card className="p-4 sm:p-6">
            <h2 className="text-xl font-bold text-blue-950">Cancel it</h2>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="secondary">
                Cancel my appointment
              </Button>
            </Form>
          </Card>
          <p className="text-sm text-slate-600">
            You can change it here until {page.cutoffAt} ({page.cutoffHours} hours before). After that, please call us.
          </p>
        </>
      ) : page.status === "confirmed" ? (
        <p className="text-slate-700">
          It is too close to your appointment to change it here. Please call us at{" "}
          <a href={`tel:${page.phone.e164}`} className="font-semibold text-blue-800 underline">
            {page.phone.display}
          </a>
          .
        </p>
      ) : null}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError title="Appointment not found" error={error} />;
}
