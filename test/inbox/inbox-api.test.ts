import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { expectEachAnswered, fetchWorker, ORIGIN } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { staffApi, staffSessionCookie } from "../support/staff";

// The staff JSON API on contact messages and service requests: lists with status, search, limit
// and cursor; one record with its history; PATCH and DELETE. (Paging across equal timestamps:
// inbox-pagination.test.ts; CSV: inbox-csv.test.ts; spam and its purge: inbox-spam.test.ts.)

let cookie: string;
const day = 86_400_000;
const now = Date.now();

beforeAll(async () => {
  cookie = await staffSessionCookie("dana");
});

type ApiRecord = Record<string, unknown> & { id: string; status: string };

const collections = [
  { kind: "contact", path: "/api/contact-submissions" },
  { kind: "serviceRequest", path: "/api/service-requests" },
] as const;

for (const { kind, path } of collections) {
  describe(`GET ${path}`, () => {
    // Each test searches for a word of its own, so the records of the others never get in the way.
    const word = () => `w${crypto.randomUUID().slice(0, 8)}`;

    it("answers an array, newest first, each record with its status, spam left out by default", async () => {
      const tag = word();
      const ids = await insertInboxRecords(kind, [
        { message: `${tag} one`, submittedAt: now - 3 * day, status: "closed" },
        { message: `${tag} two`, submittedAt: now - 2 * day, status: "spam" },
        { message: `${tag} three`, submittedAt: now - day, status: "contacted" },
        { message: `${tag} four`, submittedAt: now, status: "new" },
      ]);
      const response = await staffApi(cookie, `${path}?q=${tag}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Total-Count")).toBe("3");
      expect(response.headers.get("Link")).toBeNull();
      const body = await response.json<ApiRecord[]>();
      expect(body.map((record) => [record.id, record.status])).toEqual([
        [ids[3], "new"],
        [ids[2], "contacted"],
        [ids[0], "closed"],
      ]);
      expect(body[0]).toMatchObject({ spamReason: null, submittedAt: new Date(now).toISOString() });
      expect(body[0]).not.toHaveProperty("searchText");
      if (kind === "serviceRequest") expect(body[0]).toHaveProperty("service", "oil-change");
      else expect(body[0]).not.toHaveProperty("service");
    });

    it("filters by one or more statuses, or all", async () => {
      const tag = word();
      await insertInboxRecords(kind, [
        { message: tag, status: "new" },
        { message: tag, status: "contacted" },
        { message: tag, status: "closed" },
        { message: tag, status: "spam", spamReason: "honeypot" },
      ]);
      const statuses = async (query: string) => {
        const response = await staffApi(cookie, `${path}?q=${tag}&${query}`);
        const body = await response.json<ApiRecord[]>();
        expect(response.headers.get("X-Total-Count"), query).toBe(String(body.length));
        return body.map((record) => record.status).sort();
      };
      expect(await statuses("status=spam")).toEqual(["spam"]);
      expect(await statuses("status=new,closed")).toEqual(["closed", "new"]);
      expect(await statuses("status=new&status=contacted")).toEqual(["contacted", "new"]);
      expect(await statuses("status=all")).toEqual(["closed", "contacted", "new", "spam"]);
      expect(await statuses("status=")).toEqual(["closed", "contacted", "new"]);
    });

    it("finds records by name, email, message and phone digits, whatever the case or formatting", async () => {
      const tag = word();
      const [smith, other] = await insertInboxRecords(kind, [
        {
          firstName: "Anna",
          lastName: `Smith${tag}`,
          email: `anna.${tag}@Example.com`,
          phone: "(443) 555-0187",
          message: "The BRAKES squeal",
        },
        { lastName: `Jones${tag}`, phone: "+1 410 555 0133", message: `Oil change for ${tag}` },
      ]);
      const found = async (q: string) => {
        const response = await staffApi(cookie, `${path}?status=all&q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
        return (await response.json<ApiRecord[]>())
          .map((record) => record.id)
          .filter((id) => id === smith || id === other);
      };
      expect(await found(`SMITH${tag.toUpperCase()}`)).toEqual([smith]);
      expect(await found(`anna.${tag}@example.COM`)).toEqual([smith]);
      expect(await found(`brakes squeal smith${tag}`)).toEqual([smith]);
      for (const phone of ["443-555-0187", "443.555.0187", "(443) 5550187", "4435550187", "555 0187"]) {
        expect(await found(phone), phone).toEqual([smith]);
      }
      expect(await found("4105550133")).toEqual([other]);
      expect(await found(`${tag} 410-555-0133`)).toEqual([other]);
    });

    it("reads LIKE wildcards in a search as the characters they are", async () => {
      const tag = word();
      const [percent] = await insertInboxRecords(kind, [
        { message: `${tag} 100% synthetic, please` },
        { message: `${tag} 100 synthetic` },
        { message: `${tag} a_b` },
      ]);
      const search = async (q: string) =>
        (await (await staffApi(cookie, `${path}?q=${encodeURIComponent(q)}`)).json<ApiRecord[]>()).map((r) => r.id);
      expect(await search(`${tag} 100%`)).toEqual([percent]);
      expect(await search(`${tag} %`)).toEqual([percent]);
      expect(await search(`${tag} _`)).toHaveLength(1);
    });

    it("pages with limit and cursor, and says where the next page is", async () => {
      const tag = word();
      const ids = await insertInboxRecords(
        kind,
        Array.from({ length: 5 }, (_, index) => ({ message: tag, submittedAt: now - index * 1000 })),
      );
      const first = await staffApi(cookie, `${path}?q=${tag}&limit=2`);
      expect((await first.json<ApiRecord[]>()).map((r) => r.id)).toEqual(ids.slice(0, 2));
      expect(first.headers.get("X-Total-Count")).toBe("5");
      const link = first.headers.get("Link") ?? "";
      const next = /^<(.+)>; rel="next"$/.exec(link)?.[1];
      expect(next).toMatch(new RegExp(`^${ORIGIN}${path}\\?q=${tag}&limit=2&cursor=[\\w-]+$`));

      const second = await staffApi(cookie, next!.slice(ORIGIN.length));
      expect((await second.json<ApiRecord[]>()).map((r) => r.id)).toEqual(ids.slice(2, 4));
      const third = await staffApi(cookie, /<(.+)>/.exec(second.headers.get("Link") ?? "")![1]!.slice(ORIGIN.length));
      expect((await third.json<ApiRecord[]>()).map((r) => r.id)).toEqual(ids.slice(4));
      expect(third.headers.get("Link")).toBeNull();
    });

    it("sends 50 records by default and at most 200", async () => {
      const tag = word();
      await insertInboxRecords(
        kind,
        Array.from({ length: 201 }, () => ({ message: tag })),
      );
      const count = async (query: string) =>
        (await (await staffApi(cookie, `${path}?q=${tag}${query}`)).json<ApiRecord[]>()).length;
      expect(await count("")).toBe(50);
      expect(await count("&limit=200")).toBe(200);
      expect(await count("&limit=1")).toBe(1);
    });

    it("answers 400 with a message for parameters it cannot read", async () => {
      const unreadable = [
        "status=done",
        "status=all,new",
        "limit=0",
        "limit=201",
        "limit=ten",
        "limit=2.5",
        "cursor=nonsense!",
        `cursor=${btoa("o:12:two words")}`,
        `cursor=${btoa("x:1:id")}`,
        `q=${"a".repeat(201)}`,
        // A parameter given twice is refused rather than answered from one of them (status may repeat).
        "limit=5&limit=200",
        "q=brake&q=oil",
        "assignee=me&assignee=none",
      ];
      await expectEachAnswered(
        unreadable,
        (query) => staffApi(cookie, `${path}?${query}`),
        { status: 400, headers: { "Cache-Control": "no-store" } },
        async (response, query) => expect(await response.json(), query).toEqual({ message: expect.any(String) }),
      );
    });

    it("answers 401 without a session", async () => {
      for (const url of [path, `${path}?status=all`, `${path}/some-id`]) {
        const response = await fetchWorker(url);
        expect(response.status, url).toBe(401);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      }
    });
  });

  describe(`${path}/<id>`, () => {
    const patch = (id: string, body: unknown, headers: HeadersInit = {}) =>
      staffApi(cookie, `${path}/${id}`, {
        method: "PATCH",
        headers,
        body: typeof body === "string" ? body : JSON.stringify(body),
      });

    it("answers one record with its history, newest change first", async () => {
      const [id] = await insertInboxRecords(kind, [{ firstName: "Hal" }]);
      expect((await patch(id!, { status: "contacted" })).status).toBe(200);
      expect((await patch(id!, { status: "closed" })).status).toBe(200);

      const response = await staffApi(cookie, `${path}/${id}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const record = await response.json<ApiRecord & { history: Record<string, string>[] }>();
      expect(record).toMatchObject({ id, firstName: "Hal", status: "closed" });
      expect(record.history).toEqual([
        { status: "closed", changedBy: "dana", changedByName: "dana", changedAt: expect.any(String) },
        { status: "contacted", changedBy: "dana", changedByName: "dana", changedAt: expect.any(String) },
      ]);
      expect(Date.parse(record.history[0]!.changedAt!)).toBeGreaterThan(Date.now() - 60_000);
    });

    it("PATCH changes the status, keeps who did it, and answers 200 with the record", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const response = await patch(id!, { status: "contacted" });
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const record = await response.json<ApiRecord & { history: unknown[] }>();
      expect(record).toMatchObject({ id, status: "contacted", spamReason: null });
      expect(record.history).toEqual([expect.objectContaining({ status: "contacted", changedBy: "dana" })]);

      // The same status again changes nothing, and the history says so.
      const again = await patch(id!, { status: "contacted" });
      expect(again.status).toBe(200);
      expect((await again.json<{ history: unknown[] }>()).history).toHaveLength(1);
    });

    it("PATCH to spam gives the reason 'staff'; back to new clears it", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      expect(await (await patch(id!, { status: "spam" })).json()).toMatchObject({
        status: "spam",
        spamReason: "staff",
      });
      expect(await (await patch(id!, { status: "new" })).json()).toMatchObject({ status: "new", spamReason: null });
    });

    it("PATCH answers 400 for an unknown status or a body it cannot read, and changes nothing", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      for (const body of [{ status: "done" }, { status: "" }, {}, { state: "closed" }, "{not json"]) {
        const response = await patch(id!, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toMatchObject({ message: expect.any(String) });
      }
      expect((await patch(id!, { status: "closed" }, { "Content-Type": "text/plain" })).status).toBe(415);
      const record = await (await staffApi(cookie, `${path}/${id}`)).json<{ status: string; history: unknown[] }>();
      expect(record).toMatchObject({ status: "new", history: [] });
    });

    it("answers 404 for an unknown id, to GET, PATCH and DELETE", async () => {
      const id = crypto.randomUUID();
      expect((await staffApi(cookie, `${path}/${id}`)).status).toBe(404);
      expect((await patch(id, { status: "closed" })).status).toBe(404);
      expect((await staffApi(cookie, `${path}/${id}`, { method: "DELETE" })).status).toBe(404);
      const { results } = await env.DB.prepare("select * from submission_status_changes where submission_id = ?")
        .bind(id)
        .all();
      expect(results).toEqual([]);
    });

    it("DELETE removes the record and its history for good (204)", async () => {
      const [id, kept] = await insertInboxRecords(kind, [{}, {}]);
      await patch(id!, { status: "contacted" });
      await patch(kept!, { status: "contacted" });
      const response = await staffApi(cookie, `${path}/${id}`, { method: "DELETE" });
      expect(response.status).toBe(204);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toBe("");
      expect((await staffApi(cookie, `${path}/${id}`)).status).toBe(404);

      const history = await env.DB.prepare(
        "select submission_id from submission_status_changes where submission_id in (?, ?)",
      )
        .bind(id!, kept!)
        .all();
      expect(history.results).toEqual([{ submission_id: kept }]);
    });

    it("answers 405 with Allow to other methods", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      for (const method of ["PUT", "POST", "OPTIONS"]) {
        const response = await staffApi(cookie, `${path}/${id}`, {
          method,
          body: method === "OPTIONS" ? undefined : "{}",
        });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("Allow")).toBe("GET, HEAD, PATCH, DELETE");
        expect(await response.json()).toEqual({ message: "Use GET, HEAD, PATCH or DELETE for this endpoint." });
      }
      for (const url of [`${path}.csv`, path]) {
        const response = await staffApi(cookie, url, { method: "POST", body: "{}" });
        expect(response.status, url).toBe(405);
        expect(response.headers.get("Allow")).toBe("GET, HEAD");
      }
    });

    it("refuses PATCH and DELETE without a session (401) or from another site (403)", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      const body = JSON.stringify({ status: "closed" });
      const json = { "Content-Type": "application/json" };
      expect((await fetchWorker(`${path}/${id}`, { method: "PATCH", headers: json, body })).status).toBe(401);
      expect((await fetchWorker(`${path}/${id}`, { method: "DELETE" })).status).toBe(401);

      const crossSites: Record<string, string>[] = [
        { Origin: "https://evil.example" },
        { "Sec-Fetch-Site": "cross-site" },
      ];
      for (const crossSite of crossSites) {
        const patched = await patch(id!, { status: "closed" }, crossSite);
        expect(patched.status).toBe(403);
        const deleted = await staffApi(cookie, `${path}/${id}`, { method: "DELETE", headers: crossSite });
        expect(deleted.status).toBe(403);
      }
      // From the site itself, as the inbox's own pages send them, they work.
      const sameSite = { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" };
      expect((await patch(id!, { status: "closed" }, sameSite)).status).toBe(200);
      const record = await (await staffApi(cookie, `${path}/${id}`)).json<{ status: string }>();
      expect(record.status).toBe("closed");
    });
  });
}
