import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN, postJson, refusedPage } from "../support/http";
import { insertInboxRecords, uniqueEmail, validContact } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { apiLogin, createStaffUser, postStaffForm, sessionCookie } from "../support/staff";

// The shop's mail settings on Settings (issue 29 item 7, docs/decisions/051-mail-settings-in-d1.md):
// who gets the shop's emails, the visitor confirmation and the reply sender's name, stored in D1
// by an owner, the configuration's values until then, read by the very next email.

let owner = "";
let staff = "";

beforeAll(async () => {
  await createStaffUser("mail-owner", "mail owner has a long password", "owner");
  await createStaffUser("mail-staff", "mail staff has a long password", "staff");
  owner = sessionCookie(await apiLogin("mail-owner", "mail owner has a long password"));
  staff = sessionCookie(await apiLogin("mail-staff", "mail staff has a long password"));
  // The first request compiles the routes: slow on a busy machine.
}, 60_000);

type Settings = {
  recipients: string[];
  confirmVisitor: boolean;
  senderName: string;
  saved: { by: string | null; at: string } | null;
  defaults?: { recipients: string[]; confirmVisitor: boolean };
};

function call(method: string, body?: unknown, cookie = owner) {
  return fetchWorker("/api/settings/emails", {
    method,
    headers: { Cookie: cookie, "Content-Type": "application/json", Origin: ORIGIN },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const readSettings = async () => (await call("GET")).json<Settings>();

/** A contact message through the API, its emails delivered; returns who got what. */
async function submitAndDeliver() {
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const email = uniqueEmail();
  const response = await postJson(
    "/api/contact",
    { ...validContact(), email, firstName: "Dana" },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
  expect(response.status).toBe(201);
  const jobs = queue.bodies.map((body) => (body as { type: string }).type);
  await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
  return {
    jobs,
    toShop: mailer.sent.filter((sent) => sent.to !== email).map((sent) => sent.to),
    toVisitor: mailer.sent.filter((sent) => sent.to === email),
  };
}

describe("the shop's mail settings", () => {
  it("holds the configuration's values until an owner saves", async () => {
    const settings = await readSettings();
    expect(settings).toEqual({
      recipients: ["staff@shop.localhost"],
      confirmVisitor: false,
      senderName: "Pikesville Family Auto Repair",
      saved: null,
      defaults: { recipients: ["staff@shop.localhost"], confirmVisitor: false },
    });
    const sent = await submitAndDeliver();
    expect(sent).toMatchObject({ jobs: ["notify"], toShop: ["staff@shop.localhost"], toVisitor: [] });
  });

  it("answers 401 without a session and 403 to a staff member, and stores nothing", async () => {
    const body = { recipients: ["x@example.com"], confirmVisitor: true, senderName: "X" };
    expect((await call("PUT", body, "")).status).toBe(401);
    expect((await call("GET", undefined, staff)).status).toBe(403);
    expect((await call("PUT", body, staff)).status).toBe(403);
    expect((await readSettings()).saved).toBeNull();
  });

  it("refuses addresses that are not plain addresses, naming them, and stores nothing", async () => {
    for (const recipients of [
      ["desk@example.com", "not an address"],
      ["Desk <desk@example.com>"],
      ["desk@example.com\r\nBcc: x@example.com"],
      [],
      ["   "],
      Array.from({ length: 11 }, (_, index) => `desk${index}@example.com`),
    ]) {
      const response = await call("PUT", { recipients, confirmVisitor: true, senderName: "The shop" });
      expect(response.status, JSON.stringify(recipients)).toBe(400);
      const answer = await response.json<{ fieldErrors: Record<string, string[]> }>();
      expect(Object.keys(answer.fieldErrors)).toEqual(["recipients"]);
    }
    const named = await call("PUT", { recipients: ["ok@example.com", "nope"], confirmVisitor: false, senderName: "S" });
    expect((await named.json<{ fieldErrors: { recipients: string[] } }>()).fieldErrors.recipients[0]).toContain(
      "“nope”",
    );
    for (const senderName of ["", "a\nb", "x".repeat(81)]) {
      const response = await call("PUT", { recipients: ["ok@example.com"], confirmVisitor: false, senderName });
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json<{ fieldErrors: object }>()).fieldErrors)).toEqual(["senderName"]);
    }
    expect((await call("PUT", { recipients: ["ok@example.com"], senderName: "S" })).status).toBe(400);
    expect((await readSettings()).saved).toBeNull();
  });

  it("refuses the shop's own addresses, whose notices would come back as answers and loop (issue 37)", async () => {
    const reply = "reply+s0123456789abcdef0123456789abcdef.abcdefghijklmnopqrst@shop.localhost";
    for (const own of [reply, "REPLY@shop.localhost", "Notifications@shop.localhost"]) {
      const response = await call("PUT", {
        recipients: ["desk@example.com", own],
        confirmVisitor: false,
        senderName: "S",
      });
      expect(response.status, own).toBe(400);
      const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
      expect(fieldErrors.recipients?.[0], own).toContain(`The shop's own address: “${own}”`);
    }
    const refused = await postStaffForm(owner, "/incoming/settings/emails", {
      recipients: `front@example.com\n${reply}`,
      senderName: "Front desk",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(`The shop&#x27;s own address: “${reply}”`);
    expect((await readSettings()).saved).toBeNull();
  });

  it("sends the next notification to the saved addresses, and the visitor a confirmation when switched on; audited", async () => {
    const response = await call("PUT", {
      recipients: [" owner@example.com", "desk@example.com", "owner@example.com"],
      confirmVisitor: true,
      senderName: "Mike at Pikesville Family Auto",
    });
    expect(response.status).toBe(200);
    expect(await response.json<Settings>()).toMatchObject({
      recipients: ["owner@example.com", "desk@example.com"],
      confirmVisitor: true,
      senderName: "Mike at Pikesville Family Auto",
      saved: { by: "mail-owner" },
    });
    const sent = await submitAndDeliver();
    expect(sent.jobs).toEqual(["notify", "confirm"]);
    expect(sent.toShop.toSorted()).toEqual(["desk@example.com", "owner@example.com"]);
    expect(sent.toVisitor).toHaveLength(1);
    expect(sent.toVisitor[0]!.mail.text).toMatch(/^Hi Dana,/);

    const { results } = await env.DB.prepare(
      "select actor_name, target, detail from audit_log where action = 'settings.mail' order by id",
    ).all<{ actor_name: string; target: string; detail: string }>();
    expect(results).toEqual([
      {
        actor_name: "mail-owner",
        target: "mail",
        detail: JSON.stringify({
          recipients: "owner@example.com, desk@example.com",
          confirmVisitor: true,
          senderName: "Mike at Pikesville Family Auto",
        }),
      },
    ]);
  });

  it("sends no confirmation once the owner switches it off, even for a job queued while it was on", async () => {
    const queue = recordingQueue();
    const email = uniqueEmail();
    await postJson("/api/contact", { ...validContact(), email }, { bindings: { NOTIFY_QUEUE: queue } });
    expect(queue.bodies.map((body) => (body as { type: string }).type)).toEqual(["notify", "confirm"]);
    const saved = await call("PUT", { recipients: ["desk@example.com"], confirmVisitor: false, senderName: "Shop" });
    expect(saved.status).toBe(200);
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["desk@example.com"]);

    const next = await submitAndDeliver();
    expect(next).toMatchObject({ jobs: ["notify"], toShop: ["desk@example.com"], toVisitor: [] });
  });

  it("sends a reply from the record under the saved name", async () => {
    await call("PUT", { recipients: ["desk@example.com"], confirmVisitor: false, senderName: "Mike at the shop" });
    const [id] = await insertInboxRecords("contact", [{ email: "customer@example.com" }]);
    const queue = recordingQueue();
    const reply = await fetchWorker(
      `/api/contact-submissions/${id}/replies`,
      {
        method: "POST",
        headers: { Cookie: owner, "Content-Type": "application/json", Origin: ORIGIN },
        body: JSON.stringify({ body: "Your car is ready." }),
      },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(reply.status).toBe(201);
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]!.mail.header("from")).toBe("Mike at the shop <notifications@shop.localhost>");
  });

  it("saves from the Emails page without JavaScript, and shows a refusal with what was typed", async () => {
    const refused = await postStaffForm(owner, "/incoming/settings/emails", {
      recipients: "front@example.com\nnot-an-address",
      confirmVisitor: "on",
      senderName: "Front desk",
    });
    await refusedPage(refused, ["Not an email address: “not-an-address”", "front@example.com\nnot-an-address"]);
    expect((await readSettings()).recipients).toEqual(["desk@example.com"]);

    const saved = await postStaffForm(owner, "/incoming/settings/emails", {
      recipients: "front@example.com, back@example.com",
      senderName: "Front desk",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe("/incoming/settings/emails");
    expect(await readSettings()).toMatchObject({
      recipients: ["front@example.com", "back@example.com"],
      confirmVisitor: false,
      senderName: "Front desk",
    });
    const page = await fetchWorker("/incoming/settings/emails", { headers: { Cookie: owner } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Last saved");
    const forStaff = await fetchWorker("/incoming/settings/emails", { headers: { Cookie: staff } });
    expect(forStaff.status).toBe(403);
  });
});

// Every email reads the settings through the one accessor: nothing else reads the variables.
const sources = import.meta.glob<string>(["../../app/**/*.{ts,tsx}", "../../workers/**/*.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("the one accessor", () => {
  it("is the only code that reads NOTIFY_TO and CONFIRM_VISITOR from the environment", () => {
    const readers = Object.entries(sources)
      .filter(([, text]) => /\.(NOTIFY_TO|CONFIRM_VISITOR)\b/.test(text.replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "")))
      .map(([file]) => file.replace(/^\.\.\/\.\.\//, ""))
      .sort();
    expect(readers).toEqual(["app/features/settings/server/mail-settings.server.ts"]);
  });
});
