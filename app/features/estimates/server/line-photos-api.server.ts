import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { jsonAnswer, mapSuccess, type Outcome, redirectWithRefusal } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { askedWidth, photoFileResponse } from "~/photos/photo-files.server";
import { checkPostedPhoto, readPhotoForm } from "~/photos/photo-upload.server";
import { recordPath } from "~/records/kinds";
import type { EstimateState } from "./estimate-store.server";
import { addLinePhoto, linePhotoFile, removeLinePhoto, staffPhotoUrl } from "./line-photos.server";

// The photos on an estimate's lines, for staff (issue 39 item 2, docs/decisions/071-estimate-line-photos.md):
// POST …/lines/<lineId>/photos, GET and DELETE …/photos/<photoId>. The record page's forms post
// here too, without JavaScript, with `from=page`: they are answered with the record page and a toast.

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const idsOf = (params: Args["params"]) => ({
  estimateId: params.id ?? "",
  lineId: params.lineId ?? "",
  photoId: params.photoId ?? "",
});

/** A page's form: back to the record page, with what happened said in a toast. */
async function pageAnswer(
  context: Args["context"],
  outcome: Outcome<{ state: EstimateState }>,
  fallback: string,
  done: string,
) {
  const env = getEnv(context);
  const back = outcome.ok ? recordPath("serviceRequest", outcome.value.state.estimate.serviceRequestId) : fallback;
  if (!outcome.ok) return redirectWithRefusal(env, back, outcome.refusal, "The photo was not changed");
  return redirectWithToast(env, `${back}#estimate`, { title: done }, { status: 303, headers: NO_STORE });
}

/** The page a form was posted from, for a refusal to go back to (same site only), else the inbox. */
function pageOf(request: Request): string {
  const referer = request.headers.get("Referer");
  const url = referer ? URL.parse(referer) : null;
  return url?.origin === new URL(request.url).origin ? `${url.pathname}${url.search}` : "/incoming";
}

const acceptsHtml = (request: Request) => (request.headers.get("Accept") ?? "").includes("text/html");

/** POST /api/estimates/<id>/lines/<lineId>/photos (multipart: `photo`, `variant`…) → 201 `{ id, url }`. */
export async function postLinePhoto({ request, context, params }: Args): Promise<Response> {
  const { estimateId, lineId } = idsOf(params);
  const form = await readPhotoForm(request);
  // A form too large to read cannot say `from`: a browser's page post asks for HTML.
  const fromPage = form.ok ? form.value.get("from") === "page" : acceptsHtml(request);
  const photo = form.ok ? await checkPostedPhoto(form.value) : form;
  const outcome = photo.ok
    ? await addLinePhoto(getEnv(context), estimateId, lineId, photo.value, actingMember(request, context))
    : photo;
  if (fromPage) return pageAnswer(context, outcome, pageOf(request), "Photo added");
  return jsonAnswer(
    mapSuccess(outcome, ({ row }) => ({ id: row.id, url: staffPhotoUrl(row) })),
    201,
    NO_STORE,
  );
}

/** DELETE /api/estimates/<id>/lines/<lineId>/photos/<photoId> → 204; POST with `intent=remove` from the page. */
export async function deleteLinePhoto({ request, context, params }: Args): Promise<Response> {
  const outcome = await removeLinePhoto(getEnv(context), idsOf(params), actingMember(request, context));
  if (request.method === "POST") return pageAnswer(context, outcome, pageOf(request), "Photo removed");
  return outcome.ok ? new Response(null, { status: 204, headers: NO_STORE }) : jsonAnswer(outcome, 204, NO_STORE);
}

/**
 * GET /api/estimates/<id>/lines/<lineId>/photos/<photoId> (`?w=<width>`: its smaller copy): the
 * photo, to a signed-in member only (the staff gate), kept by their browser only.
 */
export async function linePhotoResponse({ request, context, params }: Args): Promise<Response> {
  const found = await linePhotoFile(getEnv(context), idsOf(params), askedWidth(request));
  return photoFileResponse(request, found, "private, max-age=3600");
}
