import { describe, expect, it } from "vitest";
import { concat } from "../support/bytes";
import { fetchWorker, newClientAddress, ORIGIN, postForm, postJson } from "../support/http";
import { storedRows, uniqueEmail, validContact } from "../support/inbox";

// Text is text: what is stored is what the visitor typed, as Unicode text, or the submission is
// refused with a message saying why. Nothing is turned into U+FFFD or kept as raw bytes.

type Answer = { message: string; fieldErrors: Record<string, string[]> };

/** A JSON body given as raw bytes (JSON.stringify cannot make invalid UTF-8). */
function postBytes(path: string, bytes: Uint8Array<ArrayBuffer>, contentType: string) {
  return fetchWorker(path, {
    method: "POST",
    headers: {
      "Content-Type": contentType,
      "CF-Connecting-IP": newClientAddress(),
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
    },
    body: bytes,
    redirect: "manual",
  });
}

const utf8 = (text: string) => new TextEncoder().encode(text);

describe("the JSON endpoints", () => {
  it("refuse a body that is not valid UTF-8 with 400 and store nothing", async () => {
    const email = uniqueEmail();
    const [before, after] = JSON.stringify({ ...validContact(), email, firstName: "@@" }).split("@@");
    for (const bad of [[0xff], [0xc3], [0xed, 0xa0, 0x80], [0xc0, 0xaf]]) {
      const response = await postBytes(
        "/api/contact",
        concat(utf8(before!), new Uint8Array(bad), utf8(after!)),
        "application/json",
      );
      expect(response.status, bad.join(" ")).toBe(400);
      expect(await response.json(), bad.join(" ")).toEqual({
        message: "The request body is not valid UTF-8.",
        fieldErrors: {},
      });
    }
    expect(await storedRows("contact_submissions", email)).toHaveLength(0);
  });

  it("refuse a declared charset other than UTF-8 with 415, and take UTF-8 declared", async () => {
    for (const charset of ["iso-8859-1", "windows-1252", "utf-16"]) {
      const response = await postJson("/api/contact", validContact(), {
        headers: { "Content-Type": `application/json; charset=${charset}` },
      });
      expect(response.status, charset).toBe(415);
      expect((await response.json<Answer>()).message, charset).toMatch(/UTF-8/);
    }
    const declared = await postJson(
      "/api/contact",
      { ...validContact(), email: uniqueEmail() },
      { headers: { "Content-Type": "application/json; charset=UTF-8" } },
    );
    expect(declared.status).toBe(201);
  });

  it("refuse lone surrogates in any text field, naming the field", async () => {
    for (const field of ["firstName", "lastName", "message"] as const) {
      const email = uniqueEmail();
      const response = await postJson(
        "/api/contact",
        `{"${field}": "ab\\ud800cd"}`.replace("{", `{"email":"${email}",`),
      );
      expect(response.status, field).toBe(400);
      const { fieldErrors } = await response.json<Answer>();
      expect(fieldErrors[field], field).toEqual([expect.stringMatching(/not valid text/)]);
    }
  });

  it("refuse NUL and other control characters in names, with a message that says so", async () => {
    for (const control of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u009b", "\t", "\n", "\u2028"]) {
      const email = uniqueEmail();
      const response = await postJson("/api/contact", { ...validContact(), email, lastName: `Smith${control}x` });
      const label = `U+${control.charCodeAt(0).toString(16)}`;
      expect(response.status, label).toBe(400);
      const { fieldErrors } = await response.json<Answer>();
      expect(fieldErrors, label).toEqual({ lastName: [expect.stringMatching(/control characters/)] });
      expect(await storedRows("contact_submissions", email), label).toHaveLength(0);
    }
  });

  it("refuse control characters in a message but keep its line breaks and tabs", async () => {
    for (const control of ["\u0000", "\u0008", "\u000c", "\u001f", "\u0090"]) {
      const response = await postJson("/api/contact", { ...validContact(), message: `Hello${control}there` });
      expect(response.status).toBe(400);
      expect((await response.json<Answer>()).fieldErrors.message).toEqual([
        "Your message contains control characters. Please remove them (line breaks and tabs are fine).",
      ]);
    }
    const email = uniqueEmail();
    const message = "Line one\r\nLine two\rLine three\n\tIndented";
    expect((await postJson("/api/contact", { ...validContact(), email, message })).status).toBe(201);
    const [row] = await storedRows("contact_submissions", email);
    expect(row?.message).toBe("Line one\nLine two\nLine three\n\tIndented");
  });

  it("count a field of only invisible characters as empty", async () => {
    const invisible = ["\u200b\u200b", "\u200d", "\u202e", "\u2066\u2069", "\ufeff", " \u200b \u00ad ", "\u3164"];
    for (const value of invisible) {
      const response = await postJson("/api/contact", { ...validContact(), firstName: value, message: value });
      expect(response.status, escape(value)).toBe(400);
      expect((await response.json<Answer>()).fieldErrors, escape(value)).toEqual({
        firstName: ["Please enter your first name."],
        message: ["Please enter a message."],
      });
    }
  });

  it("strip bidirectional controls from names, so the inbox cannot show them reversed", async () => {
    const email = uniqueEmail();
    const body = { ...validContact(), email, firstName: "\u202eEve\u202c", lastName: "\u2067Adams\u2069\u200f" };
    const response = await postJson("/api/contact", body);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ firstName: "Eve", lastName: "Adams" });
    expect(await storedRows("contact_submissions", email)).toMatchObject([{ first_name: "Eve", last_name: "Adams" }]);
  });

  it("store text in Unicode NFC, and count length after it", async () => {
    const email = uniqueEmail();
    // "José" spelled with a combining accent; "Zoë" likewise.
    const response = await postJson("/api/contact", {
      ...validContact(),
      email,
      firstName: "Jose\u0301",
      lastName: "Zoe\u0308",
      message: "Cafe\u0301 parking lot, \u2126 meter",
    });
    expect(response.status).toBe(201);
    const [row] = await storedRows("contact_submissions", email);
    expect(row).toMatchObject({
      first_name: "Jos\u00e9",
      last_name: "Zo\u00eb",
      message: "Caf\u00e9 parking lot, \u03a9 meter",
    });

    // 50 characters once composed, though 100 code units as sent.
    const composedFifty = "e\u0301".repeat(50);
    expect(
      (await postJson("/api/contact", { ...validContact(), email: uniqueEmail(), lastName: composedFifty })).status,
    ).toBe(201);
  });

  it("keep emoji, accents and scripts other than Latin as they were typed", async () => {
    const email = uniqueEmail();
    const message = "Thanks ❤️ — Ünïcödé, 日本語, עברית, 👨‍👩‍👧 🇺🇸";
    expect((await postJson("/api/contact", { ...validContact(), email, firstName: "Zoë", message })).status).toBe(201);
    const [row] = await storedRows("contact_submissions", email);
    expect(row).toMatchObject({ first_name: "Zoë", message });
  });

  it("remove tag characters even from a subdivision flag, which then shows as a plain black flag", async () => {
    const email = uniqueEmail();
    const scotland = "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}";
    const response = await postJson("/api/contact", { ...validContact(), email, message: `Go ${scotland}` });
    expect(response.status).toBe(201);
    const [row] = await storedRows("contact_submissions", email);
    expect(row).toMatchObject({ message: "Go 🏴" });
  });
});

