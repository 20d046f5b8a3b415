import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { postForm, postJson } from "../../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../../support/queue";
import { at, call, customerLinkIn, setUpAppointments } from "../support";

// Issue 40, item 4: a full day is not a dead end. The shop and clock as in ./support.ts (2
// drop-offs a day), online booking for every place.

beforeAll(async () => {
  await setUpAppointments();
  const rules = { enabled: true, onlineShare: 100, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };
  expect((await call("PUT", "/api/settings/online-booking", rules)).status).toBe(200);
}, 60_000);

const person = (name: string) => ({
  firstName: name,
  email: `${name.toLowerCase()}-${crypto.randomUUID()}@example.com`,
});
const place = "2026-12-04|drop-off|";

describe("the waitlist of a full day", () => {
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const links: string[] = [];
  const waiting = [person("Ann"), person("Ben")];

  beforeAll(async () => {
    for (const customer of [person("Cat"), person("Dan")]) {
      const body = {
        ...customer,
        lastName: "Full",
        phone: "(410) 555-0144",
        service: "oil-change",
        date: "2026-12-04",
        kind: "drop-off",
      };
      expect((await postJson("/api/bookings", body, { at, bindings: { NOTIFY_QUEUE: queue } })).status).toBe(201);
      await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
      links.push(customerLinkIn(mailer.sent.find((sent) => sent.to === customer.email)!));
    }
  });

  it("offers a full day's visitor to be told, and puts them on the list", async () => {
    const full = await postForm(
      "/book",
      { ...person("Eve"), lastName: "Late", phone: "(410) 555-0145", service: "oil-change", place },
      { at },
    );
    expect(full.status).toBe(409);
    const html = await full.text();
    expect(html).toContain("Tell me if a place frees up that day");
    for (const visitor of waiting) {
      const joined = await postForm("/book", { intent: "waitlist", ...visitor, place }, { at });
      expect(joined.status).toBe(200);
      expect(await joined.text()).toContain("on the list");
    }
  });

  it("emails the first waiting only when a cancellation frees a place, and books nothing for them", async () => {
    mailer.sent.length = 0;
    const cancelled = await postForm(links[0]!, { intent: "cancel" }, { at, bindings: { NOTIFY_QUEUE: queue } });
    expect(cancelled.status).toBe(302);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const told = mailer.sent.filter((sent) => waiting.some((visitor) => visitor.email === sent.to));
    expect(told.map((sent) => sent.to)).toEqual([waiting[0]!.email]);
    expect(told[0]!.mail.header("subject")).toContain("A place opened up on Friday, December 4");
    expect(told[0]!.mail.text).toContain("/book");
    const live = await env.DB.prepare(
      "select count(*) as n from appointments where date = '2026-12-04' and status <> 'cancelled'",
    ).first();
    expect(live).toEqual({ n: 1 });
  });

  it("tells the next one at the next cancellation", async () => {
    mailer.sent.length = 0;
    expect((await postForm(links[1]!, { intent: "cancel" }, { at, bindings: { NOTIFY_QUEUE: queue } })).status).toBe(
      302,
    );
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const told = mailer.sent.filter((sent) => waiting.some((visitor) => visitor.email === sent.to));
    expect(told.map((sent) => sent.to)).toEqual([waiting[1]!.email]);
  });
});
