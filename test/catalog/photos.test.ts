import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CatalogService } from "~/features/catalog/catalog";
import { fetchWorker, ORIGIN } from "../support/http";
import { staffApi, staffSessionCookie } from "../support/staff";
import { heicOf, jpegOf, pngOf, webpOf } from "../support/photos";

// A service's photos (issue 38, docs/decisions/063-service-photos-in-r2.md): owners add one with its
// alt text through the API, it is kept in R2, listed with the service, shown on its page with its
// size and served from /photos/<id> as an image that is kept a year and never runs.

let owner = "";
let staff = "";
beforeAll(async () => {
  owner = await staffSessionCookie("photos-owner", { role: "owner" });
  staff = await staffSessionCookie("photos-staff", { role: "staff" });
}, 60_000);

/** A multipart body as a browser sends it: its bytes and its Content-Type with the boundary. */
async function multipart(fields: Record<string, string | File | File[]>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  }
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { body: await request.arrayBuffer(), type: request.headers.get("Content-Type")! };
}

async function upload(slug: string, fields: Record<string, string | File | File[]>, cookie = owner) {
  const { body, type } = await multipart(fields);
  return staffApi(cookie, `/api/settings/services/${slug}/photos`, {
    method: "POST",
    headers: { Origin: ORIGIN, "Content-Type": type },
    body,
  });
}

const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type: string) => new File([bytes], name, { type });
const service = async (slug: string) =>
  (await (await staffApi(owner, "/api/settings/services")).json<CatalogService[]>()).find((each) => each.slug === slug);

// What a phone's browser sends for an <img>.
const asAPhone = {
  headers: {
    "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148",
    Accept: "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/*;q=0.8",
    "Sec-Fetch-Dest": "image",
  },
};

