import { data } from "react-router";
import { NO_STORE } from "../../../http/responses.server";

// The pages a team link opens (/join/<token>, /login/reset/<token>): their address holds the
// secret, so no request they lead to may carry it on as a Referer, and nothing may store them.
export const LINK_PAGE_HEADERS = { ...NO_STORE, "Referrer-Policy": "no-referrer" } as const;

/** A link that opens nothing: 404 when we never issued it, 410 when it was used, revoked or expired. */
export function linkRefusal(linkStatus: "gone" | "unknown") {
  return data({ linkStatus }, { status: linkStatus === "gone" ? 410 : 404, headers: LINK_PAGE_HEADERS });
}
