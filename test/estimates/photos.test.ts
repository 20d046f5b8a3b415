import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../support/d1";
import { fetchWorker, ORIGIN } from "../support/http";
import { heicOf, jpegOf, pngOf, webpOf } from "../support/photos";
import { ownerAndStaff } from "../support/staff";
import { at, call, choices, decide, type EstimateJson, newRequest, brakes, sentEstimate } from "./support";

// Photos on an estimate's line (issue 39 item 2, docs/decisions/071-estimate-line-photos.md): the
// type read from the bytes, 10 MB and 4 a line, kept in R2, shown to staff and to the holder of the
// customer's link only, never at a guessable address; removable until a decision has seen them.

const sessions = ownerAndStaff("estimate-photos", { at });

type Line = EstimateJson["lines"][number] & { photos: { id: string; url: string }[] };

const file = (bytes: BlobPart, name: string, type: string) => new File([bytes], name, { type });
const jpeg = () => file(jpegOf(3024, 4032), "wheel.jpg", "image/jpeg");

async function upload(
  estimateId: string,
  lineId: string,
  fields: Record<string, File | File[] | string>,
  cookie?: string,
  when = at,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return fetchWorker(
    `/api/estimates/${estimateId}/lines/${lineId}/photos`,
    {
      method: "POST",
      headers: {
        Cookie: cookie ?? sessions.staff,
        Origin: ORIGIN,
        "Content-Type": request.headers.get("Content-Type")!,
      },
      body: await request.arrayBuffer(),
    },
    { at: when },
  );
}

async function draft() {
  const requestId = await newRequest();
  const response = await call(sessions.staff, "POST", `/api/service-requests/${requestId}/estimates`, brakes());
  return response.json<EstimateJson>();
}

const staffGet = (url: string, cookie = sessions.staff) => fetchWorker(url, { headers: { Cookie: cookie } }, { at });
const lines = async (id: string) =>
  (await (await call(sessions.staff, "GET", `/api/estimates/${id}`)).json<{ lines: Line[] }>()).lines;

