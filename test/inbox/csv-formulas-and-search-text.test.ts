import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { csvCell } from "~/features/inbox/server/csv.server";
import { fetchWorker, postJson } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import { staffApi, staffSessionCookie } from "../support/staff";

// What a bookkeeper opens in a spreadsheet set to any locale, and what staff type into the search
// box as they would type it anywhere.

let cookie: string;

beforeAll(async () => {
  cookie = await staffSessionCookie("iris");
});

const tagWord = () => `w${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** The email addresses of the contact messages a staff search for `q` finds. */
async function emailsFound(q: string): Promise<string[]> {
  const found = await (
    await staffApi(cookie, `/api/contact-submissions?q=${encodeURIComponent(q)}`)
  ).json<{ email: string }[]>();
  return found.map((record) => record.email);
}

describe("a CSV cell with a separator before a formula character", () => {
  it.each([
    ['Call me;=HYPERLINK("http://evil.example")', '"\'Call me;=HYPERLINK(""http://evil.example"")"'],
    ["ok;+SUM(A1:A9)", '"\'ok;+SUM(A1:A9)"'],
    ["ok; @cmd", '"\'ok; @cmd"'],
    ["ok,-2+3", '"\'ok,-2+3"'],
    ["ok;\t=1", '"\'ok;\t=1"'],
  ])("%j is quoted and neutralised", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it("leaves a separator followed by ordinary text as before", () => {
    expect(csvCell("brakes; rotors")).toBe("brakes; rotors");
    expect(csvCell("brakes, rotors")).toBe('"brakes, rotors"');
  });

  it("comes out of the export quoted, so a semicolon-separated spreadsheet keeps it in one text cell", async () => {
    const tag = tagWord();
    const email = uniqueEmail();
    const message = `${tag} thanks;=HYPERLINK("http://evil.example","open")`;
    expect((await postJson("/api/contact", { ...validContact(), email, message })).status).toBe(201);
    const text = await (await staffApi(cookie, `/api/contact-submissions.csv?q=${tag}`)).text();
    expect(text).toContain(`"'${message.replaceAll('"', '""')}"`);
    // Split the way a semicolon locale splits an unquoted line: no field starts a formula.
    const row = text.split("\r\n").find((line) => line.includes(tag))!;
    const outsideQuotes = row.replace(/"(?:[^"]|"")*"/g, "");
    expect(outsideQuotes).not.toMatch(/[;,]\s*[=+\-@]/);
  });
});

describe("the inbox search", () => {
  it("finds a name typed with a combining accent, and one typed precomposed, alike", async () => {
    const tag = tagWord();
    const email = uniqueEmail();
    const response = await postJson("/api/contact", {
      ...validContact(),
      firstName: "Cafe\u0301",
      lastName: `Owner${tag}`,
      email,
    });
    expect(response.status).toBe(201);
    for (const q of [`Cafe\u0301 owner${tag}`, `Caf\u00e9 owner${tag}`]) {
      const found = await (
        await staffApi(cookie, `/api/contact-submissions?q=${encodeURIComponent(q)}`)
      ).json<{ email: string }[]>();
      expect(
        found.map((record) => record.email),
        q,
      ).toEqual([email]);
    }
    const page = await fetchWorker(`/incoming?q=${encodeURIComponent(`Cafe\u0301 owner${tag}`)}`, {
      headers: { Cookie: cookie },
    });
    expect(await page.text()).toContain(email);
  });

  it("finds (410) 555-0147 when the number is typed with the country code", async () => {
    const suffix = String(1000 + Math.floor(Math.random() * 8999)).slice(0, 4);
    const email = uniqueEmail();
    await env.DB.prepare("delete from contact_submissions where phone like ?").bind(`%555-${suffix}`).run();
    const response = await postJson("/api/contact", { ...validContact(), phone: `(410) 555-${suffix}`, email });
    expect(response.status).toBe(201);
    for (const q of [`+1 410 555 ${suffix}`, `+1 (410) 555-${suffix}`, `1-410-555-${suffix}`, `1410555${suffix}`]) {
      expect(await emailsFound(q), q).toContain(email);
    }
  });

  it("still finds a number stored with its country code by the number alone", async () => {
    const email = uniqueEmail();
    const response = await postJson("/api/contact", { ...validContact(), phone: "+1 443 555 0199", email });
    expect(response.status).toBe(201);
    for (const q of ["443-555-0199", "+1 443 555 0199", "(443) 555-0199"]) {
      expect(await emailsFound(q), q).toContain(email);
    }
  });
});
