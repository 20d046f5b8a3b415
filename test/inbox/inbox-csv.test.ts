import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseCsv } from "../support/csv";
import { csvCell } from "~/features/inbox/server/csv.server";
import { CSV_PAGE_SIZE } from "~/features/inbox/server/inbox-lists.server";
import { fetchWorker } from "../support/http";
import { d1Sessions } from "../support/d1";
import { insertInboxRecords } from "../support/inbox";
import { staffApi, staffSessionCookie } from "../support/staff";

// The CSV export: what a bookkeeper opens in Excel. RFC 4180, UTF-8 with a BOM, formulas
// neutralised, every matching record however many, streamed.

let cookie: string;
const BOM = "\uFEFF";

beforeAll(async () => {
  cookie = await staffSessionCookie("lee");
});

describe("GET /api/contact-submissions.csv", () => {
  it("is a dated, never-stored UTF-8 download with a byte-order mark and one header row", async () => {
    const tag = `t${crypto.randomUUID().slice(0, 8)}`;
    const [id] = await insertInboxRecords("contact", [
      {
        firstName: "Zoë",
        lastName: "O'Brien",
        email: "zoe@example.com",
        phone: "(410) 555-0142",
        message: `${tag}: line one\nline "two", with a comma`,
        submittedAt: Date.UTC(2026, 0, 5, 20, 30),
        status: "contacted",
      },
    ]);
    const response = await staffApi(cookie, `/api/contact-submissions.csv?q=${tag}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="contact-messages-${today}.csv"`);

    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith(BOM)).toBe(true);
    expect(parseCsv(text.slice(1))).toEqual([
      [
        "ID",
        "Received (Eastern Time)",
        "Status",
        "First name",
        "Last name",
        "Email",
        "Phone",
        "Message",
        "Spam reason",
      ],
      [
        id,
        "2026-01-05 15:30",
        "Contacted",
        "Zoë",
        "O'Brien",
        "zoe@example.com",
        "(410) 555-0142",
        `${tag}: line one\nline "two", with a comma`,
        "",
      ],
    ]);
  });

  it("neutralises cells that a spreadsheet would run as a formula", async () => {
    const tag = `t${crypto.randomUUID().slice(0, 8)}`;
    await insertInboxRecords("contact", [
      {
        firstName: '=HYPERLINK("http://evil.example","click")',
        lastName: "+SUM(A1:A9)",
        email: "@cmd@example.com",
        phone: "-1 410 555 0100",
        message: `\t${tag} tab first`,
        submittedAt: Date.UTC(2026, 1, 1),
      },
      { firstName: "\r=1+1", lastName: "Plain", message: `${tag} fine`, submittedAt: Date.UTC(2026, 1, 2) },
    ]);
    const text = await (await staffApi(cookie, `/api/contact-submissions.csv?q=${tag}`)).text();
    const [, plain, formulas] = parseCsv(text.replace(BOM, ""));
    expect(formulas!.slice(3, 8)).toEqual([
      '\'=HYPERLINK("http://evil.example","click")',
      "'+SUM(A1:A9)",
      "'@cmd@example.com",
      "'-1 410 555 0100",
      `'\t${tag} tab first`,
    ]);
    expect(plain!.slice(3, 5)).toEqual(["'\r=1+1", "Plain"]);
    // Nothing else is touched: a cell that merely contains one of those characters stays as it is.
    expect(csvCell("Pay $150 = fair")).toBe("Pay $150 = fair");
    expect(csvCell("a-b")).toBe("a-b");
  });

  it("exports every record the filter and search match, past any page size, newest first", async () => {
    const tag = `t${crypto.randomUUID().slice(0, 8)}`;
    const start = Date.UTC(2026, 2, 1);
    const ids = await insertInboxRecords(
      "contact",
      Array.from({ length: 1203 }, (_, index) => ({
        message: tag,
        submittedAt: start - index * 1000,
        status: index === 7 ? ("spam" as const) : index % 2 ? ("closed" as const) : ("new" as const),
      })),
    );
    const rows = async (query: string) => {
      const text = await (await staffApi(cookie, `/api/contact-submissions.csv?q=${tag}${query}`)).text();
      return parseCsv(text.replace(BOM, "")).slice(1);
    };
    const everything = await rows("&limit=5");
    expect(everything.map((row) => row[0])).toEqual(ids.filter((_, index) => index !== 7));
    expect(await rows("&status=spam")).toEqual([expect.arrayContaining([ids[7], "Spam"])]);
    // Even positions are new: 0, 2, … 1202.
    expect(await rows("&status=new")).toHaveLength(602);
    expect(await rows("&status=all")).toHaveLength(1203);
  });

  it("answers 400 for parameters it cannot read and 401 without a session", async () => {
    expect((await staffApi(cookie, "/api/contact-submissions.csv?status=maybe")).status).toBe(400);
    const anonymous = await fetchWorker("/api/contact-submissions.csv");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("Cache-Control")).toBe("no-store");
    expect(await anonymous.json()).toEqual({ message: "Unauthorized" });
  });
});