describe("POST /api/estimates/<id>/lines/<lineId>/photos", () => {
  it("keeps a JPEG, PNG, WebP or HEIC, answers 201 { id, url } and lists it on the line", async () => {
    const estimate = await draft();
    const line = estimate.lines[0]!;
    const kinds = [jpeg(), file(pngOf(800, 600), "a.png", "image/png"), file(webpOf(800, 600), "b.webp", "")];
    kinds.push(file(heicOf(4032, 3024), "IMG_0001.HEIC", "application/octet-stream"));
    const added: { id: string; url: string }[] = [];
    for (const photo of kinds) {
      const response = await upload(estimate.id, line.id, { photo });
      expect(response.status).toBe(201);
      added.push(await response.json());
    }
    for (const { id, url } of added) {
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(url).toBe(`/api/estimates/${estimate.id}/lines/${line.id}/photos/${id}`);
    }
    const [first] = await lines(estimate.id);
    expect(first!.photos).toEqual(added);
    expect((await lines(estimate.id))[1]!.photos).toEqual([]);
    const served = await staffGet(added[3]!.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/heic");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(heicOf(4032, 3024));
    const [audit] = await rowsOf<{ n: number }>(
      "select count(*) as n from audit_log where action = 'estimate.photo.add'",
    );
    expect(audit!.n).toBeGreaterThanOrEqual(4);
  });

  it("reads the type from the bytes: a PNG named .jpg is a PNG, a text file named .jpg is 415", async () => {
    const estimate = await draft();
    const line = estimate.lines[0]!;
    const png = await upload(estimate.id, line.id, { photo: file(pngOf(640, 480), "photo.jpg", "image/jpeg") });
    expect(png.status).toBe(201);
    const { url } = await png.json<{ url: string }>();
    expect((await staffGet(url)).headers.get("Content-Type")).toBe("image/png");
    const text = await upload(estimate.id, line.id, { photo: file("not a photo at all", "photo.jpg", "image/jpeg") });
    expect(text.status).toBe(415);
    expect(await text.json()).toMatchObject({ message: "The photo must be a JPEG, PNG, WebP or HEIC picture." });
    const gif = await upload(estimate.id, line.id, { photo: file("GIF89a\x01\x00\x01\x00", "a.gif", "image/gif") });
    expect(gif.status).toBe(415);
    expect((await lines(estimate.id))[0]!.photos).toHaveLength(1);
  });

  it("refuses 10 MB and one byte with 413, and a fifth photo on a line with 409 and why", async () => {
    const estimate = await draft();
    const line = estimate.lines[1]!;
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(jpegOf(3000, 2000));
    const tooLarge = await upload(estimate.id, line.id, { photo: file(big, "big.jpg", "image/jpeg") });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ message: "The photo can be at most 10 MB: send a smaller one." });
    const exactly = new Uint8Array(10 * 1024 * 1024);
    exactly.set(jpegOf(3000, 2000));
    expect((await upload(estimate.id, line.id, { photo: file(exactly, "max.jpg", "image/jpeg") })).status).toBe(201);
    for (let i = 0; i < 3; i++) expect((await upload(estimate.id, line.id, { photo: jpeg() })).status).toBe(201);
    const fifth = await upload(estimate.id, line.id, { photo: jpeg() });
    expect(fifth.status).toBe(409);
    expect(await fifth.json()).toMatchObject({
      message: "A line keeps up to 4 photos: remove one before adding another.",
    });
    expect((await lines(estimate.id))[1]!.photos).toHaveLength(4);
    // Another line has room of its own.
    expect((await upload(estimate.id, estimate.lines[2]!.id, { photo: jpeg() })).status).toBe(201);
  });

  it("answers 401 without a session, 404 for an unknown estimate or line, 400 without a photo", async () => {
    const estimate = await draft();
    const line = estimate.lines[0]!;
    expect((await upload(estimate.id, line.id, { photo: jpeg() }, "")).status).toBe(401);
    expect((await upload("00000000-0000-4000-8000-000000000000", line.id, { photo: jpeg() })).status).toBe(404);
    expect((await upload(estimate.id, "not-a-line", { photo: jpeg() })).status).toBe(404);
    expect((await upload(estimate.id, line.id, { note: "no photo" })).status).toBe(400);
  });

  it("keeps the smaller copies the browser made and serves them at ?w=", async () => {
    const estimate = await draft();
    const line = estimate.lines[0]!;
    const copy = file(webpOf(480, 640), "w480.webp", "image/webp");
    const response = await upload(estimate.id, line.id, { photo: jpeg(), variant: copy });
    const { url } = await response.json<{ url: string }>();
    const small = await staffGet(`${url}?w=480`);
    expect(small.status).toBe(200);
    expect(small.headers.get("Content-Type")).toBe("image/webp");
    expect((await staffGet(`${url}?w=960`)).status).toBe(404);
  });
});

describe("who may see a line's photo", () => {
  it("staff with a session; nobody without; private, nosniff, an image that never runs", async () => {
    const estimate = await draft();
    const { url } = await (await upload(estimate.id, estimate.lines[0]!.id, { photo: jpeg() })).json<{ url: string }>();
    const seen = await staffGet(url);
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toMatch(/^private/);
    expect(seen.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(seen.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect((await staffGet(url, "")).status).toBe(401);
    // Under another estimate or line, the same id opens nothing.
    const other = await draft();
    const elsewhere = url.replace(estimate.id, other.id);
    expect((await staffGet(elsewhere)).status).toBe(404);
    // Never at the public photos' address.
    const id = url.split("/").at(-1)!;
    expect((await fetchWorker(`/photos/${id}`, {}, { at })).status).toBe(404);
  });

  it("the customer's link's holder: that estimate's photos only, under the token, never guessed", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    const line = estimate.lines[0]!;
    const { id } = await (await upload(estimate.id, line.id, { photo: jpeg() })).json<{ id: string }>();
    const page = await (await fetchWorker(`/estimates/${token}`, {}, { at })).text();
    expect(page).toContain(`/estimates/${token}/photos/${id}`);
    const seen = await fetchWorker(`/estimates/${token}/photos/${id}`, {}, { at });
    expect(seen.status).toBe(200);
    expect(seen.headers.get("Cache-Control")).toMatch(/^private/);
    expect(seen.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(seen.headers.get("X-Robots-Tag")).toBe("noindex, nofollow");
    // Another estimate's link does not open this photo, nor a forged token, nor a guessed id.
    const other = await sentEstimate(sessions.staff);
    expect((await fetchWorker(`/estimates/${other.token}/photos/${id}`, {}, { at })).status).toBe(404);
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await fetchWorker(`/estimates/${forged}/photos/${id}`, {}, { at })).status).toBe(404);
    const guessed = "00000000-0000-4000-8000-000000000001";
    expect((await fetchWorker(`/estimates/${token}/photos/${guessed}`, {}, { at })).status).toBe(404);
  });
});

