import { env } from "cloudflare:test";
import { convertIcsCalendar } from "ts-ics";
import { expect } from "vitest";
import { fetchWorker, ORIGIN } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import type { recordingMailer } from "../support/queue";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// What the appointments' Worker tests share: the Worker's clock pinned to Monday, November 30,
// 2026, 10:00 AM in Pikesville (weekdays 8 AM to 6 PM as shipped, Christmas closed), an owner and
// a staff member, the capacity below with a closure on Wednesday and short hours on Thursday, and
// readers for the customer's emails. Each test file gets its own D1, so each calls
// setUpAppointments() in its beforeAll.

export const at = new Date("2026-11-30T15:00:00Z");
export const OWNER_PASSWORD = "appointments owner has a long password";
export const cookies = { owner: "", staff: "" };

export function call(
  method: string,
  path: string,
  body?: unknown,
  options: { cookie?: string; when?: Date; bindings?: Partial<Env> } = {},
) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: options.cookie ?? cookies.owner, "Content-Type": "application/json", Origin: ORIGIN },
      body: body === undefined ? undefined : JSON.stringify(body),
    },
    { at: options.when ?? at, bindings: options.bindings },
  );
}

export const capacity = {
  dropOffsPerDay: 2,
  waiterSlots: [
    { time: "13:00", places: 1 },
    { time: "07:00", places: 1 },
    { time: "08:00", places: 2 },
  ],
};

export async function setUpAppointments() {
  await createStaffUser("appt-owner", OWNER_PASSWORD, "owner");
  await createStaffUser("appt-staff", "appointments staff has a long password", "staff");
  cookies.owner = sessionCookie(await apiLogin("appt-owner", OWNER_PASSWORD, { at }));
  cookies.staff = sessionCookie(await apiLogin("appt-staff", "appointments staff has a long password", { at }));
  expect((await call("PUT", "/api/settings/capacity", capacity)).status).toBe(200);
  // A closure on Wednesday and short hours on Thursday (9 AM to noon).
  expect((await call("POST", "/api/settings/closures", { date: "2026-12-02", reason: "Staff training" })).status).toBe(
    200,
  );
  const special = { date: "2026-12-03", opens: "09:00", closes: "12:00", reason: "Inventory" };
  expect((await call("POST", "/api/settings/special-hours", special)).status).toBe(200);
}

/** Online booking at 50% of places, 12 hours' notice, 30 days ahead, confirmed at once. */
export const onlineRules = { enabled: true, onlineShare: 50, minNoticeHours: 12, horizonDays: 30, mode: "confirm" };

/** The shop above with online booking on, by `onlineRules`. */
export async function setUpOnlineBooking() {
  await setUpAppointments();
  expect((await call("PUT", "/api/settings/online-booking", onlineRules)).status).toBe(200);
}

/** Who books online, and their car: the same visitor each time, under an email address of their own. */
export const onlineVisitor = () => ({
  firstName: "Ada",
  lastName: "Byron",
  email: `ada-${crypto.randomUUID()}@example.com`,
  phone: "(410) 555-0111",
  service: "oil-change",
  vehicle: "2015 Toyota Camry",
});

export async function newRequest(fields: { preferredDate?: string; email?: string } = {}) {
  const [id] = await insertInboxRecords("serviceRequest", [
    { email: fields.email, submittedAt: at.getTime() - 3_600_000 },
  ]);
  if (fields.preferredDate) {
    await env.DB.prepare("update service_requests set preferred_date = ? where id = ?")
      .bind(fields.preferredDate, id!)
      .run();
  }
  return id!;
}

export const book = (id: string, body: unknown, options: Parameters<typeof call>[3] = {}) =>
  call("POST", `/api/service-requests/${id}/appointment`, body, options);

// wrangler.toml's value types CONFIRM_VISITOR as "false"; the Worker reads any string through its schema.
export const vars = (values: Record<string, string>): Partial<Env> => Object.assign({}, values);
export const customerEmailsOn = vars({ CONFIRM_VISITOR: "true" });

export type Sent = ReturnType<typeof recordingMailer>["sent"][number];

export function calendarOf(mail: Sent) {
  const [file] = mail.mail.attachments;
  if (!file) throw new Error("No attachment");
  return { type: file.type, raw: file.content, calendar: convertIcsCalendar(undefined, file.content) };
}

export const customerLinkIn = (mail: Sent) => {
  const link = /\/appointments\/([A-Za-z0-9_-]{43})/.exec(mail.mail.text)?.[0];
  if (!link) throw new Error("No link in the email");
  return link;
};

/** Of requests sent at once for one last place: exactly one took it (201), every other was refused (409). */
export function expectOneTookThePlace(statuses: readonly number[]) {
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses.filter((status) => status === 409)).toHaveLength(statuses.length - 1);
}