describe("the page forms", () => {
  const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  it("refuse an escape that is not UTF-8 with 400 and a message on the form", async () => {
    const email = uniqueEmail();
    for (const bad of ["%FF", "%C3", "%ED%A0%80", "%"]) {
      const body = `${formBody({ ...validContact(), email })}&lastName=Smith${bad}`.replace(/lastName=[^&]*&/, "");
      const response = await postBytes("/contact", utf8(body), "application/x-www-form-urlencoded");
      expect(response.status, bad).toBe(400);
      expect(await response.text(), bad).toContain("it was not sent as valid UTF-8");
    }
    expect(await storedRows("contact_submissions", email)).toHaveLength(0);
  });

  it("refuse raw bytes that are not UTF-8 in a multipart form", async () => {
    const boundary = "----hostile";
    const part = (name: string, value: Uint8Array) =>
      concat(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), value, utf8("\r\n"));
    const email = uniqueEmail();
    const fields = Object.entries({ ...validContact(), email }).map(([name, value]) => part(name, utf8(value)));
    const body = concat(...fields, part("lastName", new Uint8Array([0x53, 0xff, 0x6d])), utf8(`--${boundary}--\r\n`));
    const response = await postBytes("/contact", body, `multipart/form-data; boundary=${boundary}`);
    expect(response.status).toBe(400);
    expect(await storedRows("contact_submissions", email)).toHaveLength(0);
  });

  it("refuse a declared charset other than UTF-8, or a body that is not a form, with 415", async () => {
    const body = utf8(formBody(validContact()));
    const latin1 = await postBytes("/contact", body, "application/x-www-form-urlencoded; charset=windows-1252");
    expect(latin1.status).toBe(415);
    expect(await latin1.text()).toContain("This form must be sent in UTF-8.");
    const json = await postBytes("/contact", utf8(JSON.stringify(validContact())), "application/json");
    expect(json.status).toBe(415);
    // React Router's own fetch declares UTF-8.
    const declared = await postBytes(
      "/contact",
      utf8(formBody({ ...validContact(), email: uniqueEmail() })),
      "application/x-www-form-urlencoded;charset=UTF-8",
    );
    expect(declared.status).toBe(302);
  });

  it("show the control-character message under the field and keep the rest", async () => {
    const response = await postForm("/contact", { ...validContact(), firstName: "Ma\u0000ria" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Your first name contains line breaks or control characters. Please remove them.");
    expect(html).toContain(validContact().message.replace(/'/g, "&#x27;"));
  });

  it("store names without bidi controls and in NFC, as the API does", async () => {
    const email = uniqueEmail();
    const response = await postForm("/contact", { ...validContact(), email, firstName: "\u202eJose\u0301" });
    expect(response.status).toBe(302);
    expect(await storedRows("contact_submissions", email)).toMatchObject([{ first_name: "Jos\u00e9" }]);
  });
});
