import { createContext, type RouterContextProvider, type ServerBuild } from "react-router";
import type { AppEnv } from "./env.server";

export type CloudflareContext = { env: AppEnv; ctx: ExecutionContext };

export const cloudflareContext = createContext<CloudflareContext>();

// A fresh value per response: the Content-Security-Policy allows only scripts carrying it.
export const cspNonceContext = createContext<string>("");

// A fresh id per rendered form: the server stores a submission under it, so a form sent
// twice is stored once. Like the nonce, it is never served twice from the page cache.
export const formSubmissionIdContext = createContext<string>("");

/**
 * The submission id a page in the page cache is rendered with (app/rendering/), replaced in
 * every response. Shaped like a random UUID so the rendered markup matches a real one's; the server
 * refuses it as an id (app/features/submissions/submissions.server.ts), so it can never become a key
 * that visitors share.
 */
export const CACHED_PAGE_SUBMISSION_ID = "00000000-0000-4000-8000-00000000cafe";

// The instant the Worker handles this request at, read once from its clock: the open-now line,
// the booking window, the service request's rules and the page cache's expiry all agree on it.
// Tests give the Worker a fixed clock (createWorker in workers/app.ts).
export const requestTimeContext = createContext<Date>();

// The build's routes, with their modules' handles: what the staff navigation is read from.
export const serverRoutesContext = createContext<ServerBuild["routes"]>();

/** What a route's loader or action, or an endpoint behind it, is given. */
export type RequestAndContext = { request: Request; context: Readonly<RouterContextProvider> };

export function getServerRoutes(context: Readonly<RouterContextProvider>): ServerBuild["routes"] {
  return context.get(serverRoutesContext);
}

export function getEnv(context: Readonly<RouterContextProvider>): AppEnv {
  return context.get(cloudflareContext).env;
}

export function getRequestTime(context: Readonly<RouterContextProvider>): Date {
  return context.get(requestTimeContext);
}

export function getCloudflare(context: Readonly<RouterContextProvider>): CloudflareContext {
  return context.get(cloudflareContext);
}
