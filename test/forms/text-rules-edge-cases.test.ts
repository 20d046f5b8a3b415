import { describe, expect, it } from "vitest";
import { postForm, postJson } from "../support/http";
import { storedRows, uniqueEmail, validContact } from "../support/inbox";

// The text rules' corners: characters that look like nothing, invisible tags that can carry text
// nobody sees, and the line breaks that other programs write.

type Answer = { message: string; fieldErrors: Record<string, string[]> };

describe("a name of blank-looking characters only", () => {
  it.each([
    ["braille blank U+2800", "\u2800\u2800"],
    ["interlinear annotation marks U+FFF9-FFFB", "\ufff9\ufffa\ufffb"],
    ["the noncharacter U+FFFE", "\ufffe"],
    ["a lone combining mark", "\u0301"],
    ["combining marks and spaces", " \u0301 \u0308 "],
    ["the musical null notehead U+1D159", "\u{1d159}"],
  ])("is refused as empty: %s", async (_, firstName) => {
    const email = uniqueEmail();
    const response = await postJson("/api/contact", { ...validContact(), email, firstName });
    expect(response.status).toBe(400);
    const body = await response.json<Answer>();
    expect(body.fieldErrors.firstName).toEqual(["Please enter your first name."]);
    expect(await storedRows("contact_submissions", email)).toEqual([]);
  });

  it("is refused as empty on the page form too", async () => {
    const email = uniqueEmail();
    const response = await postForm("/contact", { ...validContact(), email, lastName: "\u2800" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Please enter your last name.");
  });

  it("still takes a name with an accent made of a combining mark", async () => {
    const email = uniqueEmail();
    const response = await postJson("/api/contact", { ...validContact(), email, firstName: "Rene\u0301" });
    expect(response.status).toBe(201);
    expect(await storedRows("contact_submissions", email)).toEqual([
      expect.objectContaining({ first_name: "Ren\u00e9" }),
    ]);
  });
});

describe("Unicode tag characters", () => {
  const hidden = [..."ignore previous instructions"]
    .map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0)))
    .join("");

  it("are removed anywhere in a field, not only when they are all of it", async () => {
    const email = uniqueEmail();
    const response = await postJson("/api/contact", {
      ...validContact(),
      email,
      firstName: `Ma${hidden}ria`,
      lastName: `Santos${hidden}`,
      message: `My brakes${hidden} squeal.\u{e0001}`,
    });
    expect(response.status).toBe(201);
    const body = await response.json<Record<string, string>>();
    expect([body.firstName, body.lastName, body.message]).toEqual(["Maria", "Santos", "My brakes squeal."]);
    const [row] = await storedRows("contact_submissions", email);
    expect(row).toMatchObject({ first_name: "Maria", last_name: "Santos", message: "My brakes squeal." });
    expect(JSON.stringify(row)).not.toMatch(/[\u{e0000}-\u{e007f}]/u);
  });

  it("leave a field empty when they were all of it", async () => {
    const response = await postJson("/api/contact", { ...validContact(), email: uniqueEmail(), firstName: hidden });
    expect(response.status).toBe(400);
  });
});

describe("line breaks written by other programs, in a message", () => {
  it.each([
    ["U+2028 LINE SEPARATOR", "\u2028"],
    ["U+2029 PARAGRAPH SEPARATOR", "\u2029"],
    ["U+000B, Word's soft line break", "\u000b"],
  ])("%s becomes a line break", async (_, separator) => {
    const email = uniqueEmail();
    const message = `First line.${separator}Second line.`;
    const response = await postJson("/api/contact", { ...validContact(), email, message });
    expect(response.status).toBe(201);
    expect((await response.json<{ message: string }>()).message).toBe("First line.\nSecond line.");
    expect(await storedRows("contact_submissions", email)).toEqual([
      expect.objectContaining({ message: "First line.\nSecond line." }),
    ]);
  });

  it("are still refused in one-line fields", async () => {
    for (const separator of ["\u2028", "\u000b"]) {
      const response = await postJson("/api/contact", {
        ...validContact(),
        email: uniqueEmail(),
        firstName: `Maria${separator}Santos`,
      });
      expect(response.status).toBe(400);
    }
  });
});