describe("adding a photo", () => {
  it("keeps a JPEG with its alt text, lists it with the service, shows it on the page with its size, and serves it", async () => {
    const bytes = jpegOf(1600, 1200);
    const answer = await upload("oil-change", { photo: file(bytes, "bay.jpg", "image/jpeg"), alt: "Our lift bay" });
    expect(answer.status).toBe(201);
    const { id, url } = await answer.json<{ id: string; url: string }>();
    expect(url).toBe(`/photos/${id}`);
    expect((await service("oil-change"))?.photos).toEqual([{ id, url, alt: "Our lift bay" }]);

    const page = await (await fetchWorker("/services/oil-change", { headers: { Cookie: "fresh=1" } })).text();
    expect(page).toMatch(new RegExp(`<img[^>]*src="/photos/${id}"[^>]*>`));
    const img = new RegExp(`<img[^>]*src="/photos/${id}"[^>]*>`).exec(page)?.[0] ?? "";
    expect(img).toContain('alt="Our lift bay"');
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="1200"');
    expect(page).not.toMatch(/<script[^>]*src=/);

    const served = await fetchWorker(url, asAPhone);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/jpeg");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Content-Disposition")).toBe("inline");
    expect(served.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';.*sandbox/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it("reads the size of a PNG, a WebP, a phone's HEIC and a portrait JPEG turned by its EXIF", async () => {
    const samples = [
      [pngOf(640, 480), "image/png", 640, 480],
      [webpOf(1024, 768), "image/webp", 1024, 768],
      [heicOf(4032, 3024), "image/heic", 4032, 3024],
      [jpegOf(4032, 3024, { turned: true }), "image/jpeg", 3024, 4032],
    ] as const;
    for (const [bytes, type, width, height] of samples) {
      const answer = await upload("engine-diagnostics", {
        photo: file(bytes, "photo", "application/octet-stream"),
        alt: type,
      });
      expect(answer.status, type).toBe(201);
      const { url } = await answer.json<{ url: string }>();
      expect((await fetchWorker(url)).headers.get("Content-Type")).toBe(type);
      const page = await (await fetchWorker("/services/engine-diagnostics", { headers: { Cookie: "fresh=1" } })).text();
      const img = new RegExp(`<img[^>]*src="${url}"[^>]*>`).exec(page)?.[0] ?? "";
      expect(img, type).toContain(`width="${width}" height="${height}"`);
    }
  });

  it("refuses another type by its bytes (415), a file over 10 MB (413), and a photo without alt text (400), keeping nothing", async () => {
    const before = await service("battery-electrical");
    const page = new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>");
    expect((await upload("battery-electrical", { photo: file(page, "a.jpg", "image/jpeg"), alt: "x" })).status).toBe(
      415,
    );
    const pdf = new TextEncoder().encode("%PDF-1.4\n...");
    expect((await upload("battery-electrical", { photo: file(pdf, "a.png", "image/png"), alt: "x" })).status).toBe(415);

    const large = new Uint8Array(10 * 1024 * 1024 + 1);
    large.set(jpegOf(100, 100));
    const tooLarge = await upload("battery-electrical", { photo: file(large, "big.jpg", "image/jpeg"), alt: "Big" });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json<{ message: string }>()).message).toContain("10 MB");

    const noAlt = await upload("battery-electrical", { photo: file(jpegOf(10, 10), "a.jpg", "image/jpeg") });
    expect(noAlt.status).toBe(400);
    expect(await noAlt.json()).toMatchObject({ fieldErrors: { alt: [expect.stringContaining("Describe the photo")] } });
    const blankAlt = await upload("battery-electrical", {
      photo: file(jpegOf(10, 10), "a.jpg", "image/jpeg"),
      alt: "  ",
    });
    expect(blankAlt.status).toBe(400);
    expect(await service("battery-electrical")).toEqual(before);
  });

  it("refuses staff (403) and visitors without a session (401)", async () => {
    const photo = file(jpegOf(10, 10), "a.jpg", "image/jpeg");
    expect((await upload("oil-change", { photo, alt: "x" }, staff)).status).toBe(403);
    const { body, type } = await multipart({ photo, alt: "x" });
    const anonymous = await fetchWorker("/api/settings/services/oil-change/photos", {
      method: "POST",
      headers: { Origin: ORIGIN, "Content-Type": type },
      body,
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("a photo's smaller copies, made by the owner's browser (decision 063)", () => {
  const keptFiles = async () => (await env.PHOTOS.list()).objects.length;

  it("keeps them beside the photo, serves each at ?w=, and the page offers them in srcset with sizes", async () => {
    const copies = [jpegOf(480, 360), webpOf(960, 720), jpegOf(1600, 1200)];
    const answer = await upload("engine-diagnostics", {
      photo: file(jpegOf(4032, 3024), "IMG_0001.jpg", "image/jpeg"),
      variant: copies.map((bytes, index) => file(bytes, `w${index}`, "image/jpeg")),
      alt: "The scan tool on a car",
    });
    expect(answer.status).toBe(201);
    const { url } = await answer.json<{ id: string; url: string }>();

    const page = await (await fetchWorker("/services/engine-diagnostics", { headers: { Cookie: "fresh=1" } })).text();
    const img = new RegExp(`<img[^>]*alt="The scan tool on a car"[^>]*>`).exec(page)?.[0] ?? "";
    expect(img).toContain(`src="${url}?w=1600"`);
    expect(/ srcset="([^"]*)"/i.exec(img)?.[1]).toBe(`${url}?w=480 480w, ${url}?w=960 960w, ${url}?w=1600 1600w`);
    expect(img).toMatch(/sizes="[^"]*calc\(100vw - 32px\)"/);
    // A phone is offered the copies up to 960 px: sharp on its screen, light on its first view.
    const source = new RegExp(`<source[^>]*>(?=${img.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")})`).exec(page)?.[0] ?? "";
    expect(source).toContain('media="(max-width: 639px)"');
    expect(/ srcset="([^"]*)"/i.exec(source)?.[1]).toBe(`${url}?w=480 480w, ${url}?w=960 960w`);
    expect(img).toContain('width="4032"');
    expect(img).toContain('height="3024"');
    expect(img).toContain('loading="lazy"');
    expect(page).not.toMatch(/<script[^>]*src=/);

    const served = await fetchWorker(`${url}?w=960`, asAPhone);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/webp");
    expect(served.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("Content-Security-Policy")).toMatch(/^default-src 'none';.*sandbox/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(copies[1]);
    expect(new Uint8Array(await (await fetchWorker(`${url}?w=480`)).arrayBuffer())).toEqual(copies[0]);
    // The photo itself is still there, as uploaded; a width it has no copy of is not.
    expect((await fetchWorker(url)).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await fetchWorker(`${url}?w=700`)).status).toBe(404);
    expect((await fetchWorker(`${url}?w=abc`)).status).toBe(404);
  });

  it("takes a phone's upright HEIC the way its copies show it, and offers every browser its JPEG copies", async () => {
    // Stored on its side (4032 × 3024), drawn upright by Safari: copies 480 × 640 and 960 × 1280.
    const answer = await upload("engine-diagnostics", {
      photo: file(heicOf(4032, 3024), "IMG_0003.HEIC", "image/heic"),
      variant: [file(jpegOf(480, 640), "w480.jpg", "image/jpeg"), file(jpegOf(960, 1280), "w960.jpg", "image/jpeg")],
      alt: "A technician at the scan tool",
    });
    expect(answer.status).toBe(201);
    const { url } = await answer.json<{ url: string }>();
    const page = await (await fetchWorker("/services/engine-diagnostics", { headers: { Cookie: "fresh=1" } })).text();
    const img = new RegExp(`<img[^>]*alt="A technician at the scan tool"[^>]*>`).exec(page)?.[0] ?? "";
    expect(img).toContain('width="3024"');
    expect(img).toContain('height="4032"');
    expect(img).toContain(`src="${url}?w=960"`);
    expect((await fetchWorker(`${url}?w=480`)).headers.get("Content-Type")).toBe("image/jpeg");
    expect((await fetchWorker(url)).headers.get("Content-Type")).toBe("image/heic");
  });

  it("refuses a copy wider or heavier than the photo, of another shape, width or type, or too many, keeping nothing", async () => {
    const before = await service("brake-repair");
    const files = await keptFiles();
    const photo = () => file(jpegOf(1200, 900), "IMG_0002.jpg", "image/jpeg");
    const sent = (variant: File[]) => upload("brake-repair", { photo: photo(), variant, alt: "Brake pads" });
    const copy = (bytes: Uint8Array<ArrayBuffer>) => file(bytes, "copy", "image/webp");

    const refusals: [string, File[], number][] = [
      ["wider than the photo", [copy(jpegOf(1600, 1200))], 400],
      ["another shape", [copy(jpegOf(480, 480))], 400],
      ["a width the form does not make", [copy(jpegOf(500, 375))], 400],
      ["the same width twice", [copy(jpegOf(480, 360)), copy(webpOf(480, 360))], 400],
      ["too many", [480, 960, 960, 480].map((width) => copy(jpegOf(width, (width * 3) / 4))), 400],
      ["a PNG", [copy(pngOf(480, 360))], 415],
      ["not a picture", [copy(new TextEncoder().encode("<svg onload=alert(1)>"))], 415],
    ];
    const heavier = new Uint8Array(jpegOf(1200, 900).length + 10);
    heavier.set(jpegOf(480, 360));
    refusals.push(["heavier than the photo", [copy(heavier)], 400]);

    for (const [why, variant, status] of refusals) {
      const answer = await sent(variant);
      expect(answer.status, why).toBe(status);
      expect(await answer.json(), why).toMatchObject({
        fieldErrors: { photo: [expect.stringMatching(/smaller cop/)] },
      });
    }
    expect(await service("brake-repair")).toEqual(before);
    expect(await keptFiles()).toBe(files);
  });
});

describe("removing a photo", () => {
  it("takes it off the service and its page, audited as a new version, and /photos/<id> answers 404", async () => {
    const answer = await upload("transmission-service", {
      photo: file(jpegOf(800, 600), "a.jpg", "image/jpeg"),
      alt: "Gearbox",
    });
    const { id, url } = await answer.json<{ id: string; url: string }>();
    const versions = async () =>
      (await (await staffApi(owner, "/api/settings/services/transmission-service/versions")).json<unknown[]>()).length;
    const counted = await versions();

    const removed = await staffApi(owner, `/api/settings/services/transmission-service/photos/${id}`, {
      method: "DELETE",
      headers: { Origin: ORIGIN },
    });
    expect(removed.status).toBe(200);
    expect((await removed.json<CatalogService>()).photos).toEqual([]);
    expect(await versions()).toBe(counted + 1);
    expect((await fetchWorker(url)).status).toBe(404);
    const page = await (await fetchWorker("/services/transmission-service", { headers: { Cookie: "fresh=1" } })).text();
    expect(page).not.toContain(url);

    const audit = await (await staffApi(owner, "/api/audit")).json<{ action: string; target: string }[]>();
    const actions = audit
      .filter((entry) => entry.target === "services/transmission-service")
      .map((entry) => entry.action);
    expect(actions).toContain("settings.service.photo.add");
    expect(actions).toContain("settings.service.photo.remove");

    // Putting the version with the photo back brings it back.
    const restore = await staffApi(owner, `/api/settings/services/transmission-service/versions/${counted}/restore`, {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: "{}",
    });
    expect(restore.status).toBe(200);
    expect((await fetchWorker(url)).status).toBe(200);
  });

  it("serves no photo of a hidden service", async () => {
    const answer = await upload("diagnostic-services", {
      photo: file(pngOf(20, 20), "a.png", "image/png"),
      alt: "Scanner",
    });
    const { url } = await answer.json<{ url: string }>();
    expect((await fetchWorker(url)).status).toBe(200);
    const current = await (await staffApi(owner, "/api/settings/services/diagnostic-services")).json<CatalogService>();
    const hidden = await staffApi(owner, "/api/settings/services/diagnostic-services", {
      method: "PUT",
      headers: { Origin: ORIGIN },
      body: JSON.stringify({ ...current, visible: false }),
    });
    expect(hidden.status).toBe(200);
    expect((await fetchWorker(url)).status).toBe(404);
    expect((await fetchWorker("/photos/not-a-photo")).status).toBe(404);
  });
});
