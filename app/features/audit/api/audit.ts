import type { Route } from "./+types/audit";
import type { RouteHandle } from "~/route-handle";
import { listAuditEntries, parseAuditQuery } from "~/features/audit/server/audit-log-list.server";
import { getEnv } from "~/http/context.server";
import { jsonRefusal } from "~/http/outcome.server";
import { jsonResponse } from "~/http/responses.server";

// Read only: every other method gets 405 with Allow. Nothing edits or deletes an entry.
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/audit?person=&action=&before=&limit=: entries newest first, 50 a page, with
// `Link: rel="next"` and `X-Total-Count` like the inbox lists. Owners only (app/routes.ts).
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = parseAuditQuery(url.searchParams, { api: true });
  if (!parsed.ok) return jsonRefusal(parsed.refusal);
  const page = await listAuditEntries(getEnv(context), parsed.value);
  const headers = new Headers({ "X-Total-Count": String(page.total) });
  if (page.before !== null) {
    const next = new URL(url);
    next.searchParams.set("before", String(page.before));
    headers.set("Link", `<${next.href}>; rel="next"`);
  }
  return jsonResponse(page.entries, 200, headers);
}
