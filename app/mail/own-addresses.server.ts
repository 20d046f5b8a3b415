import type { AppEnv } from "../http/env.server";
import { domainOf } from "./mime.server";

// The shop's own addresses (issue 37): where its emails come from (NOTIFY_FROM) and where answers
// come back to the Worker (reply+<token>@<REPLY_DOMAIN>, docs/decisions/041). Neither may receive
// the shop's emails: a notice sent there comes back as mail, and mail answered with a notice loops.

type OwnAddressEnv = Pick<AppEnv, "NOTIFY_FROM" | "REPLY_DOMAIN">;

/** The domain reply addresses and Message-IDs are at: REPLY_DOMAIN, else the sender's own. */
export const replyDomainOf = (env: OwnAddressEnv) => env.REPLY_DOMAIN ?? domainOf(env.NOTIFY_FROM);

/** Whether an address is the shop's sending address or one of the reply addresses the Worker receives. */
export function isShopsOwnAddress(env: OwnAddressEnv, address: string): boolean {
  const lower = address.trim().toLowerCase();
  if (lower === env.NOTIFY_FROM.toLowerCase()) return true;
  const at = lower.lastIndexOf("@");
  return lower.slice(at + 1) === replyDomainOf(env).toLowerCase() && /^reply(?:\+|$)/.test(lower.slice(0, at));
}