describe("GET /api/service-requests.csv", () => {
  it("adds the service by its label, the vehicle and the visit, each in its own column", async () => {
    const tag = `t${crypto.randomUUID().slice(0, 8)}`;
    const [withCar, without] = await insertInboxRecords("serviceRequest", [
      { message: tag, service: "brake-service", submittedAt: Date.UTC(2026, 5, 2) },
      { message: tag, service: "other", status: "spam", spamReason: "honeypot", submittedAt: Date.UTC(2026, 5, 1) },
    ]);
    await env.DB.prepare(
      "update service_requests set vehicle_year = 2019, vehicle_make = 'Toyota', vehicle_model = 'RAV4', mileage = 84000, preferred_date = '2026-06-09', preferred_time = 'morning', visit_type = 'drop-off' where id = ?",
    )
      .bind(withCar!)
      .run();
    const response = await staffApi(cookie, `/api/service-requests.csv?q=${tag}&status=all`);
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="service-requests-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const [header, first, second] = parseCsv((await response.text()).replace(BOM, ""));
    // The columns in this order (a field a form gains adds a column of its own among them).
    const columns = [
      "Service",
      "Vehicle year",
      "Vehicle make",
      "Vehicle model",
      "Mileage",
      "Preferred date",
      "Preferred time",
      "Visit",
      "Message",
      "Spam reason",
    ];
    const positions = columns.map((column) => header!.indexOf(column));
    expect(positions.every((position, index) => position > (positions[index - 1] ?? 6))).toBe(true);
    expect(header!.at(-1)).toBe("Spam reason");
    const cells = (row: string[] | undefined) =>
      Object.fromEntries(columns.map((column, i) => [column, row![positions[i]!]]));
    expect(first![0]).toBe(withCar);
    expect(cells(first)).toEqual({
      Service: "Brake Repair & Service",
      "Vehicle year": "2019",
      "Vehicle make": "Toyota",
      "Vehicle model": "RAV4",
      Mileage: "84000",
      "Preferred date": "2026-06-09",
      "Preferred time": "Morning",
      Visit: "I'll drop it off",
      Message: tag,
      "Spam reason": "",
    });
    expect(second![0]).toBe(without);
    // Without a car and a visit: every cell of theirs empty, none left out.
    const emptyCells = Object.fromEntries(columns.map((column) => [column, ""]));
    expect(cells(second)).toEqual({
      ...emptyCells,
      Service: "Other Service",
      Message: tag,
      "Spam reason": "The hidden anti-robot field was filled in with something a browser would not put there",
    });
  });
});

describe("streaming", () => {
  it("reads D1 a page at a time, only as fast as the download is read, and stops when it is dropped", async () => {
    const tag = `t${crypto.randomUUID().slice(0, 8)}`;
    await insertInboxRecords(
      "contact",
      Array.from({ length: CSV_PAGE_SIZE * 3 + 200 }, (_, index) => ({
        message: tag,
        submittedAt: Date.UTC(2026, 3, 1) - index,
      })),
    );
    // The database as the Worker sees it, counting the pages of records it reads.
    let pagesRead = 0;
    const countingDb = d1Sessions((session) => ({
      prepare(query) {
        if (query.includes('from "contact_submissions"') && query.endsWith("limit ?")) pagesRead += 1;
        return session.prepare(query);
      },
    }));
    const response = await fetchWorker(
      `/api/contact-submissions.csv?status=all&q=${tag}`,
      { headers: { Cookie: cookie } },
      { bindings: { DB: countingDb } },
    );
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });

    // The header comes first, before any record is read.
    expect(decoder.decode((await reader.read()).value)).toMatch(/^\uFEFFID,Received/);
    expect(pagesRead).toBe(0);
    // Each read after it takes one page of records from D1, and no more.
    const first = decoder.decode((await reader.read()).value);
    expect(first.split("\r\n").filter(Boolean)).toHaveLength(CSV_PAGE_SIZE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesRead).toBe(1);
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesRead).toBe(2);

    // The client goes away: nothing more is read.
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pagesRead).toBe(2);
  });
});
