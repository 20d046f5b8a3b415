import { describe, expect, it } from "vitest";
import {
  customerPageRefusal,
  jsonAnswer,
  jsonRefusal,
  pageRefusal,
  refused,
  STATUS_OF_REASON,
  succeeded,
} from "~/http/outcome.server";

// The one module from an outcome to an answer (docs/decisions/069-one-way-from-outcome-to-answer.md):
// the same refusal gets the same status at every door.

/** What React Router's `data()` holds: its body and its init. */
const dataOf = (answer: unknown) => answer as { data: unknown; init: ResponseInit | null };

describe("the JSON answer", () => {
  it("answers a success with its value and the status asked for, never stored", async () => {
    const answer = jsonAnswer(succeeded({ id: 7 }), 201);
    expect(answer.status).toBe(201);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(await answer.json()).toEqual({ id: 7 });
  });

  it("answers a refusal with the table's status and its message, fields and extra fields in that order", async () => {
    const outcome = refused("conflict", "That day is full.", {
      fieldErrors: { date: ["That day is full."] },
      extra: { nextDays: ["2027-03-02"] },
    });
    const answer = jsonAnswer(outcome, 201);
    expect(answer.status).toBe(409);
    expect(await answer.text()).toBe(
      '{"message":"That day is full.","fieldErrors":{"date":["That day is full."]},"nextDays":["2027-03-02"]}',
    );
  });

  it("leaves out fieldErrors the refusal does not have, and says when to try again", async () => {
    const answer = jsonRefusal(refused("throttled", "Too many tries.", { retryAfterSeconds: 60 }).refusal);
    expect(answer.status).toBe(429);
    expect(answer.headers.get("Retry-After")).toBe("60");
    expect(await answer.json()).toEqual({ message: "Too many tries." });
  });

  it("gives every reason an error status of its own", () => {
    const statuses = Object.values(STATUS_OF_REASON);
    expect(new Set(statuses).size).toBe(statuses.length);
    for (const status of statuses) expect(status >= 400 && status < 600).toBe(true);
  });
});

describe("the pages' answers", () => {
  it("shows a refusal that names no field on top of the form, with its status", () => {
    const { data, init } = dataOf(pageRefusal(refused("conflict", "The address is taken.").refusal));
    expect(init?.status).toBe(409);
    expect(data).toEqual({ result: { status: "error", error: { "": ["The address is taken."] } } });
  });

  it("answers the customer's page with the error to show and the page's headers", () => {
    const { data, init } = dataOf(
      customerPageRefusal(refused("invalid", "That time is too soon.").refusal, { "Referrer-Policy": "no-referrer" }),
    );
    expect(init?.status).toBe(400);
    expect(new Headers(init?.headers).get("Referrer-Policy")).toBe("no-referrer");
    expect(data).toEqual({ error: "That time is too soon." });
  });
});
