import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";

// What a visitor's browser is told about each field before anything is posted, read from the
// server's HTML (the forms must say it without JavaScript).

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The attributes of the form control named `name`, with lowercased names as the HTML parser sees them. */
function control(html: string, name: string): Record<string, string> {
  const tag = new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`No form control named ${name}`);
  const attributes = tag.replace(/^<\w+/, "").matchAll(/([a-zA-Z-]+)(?:="([^"]*)")?/g);
  return Object.fromEntries([...attributes].map(([, key = "", value = ""]) => [key.toLowerCase(), decode(value)]));
}

async function pageHtml(path: string): Promise<string> {
  const response = await fetchWorker(path);
  expect(response.status).toBe(200);
  return response.text();
}

/** As the browser applies a pattern attribute: the whole value, compiled with the v flag. */
const matchesPattern = (pattern: string | undefined, value: string) => new RegExp(`^(?:${pattern})$`, "v").test(value);

const personFields = {
  firstName: { type: "text", required: "", minlength: "1", maxlength: "50" },
  lastName: { type: "text", required: "", minlength: "1", maxlength: "50" },
  email: { type: "email", required: "", minlength: "1", maxlength: "254" },
  phone: { type: "tel", required: "", minlength: "7", maxlength: "20", pattern: expect.any(String) },
};

for (const { path, fields } of [
  { path: "/contact", fields: { ...personFields, message: { required: "", minlength: "1", maxlength: "5000" } } },
  {
    path: "/",
    fields: {
      ...personFields,
      service: { required: "" },
      message: { required: "", minlength: "1", maxlength: "5000" },
    },
  },
  {
    path: "/login",
    fields: {
      username: { type: "text", required: "", minlength: "1", maxlength: "64" },
      password: { type: "password", required: "", minlength: "1", maxlength: "256" },
    },
  },
]) {
  describe(`the form on ${path}`, () => {
    it.each(Object.entries(fields))("tells the browser the limits of %s", async (name, expected) => {
      expect(control(await pageHtml(path), name)).toMatchObject(expected);
    });
  });
}

describe("the phone pattern in the HTML", () => {
  it("is valid where browsers compile it, takes common formats and refuses letters", async () => {
    const { pattern } = control(await pageHtml("/contact"), "phone");
    for (const phone of ["4105550147", "+1 (410) 555-0147", "410.555.0147"]) {
      expect(matchesPattern(pattern, phone), phone).toBe(true);
    }
    for (const phone of ["call me maybe", "410-555-0147 ext 12"]) {
      expect(matchesPattern(pattern, phone), phone).toBe(false);
    }
  });
});

describe("the service request's optional details in the HTML", () => {
  it("limit make and model to 40 characters, ask for digits in the mileage, and require none", async () => {
    const html = await pageHtml("/");
    expect(control(html, "vehicleMake")).toMatchObject({ type: "text", maxlength: "40" });
    expect(control(html, "vehicleModel")).toMatchObject({ type: "text", maxlength: "40" });
    const mileage = control(html, "mileage");
    expect(mileage).toMatchObject({ type: "text", inputmode: "numeric" });
    for (const typed of ["84000", "84,000", "0", "999,999"])
      expect(matchesPattern(mileage.pattern, typed), typed).toBe(true);
    for (const typed of ["84000.5", "-3", "lots", "1,000,000"])
      expect(matchesPattern(mileage.pattern, typed), typed).toBe(false);
    for (const name of [
      "vehicleYear",
      "vehicleMake",
      "vehicleModel",
      "mileage",
      "preferredDate",
      "preferredTime",
      "visitType",
    ]) {
      expect(control(html, name), name).not.toHaveProperty("required");
    }
  });
});

describe("the fields a visitor never fills", () => {
  it("leave the honeypot and the submission id without constraints", async () => {
    const html = await pageHtml("/contact");
    expect(control(html, "leave_blank")).not.toHaveProperty("required");
    expect(control(html, "submissionId")).toMatchObject({ type: "hidden" });
    expect(control(html, "submissionId")).not.toHaveProperty("required");
  });
});
