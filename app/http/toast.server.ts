import { type Cookie, redirect } from "react-router";
import { z } from "~/forms/zod";
import type { ToastMessage } from "~/ui/toast/toast-store";
import type { AppEnv } from "./env.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";

const toastSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]),
  formId: z.string().optional(),
});

export const TOAST_COOKIE_NAME = "__Host-toast";

// A one-shot, signed cookie: an action queues a toast and the next page shows it once.
const toastCookie = (env: AppEnv) => signedHostCookie(TOAST_COOKIE_NAME, env, { sameSite: "lax", maxAge: 60 });

export type ToastInput = Omit<ToastMessage, "id" | "variant"> & { variant?: ToastMessage["variant"] };

async function toastHeader(env: AppEnv, toast: ToastInput): Promise<string> {
  const value: ToastMessage = { id: crypto.randomUUID(), variant: "default", ...toast };
  return (await toastCookie(env)).serialize(value);
}

export async function redirectWithToast(env: AppEnv, url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: await headersWithToast(env, toast, init?.headers) });
}

/**
 * Headers that queue a toast, for an answer that is not a redirect: a fetcher's action answer,
 * after which React Router reloads the page's data and the root loader hands the toast over.
 */
export async function headersWithToast(env: AppEnv, toast: ToastInput, init?: HeadersInit): Promise<Headers> {
  const headers = new Headers(init);
  headers.append("Set-Cookie", await toastHeader(env, toast));
  return headers;
}

/**
 * The reader of a one-shot cookie (the toast; the team page's link shown once), which clears it:
 * what `read` makes of its value (null for nothing usable), and the Set-Cookie value that clears it
 * (null when the request did not carry the cookie, so nothing is set). The cookie is made only when
 * the request carries it.
 */
export function oneShotCookieReader<Value, Env>({
  name,
  cookie,
  read,
}: {
  name: string;
  cookie: (env: Env) => Cookie | Promise<Cookie>;
  read: (value: unknown, env: Env) => Value | null | Promise<Value | null>;
}) {
  return async (request: Request, env: Env): Promise<{ value: Value | null; clearCookie: string | null }> => {
    const cookieHeader = request.headers.get("Cookie");
    if (!cookieHeader?.includes(`${name}=`)) return { value: null, clearCookie: null };
    const made = await cookie(env);
    const value = await read(await made.parse(cookieHeader), env);
    return { value, clearCookie: await made.serialize("", { maxAge: 0 }) };
  };
}

/** Reads and clears the queued toast, with the Set-Cookie header that clears it, if any. */
export const takeToast = oneShotCookieReader<ToastMessage, AppEnv>({
  name: TOAST_COOKIE_NAME,
  cookie: toastCookie,
  read: (value) => {
    const parsed = toastSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  },
});
