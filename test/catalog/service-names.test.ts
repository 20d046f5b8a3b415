import { describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import { parseCsv } from "../support/csv";
import { fetchWorker, ORIGIN, postJson } from "../support/http";
import { uniqueEmail, validServiceRequest } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { ownerAndStaff, staffApi } from "../support/staff";
import { changeService, newService } from "./support";

// A request's service by its name in the catalog wherever staff read it (issue 38): the inbox, the
// record's page, the CSV, the shop's email and the reply templates, after a rename, for a service
// added by the owners, and for one hidden since (its requests keep its name).

const sessions = ownerAndStaff("names");

const json = (body: unknown) => ({
  headers: { Origin: ORIGIN, "Content-Type": "application/json" },
  body: JSON.stringify(body),
});

const change = (slug: string, edit: Partial<CatalogService>) => changeService(sessions.owner, slug, edit);

const alignment = newService({
  slug: "wheel-alignment",
  name: "Wheel Alignment",
  shortName: "Alignment",
  description: "Straight steering and even tire wear.",
  longDescription: "We set your wheels' angles to the maker's numbers.",
  features: ["Four-wheel alignment"],
  process: [{ title: "Measure", description: "The car goes on the rack." }],
  price: null,
  timeEstimate: "1 hour",
});

/** A page's text as a reader sees it: tags out, the entities these names use decoded. */
const readable = (html: string) =>
  html
    .replace(/<[^>]*>/g, " ")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");

/** Sends a service request for `service` through the form's API, and delivers the shop's email about it. */
async function requestFor(service: string) {
  const email = uniqueEmail();
  const queue = recordingQueue();
  const answer = await postJson(
    "/api/service-request",
    { ...validServiceRequest(), service, email },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
  expect(answer.status).toBe(201);
  const { id } = await answer.json<{ id: string }>();
  const mailer = recordingMailer();
  await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
  const mail = mailer.sent.find((sent) => sent.mail.text.includes(id))?.mail;
  return { id, email, mail };
}

/** Where staff read the request: its inbox card, its page, the CSV's Service cell, a reply from the first template. */
async function whereStaffRead(id: string, email: string) {
  const list = await fetchWorker(`/incoming?tab=service-requests&q=${encodeURIComponent(email)}`, {
    headers: { cookie: sessions.owner },
  });
  const page = await fetchWorker(`/incoming/service-requests/${id}`, { headers: { cookie: sessions.owner } });
  const csv = parseCsv(
    (await (await staffApi(sessions.owner, "/api/service-requests.csv")).text()).replace(/^\uFEFF/, ""),
  );
  const [header = [], ...rows] = csv;
  const cell = rows.find((row) => row.includes(id))?.[header.indexOf("Service")];
  const draft = await staffApi(sessions.owner, `/api/service-requests/${id}/reply-draft?template=1`);
  return {
    list: readable(await list.text()),
    page: readable(await page.text()),
    cell,
    draft: (await draft.json<{ body: string }>()).body,
  };
}

describe("a request's service by its name in the catalog", () => {
  it("reads the new name after a rename, in the inbox, on the record's page, in the CSV, the email and a reply", async () => {
    await change("oil-change", { name: "Oil & Filter Change" });
    const { id, email, mail } = await requestFor("oil-change");
    expect(mail?.header("subject")).toBe("Service request: Oil & Filter Change — James Okafor");
    expect(mail?.text).toContain("Oil & Filter Change");

    const read = await whereStaffRead(id, email);
    expect(read.list).toContain("Oil & Filter Change");
    expect(read.page).toContain("Service Oil & Filter Change");
    expect(read.cell).toBe("Oil & Filter Change");
    expect(read.draft).toContain("We got your request for Oil & Filter Change,");
  });

  it("names a service the owners added, not by its address, and keeps its name once it is hidden", async () => {
    expect(
      (await staffApi(sessions.owner, "/api/settings/services", { method: "POST", ...json(alignment) })).status,
    ).toBe(201);
    const { id, email, mail } = await requestFor("wheel-alignment");
    expect(mail?.header("subject")).toBe("Service request: Wheel Alignment — James Okafor");

    await change("wheel-alignment", { visible: false });
    const read = await whereStaffRead(id, email);
    expect(read.list).toContain("Wheel Alignment");
    expect(read.list).not.toContain("wheel-alignment ·");
    expect(read.page).toContain("Service Wheel Alignment");
    expect(read.cell).toBe("Wheel Alignment");
    expect(read.draft).toContain("We got your request for Wheel Alignment,");
  });
});