describe("DELETE /api/estimates/<id>/lines/<lineId>/photos/<photoId>", () => {
  it("removes a photo of a draft (204), its file too; a second time is 404", async () => {
    const estimate = await draft();
    const line = estimate.lines[0]!;
    const { id, url } = await (
      await upload(estimate.id, line.id, { photo: jpeg() })
    ).json<{ id: string; url: string }>();
    expect((await call(sessions.staff, "DELETE", url)).status).toBe(204);
    expect((await lines(estimate.id))[0]!.photos).toEqual([]);
    expect(await env.PHOTOS.get(`estimate-photos/${id}`)).toBeNull();
    expect((await staffGet(url)).status).toBe(404);
    expect((await call(sessions.staff, "DELETE", url)).status).toBe(404);
    expect((await call("", "DELETE", url)).status).toBe(401);
  });

  it("keeps a photo the customer's decision saw (409); one added after it may go", async () => {
    const { estimate, token } = await sentEstimate(sessions.staff);
    const line = estimate.lines[0]!;
    const seen = await (await upload(estimate.id, line.id, { photo: jpeg() })).json<{ url: string }>();
    expect((await decide(token, choices(estimate, [0, 1]))).status).toBe(303);
    const refused = await call(sessions.staff, "DELETE", seen.url);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      message: "The customer decided on this line with this photo in view: it stays with their decision.",
    });
    expect((await staffGet(seen.url)).status).toBe(200);
    const minuteLater = new Date(at.getTime() + 60_000);
    const later = await (
      await upload(estimate.id, line.id, { photo: jpeg() }, sessions.staff, minuteLater)
    ).json<{ url: string }>();
    expect((await call(sessions.staff, "DELETE", later.url)).status).toBe(204);
  });
});

describe("the record page's plain forms (no JavaScript)", () => {
  it("adds a photo and goes back to the record with a toast; a refusal goes back too, nothing kept", async () => {
    const estimate = await draft();
    const line = estimate.lines[0]!;
    const added = await upload(estimate.id, line.id, { from: "page", photo: jpeg() });
    expect(added.status).toBe(303);
    expect(added.headers.get("Location")).toBe(`/incoming/service-requests/${estimate.serviceRequestId}#estimate`);
    expect(added.headers.get("Set-Cookie")).toContain("__Host-toast");
    const refused = await upload(estimate.id, line.id, { from: "page", photo: file("text", "a.jpg", "image/jpeg") });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Set-Cookie")).toContain("__Host-toast");
    const [photo] = (await lines(estimate.id))[0]!.photos;
    expect((await lines(estimate.id))[0]!.photos).toHaveLength(1);
    const removed = await fetchWorker(
      photo!.url,
      {
        method: "POST",
        headers: { Cookie: sessions.staff, Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: "intent=remove",
      },
      { at },
    );
    expect(removed.status).toBe(303);
    expect((await lines(estimate.id))[0]!.photos).toEqual([]);
  });
});
