import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { staffApi, staffSessionCookie } from "../support/staff";

// Paging through a list whose records share timestamps: keyset on (submitted time, id) must give
// every record exactly once, in one order, whatever the page size, the filter or the search. This
// file owns its database: nothing else writes records here.

let cookie: string;
const base = Date.UTC(2026, 4, 1, 14, 0);
// 23 records: runs of up to five received in the same millisecond, statuses mixed.
const times = [0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 3, 4, 5, 5, 5, 5, 6, 7, 8, 8, 9, 9, 9].map(
  (minute) => base - minute * 60_000,
);
const statuses = ["new", "contacted", "closed", "spam"] as const;
let expected: { id: string; status: string; submittedAt: number }[];

beforeAll(async () => {
  cookie = await staffSessionCookie("kim");
  const rows = times.map((submittedAt, index) => ({
    // Ids that sort differently from the order of insertion.
    id: `rec-${((index * 7) % 23).toString().padStart(2, "0")}-${crypto.randomUUID().slice(0, 4)}`,
    submittedAt,
    status: statuses[index % 4],
    message: index % 3 === 0 ? "needle in the haystack" : "hay",
  }));
  await insertInboxRecords("contact", rows);
  expected = rows
    .map((row) => ({ id: row.id, status: row.status ?? "new", submittedAt: row.submittedAt }))
    .sort((a, b) => b.submittedAt - a.submittedAt || (a.id < b.id ? 1 : -1));
});

/** Follows `Link: rel="next"` from the first page to the last; returns the ids in the order received. */
async function walk(query: string): Promise<string[]> {
  const ids: string[] = [];
  let url: string | null = `/api/contact-submissions?${query}`;
  for (let pages = 0; url && pages < 50; pages++) {
    const response = await staffApi(cookie, url);
    expect(response.status, url).toBe(200);
    ids.push(...(await response.json<{ id: string }[]>()).map((record) => record.id));
    const next = /^<http:\/\/localhost(.+)>; rel="next"$/.exec(response.headers.get("Link") ?? "")?.[1];
    url = next ?? null;
  }
  return ids;
}

describe("keyset pagination across equal timestamps", () => {
  it("gives every record exactly once, newest first then by id, at every page size", async () => {
    const all = expected.map((record) => record.id);
    for (const limit of [1, 2, 3, 4, 5, 7, 22, 23, 200]) {
      expect(await walk(`status=all&limit=${limit}`), `limit ${limit}`).toEqual(all);
    }
  });

  it("says how many records each filter matches (X-Total-Count), without a search too", async () => {
    const total = async (query: string) =>
      Number((await staffApi(cookie, `/api/contact-submissions?${query}`)).headers.get("X-Total-Count"));
    const of = (...wanted: string[]) => expected.filter((record) => wanted.includes(record.status)).length;
    expect(await total("status=all")).toBe(23);
    expect(await total("")).toBe(of("new", "contacted", "closed"));
    for (const status of statuses) expect(await total(`status=${status}`), status).toBe(of(status));
    expect(await total("status=closed,spam")).toBe(of("closed", "spam"));
  });

  it("does the same through a status filter and a search", async () => {
    const open = expected.filter((record) => record.status === "new" || record.status === "contacted");
    expect(await walk("status=new,contacted&limit=2")).toEqual(open.map((record) => record.id));

    const response = await staffApi(cookie, "/api/contact-submissions?status=all&q=needle&limit=200");
    const needles = (await response.json<{ id: string }[]>()).map((record) => record.id);
    expect(needles).toHaveLength(8);
    expect(await walk("status=all&q=needle&limit=3")).toEqual(needles);
  });

  it("pages the inbox 25 at a time, Older then Newer back to the first page", async () => {
    await insertInboxRecords(
      "serviceRequest",
      Array.from({ length: 60 }, (_, index) => ({
        submittedAt: base - Math.floor(index / 4) * 1000,
        status: "new" as const,
      })),
    );
    const page = async (url: string) => {
      const html = await (await fetchWorker(url, { headers: { Cookie: cookie } })).text();
      const link = (label: string) =>
        new RegExp(`<a[^>]*href="([^"]+)"[^>]*>(?:<span[^>]*>[^<]*</span>\\s*)?${label}`)
          .exec(html)?.[1]
          ?.replaceAll("&amp;", "&");
      // A record's link carries the list's address for its Back link (?back=…): the id is before it.
      const ids = [...html.matchAll(/href="\/incoming\/service-requests\/([^"?]+)/g)].map((match) => match[1]);
      return { ids: [...new Set(ids)], older: link("Older"), newer: link("Newer") };
    };
    const first = await page("/incoming?tab=service-requests");
    expect(first.ids).toHaveLength(25);
    expect(first.newer).toBeUndefined();
    const second = await page(first.older!);
    const third = await page(second.older!);
    expect(second.ids).toHaveLength(25);
    expect(third.ids).toHaveLength(10);
    expect(third.older).toBeUndefined();
    expect(new Set([...first.ids, ...second.ids, ...third.ids]).size).toBe(60);

    const backToSecond = await page(third.newer!);
    expect(backToSecond.ids).toEqual(second.ids);
    const backToFirst = await page(backToSecond.newer!);
    expect(backToFirst.ids).toEqual(first.ids);
    expect(backToFirst.newer).toBeUndefined();
  });
});
