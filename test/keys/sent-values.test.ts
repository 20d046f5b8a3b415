import { env } from "cloudflare:test";
import { encodeBase32LowerCaseNoPadding, encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import { beforeAll, describe, expect, it } from "vitest";
import { customerToken, customerTokenOf, tokenHash } from "~/features/appointments/server/customer-link.server";
import { recordOfReplyAddress, replyToken } from "~/features/replies/server/reply-token.server";
import { fetchWorker, postForm } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { codeStep, memberAtCodeStep, passwordStep } from "../support/second-factor";
import { at, book, customerEmailsOn, customerLinkIn, newRequest, setUpAppointments } from "../appointments/support";
import { answer, conversationStarted, read, signInStaff, worker } from "../replies/support";

// What customers and members already hold when the keys change (decision 058): customer links and
// reply addresses in emails already sent, recovery codes already printed. They were made under the
// keys used before decision 058 (the legacy keys); after the upgrade they keep working, and after
// a session-secret rotation too once LINK_SECRET holds the old secret. The legacy values are made
// here as the code before the change made them, and that code's outputs are pinned below.

const SECRET = env.SESSION_SECRET;
const NEW = "the-new-session-secret-after-rotation-0123456789";
const encoder = new TextEncoder();

/** HMAC-SHA-256 through Web Crypto with the key's text, as the code before decision 058 did it. */
async function webCryptoHmac(keyText: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(keyText), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, encoder.encode(message)));
}

async function legacyReplyToken(secret: string, kind: "contact" | "serviceRequest", id: string) {
  const mac = await webCryptoHmac(`reply-address-token:${secret}`, `${kind}:${id}`);
  return `${kind === "contact" ? "c" : "s"}${id.replaceAll("-", "")}.${encodeBase32LowerCaseNoPadding(mac).slice(0, 20)}`;
}

const legacyCustomerToken = async (secret: string, salt: string) =>
  encodeBase64urlNoPadding(await webCryptoHmac(secret, `appointment-link:${salt}`));

const legacyRecoveryHash = async (secret: string, userId: string, code: string) =>
  encodeHexLowerCase(await webCryptoHmac(`recovery-code:${secret}`, `${userId}:${code}`));

const rotated = (values: Record<string, string>) => Object.assign({}, values) as Partial<Env>;

describe("what the code before the change made (pinned)", () => {
  const id = "0b7d5a8e-3c1f-4e2a-9d6b-5f4e3a2b1c0d";

  it("is what the legacy keys make here, and it still verifies", async () => {
    // Printed by the code before decision 058 for the tests' SESSION_SECRET.
    expect(await legacyReplyToken(SECRET, "contact", id)).toBe(
      "c0b7d5a8e3c1f4e2a9d6b5f4e3a2b1c0d.5ws6yroiehamyeqzacjk",
    );
    expect(await legacyReplyToken(SECRET, "serviceRequest", id)).toBe(
      "s0b7d5a8e3c1f4e2a9d6b5f4e3a2b1c0d.jy5lvp5rbw5loynib7tg",
    );
    expect(await legacyCustomerToken(SECRET, "AAECAwQFBgcICQoLDA0ODw")).toBe(
      "1-UE4OnHJ68JAAS9MNiwgEZhXtH3CexhmE3r0du5Gkw",
    );
    expect(await legacyRecoveryHash(SECRET, "user-1", "abcdefghij")).toBe(
      "3ae5315daf7ea693ced011740c33ab57300513a006173e8d825f1af6a5a77552",
    );
    expect(
      await recordOfReplyAddress(
        SECRET,
        "shop.localhost",
        "reply+c0b7d5a8e3c1f4e2a9d6b5f4e3a2b1c0d.5ws6yroiehamyeqzacjk@shop.localhost",
      ),
    ).toEqual({ kind: "contact", id });
  });

  it("differs from what the new keys make, which is pinned too", async () => {
    expect(await replyToken(SECRET, "contact", id)).toBe("c0b7d5a8e3c1f4e2a9d6b5f4e3a2b1c0d.debzor4iqosy2abfh7gj");
    expect(await customerToken(SECRET, "AAECAwQFBgcICQoLDA0ODw")).toBe("svXTACcn3chWpwH6lX_hm2A9EAPWnBs5LgGWAR377T8");
  });

  it("refuses a legacy-shaped address changed by one letter, or made under another secret", async () => {
    const changed = "reply+c0b7d5a8e3c1f4e2a9d6b5f4e3a2b1c0d.5ws6yroiehamyeqzacjl@shop.localhost";
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", changed)).toBeNull();
    const elsewhere = await legacyReplyToken(NEW, "contact", id);
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `reply+${elsewhere}@shop.localhost`)).toBeNull();
  });
});

