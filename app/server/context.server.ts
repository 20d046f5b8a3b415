import { createContext, type RouterContextProvider } from "react-router";
import type { AppEnv } from "./env.server";

export type CloudflareContext = { env: AppEnv; ctx: ExecutionContext };

export const cloudflareContext = createContext<CloudflareContext>();

// A fresh value per response: the Content-Security-Policy allows only scripts carrying it.
export const cspNonceContext = createContext<string>("");

// A fresh id per rendered form: the server stores a submission under it, so a form sent
// twice is stored once. Like the nonce, it is never served twice from the page cache.
export const formSubmissionIdContext = createContext<string>("");

export function getEnv(context: Readonly<RouterContextProvider>): AppEnv {
  return context.get(cloudflareContext).env;
}

export function getCloudflare(context: Readonly<RouterContextProvider>): CloudflareContext {
  return context.get(cloudflareContext);
}
