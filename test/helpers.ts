import { SELF } from "cloudflare:test";

const ORIGIN = "http://localhost";
let clientCounter = 0;

/** A fresh client address per call, so the per-client rate limit of one test never hits another. */
export function newClientIp(): string {
  clientCounter += 1;
  return `198.51.100.${clientCounter % 250}-${crypto.randomUUID().slice(0, 8)}`;
}

export const validContact = () => ({
  firstName: "Maria",
  lastName: "Santos",
  email: "maria.santos@example.com",
  phone: "(410) 555-0147",
  message: "My 2016 Honda Accord's brakes squeal when I stop. Can you take a look this week?",
});

export const validServiceRequest = () => ({
  firstName: "James",
  lastName: "Okafor",
  email: "james.okafor@example.com",
  phone: "410-555-0163",
  service: "brake-service",
  message: "2019 Toyota RAV4, grinding noise from the front left wheel.",
});

export function postJson(path: string, body: unknown, init: { ip?: string; headers?: HeadersInit } = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": init.ip ?? newClientIp(), ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A plain HTML form post, as a browser without JavaScript sends it. */
export function postForm(
  path: string,
  fields: Record<string, string>,
  init: { ip?: string; headers?: HeadersInit } = {},
) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "CF-Connecting-IP": init.ip ?? newClientIp(),
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      ...init.headers,
    },
    body: new URLSearchParams(fields).toString(),
  });
}
