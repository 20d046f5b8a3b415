import { createContext, type RouterContextProvider } from "react-router";
import type { AppEnv } from "./env.server";

export type CloudflareContext = { env: AppEnv; ctx: ExecutionContext };

export const cloudflareContext = createContext<CloudflareContext>();

// A fresh value per response: the Content-Security-Policy allows only scripts carrying it.
export const cspNonceContext = createContext<string>("");

export function getEnv(context: Readonly<RouterContextProvider>): AppEnv {
  return context.get(cloudflareContext).env;
}