describe("a reply address sent before the upgrade", () => {
  beforeAll(signInStaff);

  /** Hands an answer to the Worker's email() handler with some bindings replaced; the rejection, if any. */
  async function deliverTo(to: string, bindings: Partial<Env> = {}) {
    const bytes = encoder.encode(answer({ to }).replace(/\r?\n/g, "\r\n"));
    const rejected: string[] = [];
    const message = {
      from: "customer@example.com",
      to,
      headers: new Headers(),
      raw: new Response(bytes).body!,
      rawSize: bytes.byteLength,
      setReject: (reason: string) => void rejected.push(reason),
    } as unknown as ForwardableEmailMessage;
    await worker.email(message, { ...env, NOTIFY_QUEUE: recordingQueue(), ...bindings });
    return rejected[0] ?? null;
  }

  it("still brings the customer's answer to the record", async () => {
    const { id, path } = await conversationStarted("contact");
    const legacy = `reply+${await legacyReplyToken(SECRET, "contact", id)}@shop.localhost`;
    expect(await deliverTo(legacy)).toBeNull();
    expect((await read(path)).messages.filter((message) => message.direction === "in")).toHaveLength(1);
  });

  it("and one sent after it, still do after the session secret is rotated with LINK_SECRET keeping the old one", async () => {
    const { id, path, address } = await conversationStarted("serviceRequest");
    const legacy = `reply+${await legacyReplyToken(SECRET, "serviceRequest", id)}@shop.localhost`;
    const afterRotation = rotated({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: SECRET, LINK_SECRET: SECRET });
    expect(await deliverTo(legacy, afterRotation)).toBeNull();
    expect(await deliverTo(address, afterRotation)).toBeNull();
    expect((await read(path)).messages.filter((message) => message.direction === "in")).toHaveLength(2);
    // Without LINK_SECRET, the link root is the new session secret: the rotation kills them (the guide says so).
    expect(await deliverTo(address, rotated({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: SECRET }))).toMatch(
      /Unknown recipient/,
    );
  });
});

describe("a customer's link sent before the upgrade", () => {
  beforeAll(setUpAppointments, 60_000);

  it("opens the appointment, and the next email carries that same link, also after a session-secret rotation", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = `keys-${crypto.randomUUID()}@example.com`;
    const id = await newRequest({ email });
    expect(
      (await book(id, { date: "2026-12-16", kind: "drop-off" }, { bindings: { NOTIFY_QUEUE: queue } })).status,
    ).toBe(201);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn });
    const booked = customerLinkIn(mailer.sent.find((sent) => sent.to === email)!);
    // Make it an appointment booked before the upgrade: D1 keeps the hash of the legacy token.
    const row = await env.DB.prepare("select token_salt from appointments where service_request_id = ?")
      .bind(id)
      .first<{ token_salt: string }>();
    const legacy = await legacyCustomerToken(SECRET, row!.token_salt);
    expect(`/appointments/${legacy}`).not.toBe(booked);
    await env.DB.prepare("update appointments set token_hash = ? where service_request_id = ?")
      .bind(tokenHash(legacy), id)
      .run();
    const link = `/appointments/${legacy}`;
    expect((await fetchWorker(link, {}, { at })).status).toBe(200);
    expect((await fetchWorker(booked, {}, { at })).status).toBe(404);

    const moved = await postForm(
      link,
      { intent: "move", place: "2026-12-17|drop-off|" },
      { at, bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(moved.status).toBe(302);
    mailer.sent.length = 0;
    await deliverQueued(queue, {
      NOTIFY_EMAIL: mailer.binding,
      ...customerEmailsOn,
      ...rotated({ SESSION_SECRET: NEW, SESSION_SECRET_PREVIOUS: SECRET, LINK_SECRET: SECRET }),
    });
    expect(customerLinkIn(mailer.sent.find((sent) => sent.to === email)!)).toBe(link);
  });

  it("is told from a new one by the hash D1 keeps", async () => {
    const salt = "AAECAwQFBgcICQoLDA0ODw";
    const legacy = await legacyCustomerToken(SECRET, salt);
    const fresh = await customerToken(SECRET, salt);
    expect(await customerTokenOf(SECRET, { tokenSalt: salt, tokenHash: tokenHash(legacy) })).toBe(legacy);
    expect(await customerTokenOf(SECRET, { tokenSalt: salt, tokenHash: tokenHash(fresh) })).toBe(fresh);
    // Under another link root neither is made again: the link is gone (the guide says so).
    const other = await customerTokenOf(NEW, { tokenSalt: salt, tokenHash: tokenHash(legacy) });
    expect([legacy, fresh]).not.toContain(other);
  });
});

describe("a recovery code printed before the upgrade", () => {
  it("still signs its member in, once, in place of a code", async () => {
    const { member, pending, at: when } = await memberAtCodeStep();
    const code = "abcde-fghij";
    await env.DB.prepare("insert into recovery_codes (id, user_id, code_hash, created_at) values (?, ?, ?, ?)")
      .bind(crypto.randomUUID(), member.id, await legacyRecoveryHash(SECRET, member.id, "abcdefghij"), Date.now())
      .run();
    expect((await codeStep(pending, "zzzzz-zzzzz", { at: when })).status).toBe(401);
    expect((await codeStep(pending, code, { at: when })).status).toBe(200);
    const { pending: again } = await passwordStep(member, { at: when });
    expect((await codeStep(again!, code, { at: when })).status).toBe(401);
  });
});
