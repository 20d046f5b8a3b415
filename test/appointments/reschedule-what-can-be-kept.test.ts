import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, postForm } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { book, customerLinkIn, newRequest, setUpAppointments } from "./support";

// Issue 40, item 7: the customer's reschedule offers only places that can still be kept: nothing
// that has passed or starts within the owner's cut-off (2 hours as set up), on any day, today
// included; a place sent by hand that starts too soon is refused. The shop as in ./support.ts:
// weekdays 8 AM to 6 PM, waiter slots at 7:00, 8:00 and 13:00, Wednesday closed, Thursday 9 to 12.

beforeAll(setUpAppointments, 60_000);

// Tuesday, December 1, 2026, 11:30 AM in Pikesville (EST, UTC-5).
const tuesdayLateMorning = new Date("2026-12-01T16:30:00Z");
// Tuesday, December 1, 2026, 7:00 AM: the drop-off window opens in an hour, inside the cut-off.
const tuesdayEarly = new Date("2026-12-01T12:00:00Z");

async function customerLink() {
  const queue = recordingQueue();
  const mailer = recordingMailer();
  const email = `keep-${crypto.randomUUID()}@example.com`;
  const id = await newRequest({ email });
  expect((await book(id, { date: "2026-12-04", kind: "drop-off" }, { bindings: { NOTIFY_QUEUE: queue } })).status).toBe(
    201,
  );
  await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
  return customerLinkIn(mailer.sent.find((sent) => sent.to === email)!);
}

const offered = async (link: string, when: Date) => {
  const page = await fetchWorker(link, {}, { at: when });
  expect(page.status).toBe(200);
  return [...(await page.text()).matchAll(/<option[^>]*value="([^"]+)"/g)].map((match) => match[1]);
};

describe("the customer's reschedule", () => {
  let link = "";
  beforeAll(async () => {
    link = await customerLink();
  });

  it("offers no place today that has passed or starts within the cut-off", async () => {
    const places = await offered(link, tuesdayLateMorning);
    // Today's drop-off window opened at 8:00 and the 13:00 slot is 90 minutes away.
    expect(places.filter((place) => place!.startsWith("2026-12-01"))).toEqual([]);
    expect(places).toContain("2026-12-03|drop-off|");
    expect(places).toContain("2026-12-07|waiter|13:00");
  });

  it("keeps what is beyond the cut-off today, and leaves out a window opening within it", async () => {
    const places = await offered(link, tuesdayEarly);
    expect(places).not.toContain("2026-12-01|drop-off|");
    expect(places).not.toContain("2026-12-01|waiter|08:00");
    expect(places).toContain("2026-12-01|waiter|13:00");
  });

  it("refuses a place sent by hand that has passed or starts within the cut-off, and keeps the appointment", async () => {
    for (const place of ["2026-12-01|drop-off|", "2026-12-01|waiter|13:00"]) {
      const refused = await postForm(link, { intent: "move", place }, { at: tuesdayLateMorning });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("too soon");
    }
    const page = await (await fetchWorker(link, {}, { at: tuesdayLateMorning })).text();
    expect(page).toContain("Friday, December 4");
    const moved = await postForm(link, { intent: "move", place: "2026-12-03|drop-off|" }, { at: tuesdayLateMorning });
    expect(moved.status).toBe(302);
  });
});
