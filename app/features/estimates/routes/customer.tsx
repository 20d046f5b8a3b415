import type { Route } from "./+types/customer";
import { LinkError } from "~/ui/link-error";
import type { RouteHandle } from "~/route-handle";
import { shop } from "~/content/shop";
import { privatePageMeta } from "~/seo/meta";
import { Button } from "~/ui/button";
import { CustomerRights } from "../static/customer-rights";
import { LineBox, LineFacts, LineList, Totals, VehicleLine } from "../static/estimate-lines";
import { EstimateTerms } from "../static/estimate-terms";
import { LinePhotos } from "../static/line-photos";
import {
  CUSTOMER_ESTIMATE_HEADERS,
  customerEstimateAction,
  customerEstimateData,
} from "../server/customer-page.server";

// /estimates/<token>: the customer's estimate from the link in their email (issue 39 item 4). A
// phone-first page with no JavaScript: each line a group with Approve and Decline, the Customer's
// Rights, then their full name and one button. GET changes nothing.

export const handle: RouteHandle = {};

export const loader = ({ context, params }: Route.LoaderArgs) => customerEstimateData(context, params.token);

export const action = ({ request, context, params }: Route.ActionArgs) =>
  customerEstimateAction(request, context, params.token);

export const headers: Route.HeadersFunction = () => CUSTOMER_ESTIMATE_HEADERS;

export const meta: Route.MetaFunction = privatePageMeta("Your estimate", "Your estimate from the shop.");

export default function CustomerEstimate({ loaderData: page, actionData }: Route.ComponentProps) {
  const refusal = actionData && "error" in actionData ? actionData : null;
  const kept = refusal?.kept ?? {};
  const decided = page.decision;
  const approved = new Set(decided?.approvedLineIds ?? []);
  return (
    <section className="estimate-page mx-auto grid w-full max-w-2xl gap-5 px-4 py-6 sm:py-10">
      <div>
        {/* The site's header stays off the paper (estimate-print.css): the shop is named here instead. */}
        <p className="hidden text-sm print:block">
          {shop.name}, {shop.address.locality}, {shop.address.region} · {page.phone.display}
        </p>
        <h1 className="text-2xl font-bold text-blue-950 sm:text-3xl">Your estimate {page.number}</h1>
        <p className="mt-1 text-slate-700">
          Hi {page.firstName}, here is what we found and what it would cost.
          {page.version > 1 ? ` This is version ${page.version}.` : ""}
        </p>
        <div className="mt-3">
          <VehicleLine vehicle={page.vehicle} />
        </div>
      </div>
      {refusal ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-red-900">
          {refusal.error}
        </p>
      ) : null}
      {decided ? (
        <>
          <p role="status" className="rounded-md bg-green-50 p-3 text-green-900">
            Thank you. Your decision was sent on {decided.at}, signed “{decided.name}”. You approved{" "}
            {decided.approvedTotal} of work. We will be in touch.
          </p>
          <LineList
            lines={page.lines}
            className="grid gap-3"
            after={(line) => (
              <>
                <LinePhotos photos={page.photos[line.id] ?? []} line={line.description} />
                <p className="mt-1 font-semibold">{approved.has(line.id) ? "Approved" : "Declined"}</p>
              </>
            )}
          />
          <Totals totals={page.totals} />
          <EstimateTerms terms={page.terms} />
          <CustomerRights rights={page.rights} />
          <p className="text-slate-800">
            Signed: <span className="font-semibold">{decided.name}</span>, {decided.at}
          </p>
        </>
      ) : (
        <form method="post" className="grid gap-4" data-print="keep">
          <input type="hidden" name="version" value={page.version} />
          {page.lines.map((line) => {
            const name = `decision-${line.id}`;
            const invalid = refusal?.field === name;
            return (
              <LineBox key={line.id} severity={line.severity}>
                <fieldset aria-invalid={invalid || undefined}>
                  <legend className="font-semibold text-slate-900">{line.description}</legend>
                  <LineFacts line={line} />
                  <LinePhotos photos={page.photos[line.id] ?? []} line={line.description} />
                  <div className="mt-2 flex gap-3">
                    {(["approve", "decline"] as const).map((choice) => (
                      <label
                        key={choice}
                        className="flex min-h-11 flex-1 cursor-pointer items-center gap-2 rounded-md border border-slate-300 px-3 has-[:checked]:border-blue-900 has-[:checked]:bg-blue-50"
                      >
                        <input
                          type="radio"
                          name={name}
                          value={choice}
                          required
                          defaultChecked={kept[name] === choice}
                          className="size-5"
                        />
                        {choice === "approve" ? "Approve" : "Decline"}
                      </label>
                    ))}
                  </div>
                </fieldset>
              </LineBox>
            );
          })}
          <Totals totals={page.totals} />
          <EstimateTerms terms={page.terms} />
          <CustomerRights rights={page.rights} />
          <div className="grid gap-1">
            <label htmlFor="estimate-name" className="font-semibold text-slate-900">
              Your full name
            </label>
            <input
              id="estimate-name"
              name="name"
              autoComplete="name"
              required
              maxLength={120}
              defaultValue={kept.name ?? ""}
              aria-invalid={refusal?.field === "name" || undefined}
              className="min-h-11 rounded-md border border-slate-400 px-3 text-base"
            />
            <p className="text-sm text-slate-600">
              Typing your name signs this authorisation for the work you approve.
            </p>
          </div>
          <div>
            <Button type="submit" size="lg" className="w-full sm:w-auto">
              Send my decision
            </Button>
          </div>
        </form>
      )}
      <p className="text-sm text-slate-600">
        Questions? Call us at{" "}
        <a href={`tel:${page.phone.e164}`} className="font-semibold text-blue-800 underline">
          {page.phone.display}
        </a>
        .
      </p>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError title="Estimate not found" error={error} />;
}
