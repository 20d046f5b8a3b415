import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { shippedShopTexts } from "~/content/shop-texts";
import { fetchWorker, ORIGIN, workerAt } from "../support/http";
import { ownerAndStaff, postStaffForm, staffApi } from "../support/staff";

// The shop's other texts (issue 38, item 5): the home page's headline and introduction and the about
// page's story, kept by the owners in D1 with versions and restore, the same shape as a service's,
// live on the pages within the page cache's minute.

const sessions = ownerAndStaff("texts");

type Texts = typeof shippedShopTexts & { version: number };

const put = (body: unknown, cookie = sessions.owner) =>
  staffApi(cookie, "/api/settings/texts", { method: "PUT", headers: { Origin: ORIGIN }, body: JSON.stringify(body) });
const current = async () => (await staffApi(sessions.owner, "/api/settings/texts")).json<Texts>();
const fresh = { headers: { Cookie: "fresh=1" } };

// A Tuesday at 10:00 in Pikesville.
const t0 = new Date("2026-12-01T15:00:00Z");

describe("the shop's texts", () => {
  it("start from the texts as shipped, word for word, as version 1", async () => {
    const { version, ...texts } = await current();
    expect(texts).toEqual(shippedShopTexts);
    expect(version).toBe(1);
    const { results } = await env.DB.prepare("select texts from shop_text_versions where version = 1").all<{
      texts: string;
    }>();
    expect(JSON.parse(results[0]!.texts)).toEqual(shippedShopTexts);
  });

  it("show a new headline, introduction and story on the pages within 60 seconds", async () => {
    const isolate = workerAt(t0);
    expect(await (await isolate.fetch("/")).text()).toContain(shippedShopTexts.homeHeadline);
    await isolate.fetch("/about");

    const saved = await put({
      homeHeadline: "Honest Auto Repair <b>in</b> Pikesville",
      homeIntroduction: "Fair prices, careful work, and a call before anything is done.",
      aboutStory: ["We opened in 1992.", "We are still here."],
    });
    expect(saved.status).toBe(200);
    expect((await saved.json<Texts>()).version).toBe(2);

    isolate.setTime(new Date(t0.getTime() + 30_000));
    expect(await (await isolate.fetch("/")).text()).toContain(shippedShopTexts.homeHeadline);

    isolate.setTime(new Date(t0.getTime() + 60_000));
    const home = await (await isolate.fetch("/")).text();
    expect(home).toContain("Honest Auto Repair &lt;b&gt;in&lt;/b&gt; Pikesville");
    expect(home).toContain("Fair prices, careful work, and a call before anything is done.");
    expect(home).not.toContain(shippedShopTexts.homeHeadline);
    const about = await (await isolate.fetch("/about")).text();
    expect(about).toContain("<p>We opened in 1992.</p><p>We are still here.</p>");
    expect(about).not.toContain(shippedShopTexts.aboutStory[0]);
  });

  it("keeps every version and puts one back as a new one, audited", async () => {
    const versions = await (
      await staffApi(sessions.owner, "/api/settings/texts/versions")
    ).json<{ version: number }[]>();
    expect(versions.map((each) => each.version)).toEqual([2, 1]);
    const restored = await staffApi(sessions.owner, "/api/settings/texts/versions/1/restore", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: "{}",
    });
    expect(restored.status).toBe(200);
    const { version, ...texts } = await restored.json<Texts>();
    expect(texts).toEqual(shippedShopTexts);
    expect(version).toBe(3);
    expect(await (await fetchWorker("/about", fresh)).text()).toContain(shippedShopTexts.aboutStory[0]);
    const audit = await (await staffApi(sessions.owner, "/api/audit")).json<{ action: string; target: string }[]>();
    const actions = audit.filter((entry) => entry.target === "texts").map((entry) => entry.action);
    expect(actions).toEqual(["settings.texts.restore", "settings.texts.edit"]);
    const missing = await staffApi(sessions.owner, "/api/settings/texts/versions/99/restore", {
      method: "POST",
      headers: { Origin: ORIGIN },
      body: "{}",
    });
    expect(missing.status).toBe(404);
  });

  it("refuses an empty or over-long text, too many paragraphs, sessions.staff (403) and no session (401), changing nothing", async () => {
    const before = await current();
    const { version: _version, ...texts } = before;
    for (const body of [
      { ...texts, homeHeadline: "  " },
      { ...texts, homeIntroduction: "x".repeat(601) },
      { ...texts, aboutStory: [] },
      { ...texts, aboutStory: Array.from({ length: 13 }, () => "A paragraph.") },
    ]) {
      expect((await put(body)).status).toBe(400);
    }
    expect((await put(texts, sessions.staff)).status).toBe(403);
    const anonymous = await fetchWorker("/api/settings/texts", {
      method: "PUT",
      headers: { Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(texts),
    });
    expect(anonymous.status).toBe(401);
    expect(await current()).toEqual(before);
  });

  it("are saved from the owners' services page without JavaScript, the story's paragraphs parted by empty lines", async () => {
    const { version, ...texts } = await current();
    const answer = await postStaffForm(sessions.owner, "/incoming/settings/services", {
      intent: "save-texts",
      homeHeadline: texts.homeHeadline,
      homeIntroduction: texts.homeIntroduction,
      aboutStory: "First paragraph,\nwrapped.\n\nSecond paragraph.",
    });
    expect(answer.status).toBe(302);
    const saved = await current();
    expect(saved.aboutStory).toEqual(["First paragraph, wrapped.", "Second paragraph."]);
    expect(saved.version).toBe(version + 1);

    const refused = await postStaffForm(sessions.owner, "/incoming/settings/services", {
      intent: "save-texts",
      homeHeadline: "",
      homeIntroduction: texts.homeIntroduction,
      aboutStory: "One.",
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("The headline is missing.");
  });
});
