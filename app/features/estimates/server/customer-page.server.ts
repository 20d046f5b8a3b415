import { eq } from "drizzle-orm";
import { data, redirect, type RouterContextProvider } from "react-router";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { estimates } from "~/db/schema/estimates";
import { serviceRequests } from "~/db/schema/inbox";
import { formatShopDateTime } from "~/hours/shop-calendar";
import { getEnv, getRequestTime } from "~/http/context.server";
import { refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { formatCents } from "../pricing";
import { linesView, rightsView, totalsView } from "../views";
import { decide, decisionOn } from "./decision.server";
import { enqueueEstimateMessages } from "./estimate-mail.server";
import { estimatePath, estimateTokenHash, isEstimateToken } from "./estimate-link.server";
import { readEstimate } from "./estimate-store.server";
import { customerLinePhotos } from "./line-photos.server";
import { readEstimateSettings } from "./settings/estimate-settings.server";

// The customer's page, /estimates/<token> (issue 39 item 4): no account, the link is the key. GET
// only reads (mail scanners open every link in an email); the decision is a plain form post, kept
// out of every cache and search engine, its secret address never sent on as a Referer.

export const CUSTOMER_ESTIMATE_HEADERS = {
  "Cache-Control": "no-store, private",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex, nofollow",
} as const;

// 100 lines' choices, a name and the version, with room to spare; anything larger is not a browser's post.
const FORM_LIMIT_BYTES = 16 * 1024;

const notFound = () => {
  const { refusal } = refused(
    "not-found",
    `This link does not open an estimate. Please call us at ${shop.phone.display}.`,
  );
  return refusalData(refusal, { message: refusal.message }, CUSTOMER_ESTIMATE_HEADERS);
};

/** The estimate a link opens (never a draft) and the customer's first name; null for any other token. */
export async function findByToken(context: Readonly<RouterContextProvider>, token: string | undefined) {
  if (!isEstimateToken(token)) return null;
  const env = getEnv(context);
  const [found] = await getDb(env)
    .select({ id: estimates.id, firstName: serviceRequests.firstName })
    .from(estimates)
    .innerJoin(serviceRequests, eq(serviceRequests.id, estimates.serviceRequestId))
    .where(eq(estimates.tokenHash, estimateTokenHash(token)))
    .limit(1);
  const state = found ? await readEstimate(env, found.id) : null;
  // A draft is never shown, even should a link exist.
  return found && state && state.estimate.status !== "draft" ? { firstName: found.firstName, state } : null;
}

/** What the page shows: the current version, red lines first, and its decision once made. */
export async function customerEstimateData(context: Readonly<RouterContextProvider>, token: string | undefined) {
  const found = await findByToken(context, token);
  if (!found) throw notFound();
  const { estimate, current } = found.state;
  const decision = decisionOn(found.state, current.version);
  const env = getEnv(context);
  const [photos, settings] = await Promise.all([
    customerLinePhotos(env, estimate.id, token ?? ""),
    readEstimateSettings(env),
  ]);
  return data(
    {
      firstName: found.firstName,
      number: estimate.number,
      version: current.version,
      status: estimate.status,
      vehicle: current.vehicle,
      lines: linesView(current.lines),
      totals: totalsView(current),
      terms: settings.terms,
      rights: rightsView,
      photos,
      decision: decision
        ? {
            name: decision.name,
            at: formatShopDateTime(decision.decidedAt),
            approvedLineIds: decision.snapshot.approvedLineIds,
            approvedTotal: formatCents(decision.approvedTotal),
          }
        : null,
      phone: shop.phone,
    },
    { headers: CUSTOMER_ESTIMATE_HEADERS },
  );
}

/** POST: the decision, stored once; back to the page (303), which then shows it. */
export async function customerEstimateAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token: string | undefined,
) {
  const found = await findByToken(context, token);
  if (!found || !token) throw notFound();
  const posted = await readPostedForm(request, { limitBytes: FORM_LIMIT_BYTES, headers: CUSTOMER_ESTIMATE_HEADERS });
  if (!posted.ok) return posted.refusal;
  const env = getEnv(context);
  const decided = await decide(env, found.state, posted.formData, {
    at: getRequestTime(context),
    clientAddress: request.headers.get("CF-Connecting-IP")?.slice(0, 64) ?? null,
    userAgent: request.headers.get("User-Agent")?.slice(0, 512) ?? null,
  });
  if (!decided.ok) {
    // The visitor's choices come back with the refusal, so nothing they chose is lost.
    const kept = Object.fromEntries(
      [...posted.formData].flatMap(([key, value]) =>
        typeof value === "string" && (key === "name" || key.startsWith("decision-"))
          ? [[key, value.slice(0, 200)]]
          : [],
      ),
    );
    const { refusal } = decided;
    const field = Object.keys(refusal.fieldErrors ?? {})[0] ?? null;
    return refusalData(refusal, { error: refusal.message, field, kept }, CUSTOMER_ESTIMATE_HEADERS);
  }
  await enqueueEstimateMessages(env, decided.messageIds);
  throw redirect(estimatePath(token), { status: 303, headers: CUSTOMER_ESTIMATE_HEADERS });
}
