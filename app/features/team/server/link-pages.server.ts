import { data, type RouterContextProvider } from "react-router";
import type { z } from "~/forms/zod";
import { getEnv, getRequestTime } from "../../../http/context.server";
import type { PageForm } from "../../../http/request-body.server";
import { NO_STORE } from "../../../http/responses.server";
import { lookUpToken, type TokenPurpose } from "./token-rows.server";

// The pages a team link opens (/join/<token>, /login/reset/<token>): their address holds the
// secret, so no request they lead to may carry it on as a Referer, and nothing may store them.
export const LINK_PAGE_HEADERS = { ...NO_STORE, "Referrer-Policy": "no-referrer" } as const;

/** A link that opens nothing: 404 when we never issued it, 410 when it was used, revoked or expired. */
export function linkRefusal(linkStatus: "gone" | "unknown") {
  return data({ linkStatus }, { status: linkStatus === "gone" ? 410 : 404, headers: LINK_PAGE_HEADERS });
}

/** The row of the link a page opens; a link that opens nothing throws its refusal page. */
export async function openLink(context: Readonly<RouterContextProvider>, token: string, purpose: TokenPurpose) {
  const lookup = await lookUpToken(getEnv(context), token, purpose, getRequestTime(context));
  if (lookup.status !== "valid") throw linkRefusal(lookup.status);
  return lookup.row;
}

/** A link page's form: answered with the link pages' headers, the password never sent back. */
export const linkPageForm = <Schema extends z.ZodType>(schema: Schema, limitBytes: number): PageForm<Schema> => ({
  schema,
  limitBytes,
  headers: LINK_PAGE_HEADERS,
  hideFields: ["password"],
});
