import { z } from "~/forms/zod";
import type { SecretsEnv } from "~/keys/keys.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";

// "This browser has logged in as <username> before" (OWASP's device cookie): signed with its
// own key (keys.server.ts), HttpOnly, sent only to this site (SameSite=Strict, __Host-). It proves nothing
// about who is typing; it only lets the login throttle count this browser's attempts on their own,
// out of reach of strangers' guesses at the same username (app/features/sign-in/server/login-throttle.server.ts).

export const DEVICE_COOKIE_NAME = "__Host-device";
const DEVICE_LIFETIME_SECONDS = 180 * 24 * 60 * 60;
// A shared shop computer may be used by a few staff members; the most recent ones are kept.
const MAX_USERNAMES = 5;

const deviceSchema = z.object({
  // Stands for this browser in the throttle's counters.
  device: z.uuid(),
  usernames: z.array(z.string()).max(MAX_USERNAMES),
  issuedAt: z.number(),
});

type Device = z.infer<typeof deviceSchema>;

const deviceCookie = (env: SecretsEnv) =>
  signedHostCookie(DEVICE_COOKIE_NAME, env, { sameSite: "strict", maxAge: DEVICE_LIFETIME_SECONDS });

/** The device cookie the request brings, if it is signed by us, well formed and not expired. */
async function readDevice(request: Request, env: SecretsEnv, now: number): Promise<Device | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${DEVICE_COOKIE_NAME}=`)) return null;
  // The signature is checked by parse (an unsigned or tampered value reads as null); the value
  // was JSON we wrote, but is checked again so that no other signed cookie's value passes for one.
  const parsed = deviceSchema.safeParse(await (await deviceCookie(env)).parse(cookieHeader));
  if (!parsed.success || now - parsed.data.issuedAt > DEVICE_LIFETIME_SECONDS * 1000) return null;
  return parsed.data;
}

/** This browser's device id if it has logged in as `username` before, else null. */
export async function trustedDeviceFor(
  request: Request,
  env: SecretsEnv,
  username: string,
  now: number,
): Promise<string | null> {
  const device = await readDevice(request, env, now);
  return device?.usernames.includes(username) ? device.device : null;
}

/** The Set-Cookie value that adds `username` to this browser's device cookie (a new one if it has none). */
export async function rememberDevice(
  request: Request,
  env: SecretsEnv,
  username: string,
  now: number,
): Promise<string> {
  const known = await readDevice(request, env, now);
  const others = known?.usernames.filter((name) => name !== username) ?? [];
  const device: Device = {
    device: known?.device ?? crypto.randomUUID(),
    usernames: [username, ...others].slice(0, MAX_USERNAMES),
    issuedAt: now,
  };
  return (await deviceCookie(env)).serialize(device);
}
