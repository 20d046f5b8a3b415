import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import type { EstimateSection as SectionData } from "../server/record-section.server";
import { LineList, Totals } from "../static/estimate-lines";
import { EstimateTerms } from "../static/estimate-terms";
import { EstimateForm } from "./estimate-form";
import { LinePhotoUpload } from "./line-photo-upload";

// The record page's estimate section (issue 39 item 6): each estimate as the customer sees it, its
// decisions (the signed authorisation), a form to revise it and a button to send it; and a form to
// write one, the vehicle taken from the request. Its own component, placed by the record page.

const statusTones: Record<string, string> = {
  draft: "bg-slate-100 text-slate-800",
  sent: "bg-blue-50 text-blue-900",
  approved: "bg-green-50 text-green-900",
  "partly approved": "bg-green-50 text-green-900",
  declined: "bg-red-50 text-red-900",
  "needs approval": "bg-amber-50 text-amber-900",
};

const when = (at: Date | string) =>
  new Date(at).toLocaleString("en-US", { timeZone: "America/New_York", dateStyle: "medium", timeStyle: "short" });

export function EstimateSection({
  section,
  action,
  refused,
}: {
  section: SectionData;
  action: string;
  /** A refused estimate form (the estimate page's answer): that form is open, as it was typed. */
  refused?: SubmissionResult<string[]> | undefined;
}) {
  const { blankLines, labourRate } = section;
  const postedId = refused?.initialValue?.estimateId;
  // Which form was refused: an estimate's revision by its id, "" the new estimate's.
  const refusedId = refused ? (typeof postedId === "string" ? postedId : "") : null;
  return (
    <div className="estimate-section grid gap-6">
      {section.estimates.map((estimate) => (
        <article key={estimate.id} className="estimate-sheet grid gap-3 rounded-xl border border-slate-200 p-4">
          <header className="flex flex-wrap items-center gap-2">
            <h3 className="text-base font-bold text-blue-950">
              Estimate {estimate.number}, version {estimate.version}
            </h3>
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusTones[estimate.status] ?? ""}`}>
              {estimate.status}
            </span>
          </header>
          <p className="text-sm text-slate-700">
            {estimate.vehicle.year} {estimate.vehicle.make} {estimate.vehicle.model}
            {estimate.vehicle.vin ? `, VIN ${estimate.vehicle.vin}` : ""}
            {estimate.vehicle.mileage !== undefined
              ? `, ${estimate.vehicle.mileage.toLocaleString("en-US")} miles`
              : ""}
          </p>
          <LineList
            lines={estimate.view}
            className="grid gap-2"
            after={(line) => (
              <LinePhotoUpload
                estimateId={estimate.id}
                lineId={line.id}
                line={line.description}
                photos={estimate.photos[line.id] ?? []}
              />
            )}
          />
          <Totals totals={estimate.totals} />
          {/* On paper, as the customer's page shows them; on screen, Settings › Estimates has them. */}
          <EstimateTerms terms={section.terms} Heading="h4" className="hidden print:block" />
          {estimate.approvals.map((approval) => (
            <section key={approval.version} className="estimate-authorisation rounded-lg bg-slate-50 p-3 text-sm">
              <h4 className="font-semibold text-slate-900">Signed authorisation, version {approval.version}</h4>
              <p className="mt-1 text-slate-800">
                {approval.approvedLineIds.length} line(s) approved, {approval.approvedTotal}. Signed “{approval.name}”,{" "}
                {when(approval.at)}.
              </p>
              <p className="mt-2 whitespace-pre-line text-slate-700">{approval.rightsText}</p>
            </section>
          ))}
          <div className="flex flex-wrap gap-2 print:hidden">
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="send" />
              <input type="hidden" name="estimateId" value={estimate.id} />
              <Button type="submit" variant="dark">
                {estimate.sentAt ? "Send the link again" : "Send to the customer"}
              </Button>
            </Form>
          </div>
          <details className="print:hidden" open={refusedId === estimate.id}>
            <summary className="cursor-pointer text-sm font-semibold text-blue-800">Edit this estimate</summary>
            <div className="mt-3">
              <EstimateForm
                action={action}
                estimateId={estimate.id}
                vehicle={estimate.vehicle}
                lines={estimate.lines}
                blankLines={blankLines}
                labourRate={labourRate}
                refused={refusedId === estimate.id ? refused : undefined}
              />
            </div>
          </details>
        </article>
      ))}
      <details className="print:hidden" open={refusedId === ""}>
        <summary className="cursor-pointer text-sm font-semibold text-blue-800">Write a new estimate</summary>
        <div className="mt-3">
          <EstimateForm
            action={action}
            vehicle={section.vehicle}
            lines={[]}
            blankLines={blankLines}
            labourRate={labourRate}
            refused={refusedId === "" ? refused : undefined}
          />
        </div>
      </details>
    </div>
  );
}
