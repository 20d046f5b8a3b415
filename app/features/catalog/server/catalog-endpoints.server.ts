import type { RouterContextProvider } from "react-router";
import { z } from "~/forms/zod";
import { getEnv } from "~/http/context.server";
import { handleJsonWrite, handleSettingsPut } from "~/http/json-endpoint.server";
import { jsonAnswer, mapSuccess, refused, succeeded } from "~/http/outcome.server";
import { jsonResponse, NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { catalogServiceSchema } from "../catalog";
import {
  addService,
  type CatalogOutcome,
  catalogServiceView,
  listVersions,
  readCatalog,
  restoreVersion,
  saveService,
} from "./catalog-store.server";

// The owners' JSON API of the catalog, under /api/settings/services (owners, a recent check for writes):
// GET the list, POST a service, GET and PUT one, GET its versions, POST a version back.

/** The largest service body: every text and list at its limit fits in well under this. */
const LIMIT_BYTES = 256 * 1024;
const INVALID = "Nothing was changed: some fields need attention.";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const answer = (outcome: CatalogOutcome, status = 200) =>
  jsonAnswer(mapSuccess(outcome, catalogServiceView), status, NO_STORE);

const noSuchService = refused("not-found", "There is no service at this address.");

/** GET /api/settings/services: every service, hidden ones included, in order. */
export async function catalogResponse({ context }: Args) {
  const catalog = await readCatalog(getEnv(context));
  return jsonResponse(catalog.map(catalogServiceView), 200, NO_STORE);
}

/** POST /api/settings/services: a new service → 201 with what holds. */
export function postCatalogService({ request, context }: Args) {
  return handleJsonWrite(
    request,
    {
      allowed: ["GET", "HEAD", "POST"],
      schema: catalogServiceSchema,
      limitBytes: LIMIT_BYTES,
      invalidMessage: INVALID,
    },
    async (input) => answer(await addService(getEnv(context), input, actingMember(request, context)), 201),
  );
}

/** GET /api/settings/services/<slug>. */
export async function catalogServiceResponse({ context, params }: Args) {
  const catalog = await readCatalog(getEnv(context));
  const service = catalog.find((candidate) => candidate.slug === params.slug);
  return jsonAnswer(service ? succeeded(catalogServiceView(service)) : noSuchService, 200, NO_STORE);
}

/** PUT /api/settings/services/<slug>: the whole service as GET gives it, changed → 200 with what holds. */
export function putCatalogService({ request, context, params }: Args) {
  return handleSettingsPut(request, catalogServiceSchema, LIMIT_BYTES, async (input) =>
    answer(await saveService(getEnv(context), params.slug ?? "", input, actingMember(request, context))),
  );
}

/** GET /api/settings/services/<slug>/versions: `[{ version, at, by }]`, newest first. */
export async function versionsResponse({ context, params }: Args) {
  const versions = await listVersions(getEnv(context), params.slug ?? "");
  return jsonAnswer(versions ? succeeded(versions) : noSuchService, 200, NO_STORE);
}

/** A version number as the address gives it. */
const versionOf = (value: string | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** POST /api/settings/services/<slug>/versions/<version>/restore `{}` → 200: that version, saved as the newest. */
export function restoreCatalogVersion({ request, context, params }: Args) {
  const endpoint = { schema: z.object({}), limitBytes: 1024, invalidMessage: "Send an empty JSON object." };
  return handleJsonWrite(request, endpoint, async () => {
    const version = versionOf(params.version);
    if (version === null) return jsonAnswer(refused("not-found", "There is no such version of this service."));
    return answer(await restoreVersion(getEnv(context), params.slug ?? "", version, actingMember(request, context)));
  });
}
