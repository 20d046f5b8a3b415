import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { askedWidth, photoFileResponse } from "~/photos/photo-files.server";
import { CUSTOMER_ESTIMATE_HEADERS, findByToken } from "./customer-page.server";
import { linePhotoFile } from "./line-photos.server";

// The customer's photos: an estimate line's photo under the customer's link's token
// (docs/decisions/071-estimate-line-photos.md).

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/**
 * GET /estimates/<token>/photos/<photoId>: a photo of the estimate this link opens, to the link's
 * holder; 404 for another estimate's photo, an unknown id or a link that opens nothing. Kept by
 * their browser only, out of search engines, its address never sent on.
 */
export async function customerPhotoResponse({ request, context, params }: Args): Promise<Response> {
  const found = await findByToken(context, params.token);
  const file = found
    ? await linePhotoFile(
        getEnv(context),
        { estimateId: found.state.estimate.id, photoId: params.photoId ?? "" },
        askedWidth(request),
      )
    : null;
  const response = photoFileResponse(request, file, "private, max-age=3600");
  response.headers.set("Referrer-Policy", CUSTOMER_ESTIMATE_HEADERS["Referrer-Policy"]);
  response.headers.set("X-Robots-Tag", CUSTOMER_ESTIMATE_HEADERS["X-Robots-Tag"]);
  return response;
}
