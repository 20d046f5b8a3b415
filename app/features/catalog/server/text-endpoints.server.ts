import type { RouterContextProvider } from "react-router";
import { z } from "~/forms/zod";
import { getEnv } from "~/http/context.server";
import { handleJsonWrite, handleSettingsPut } from "~/http/json-endpoint.server";
import { jsonAnswer, refused } from "~/http/outcome.server";
import { jsonResponse, NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { shopTextsSchema } from "../shop-texts";
import {
  listTextVersions,
  readShopTexts,
  restoreTextVersion,
  saveShopTexts,
  type StoredTexts,
} from "./text-store.server";

// The owners' JSON API of the shop's other texts, under /api/settings/texts (owners, a recent check
// for writes), the same shape as a service's: GET, PUT, GET …/versions, POST …/versions/<n>/restore.

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

const LIMIT_BYTES = 64 * 1024;
const view = ({ texts, version }: StoredTexts) => ({ ...texts, version });

/** GET /api/settings/texts: `{ homeHeadline, homeIntroduction, aboutStory, version }`. */
export async function shopTextsResponse({ context }: Args) {
  return jsonResponse(view(await readShopTexts(getEnv(context))), 200, NO_STORE);
}

/** PUT /api/settings/texts: the three texts, changed → 200 with what holds and its version. */
export function putShopTexts({ request, context }: Args) {
  return handleSettingsPut(request, shopTextsSchema, LIMIT_BYTES, async (texts) =>
    jsonResponse(view(await saveShopTexts(getEnv(context), texts, actingMember(request, context))), 200, NO_STORE),
  );
}

/** GET /api/settings/texts/versions: `[{ version, at, by }]`, newest first. */
export async function textVersionsResponse({ context }: Args) {
  return jsonResponse(await listTextVersions(getEnv(context)), 200, NO_STORE);
}

const versionOf = (value: string | undefined) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);
const noSuchVersion = () => jsonAnswer(refused("not-found", "There is no such version of the texts."));

/** POST /api/settings/texts/versions/<n>/restore `{}` → 200: that version, saved as the newest. */
export function restoreShopTexts({ request, context, params }: Args) {
  const endpoint = { schema: z.object({}), limitBytes: 1024, invalidMessage: "Send an empty JSON object." };
  return handleJsonWrite(request, endpoint, async () => {
    const version = versionOf(params.version);
    if (version === null) return noSuchVersion();
    const restored = await restoreTextVersion(getEnv(context), version, actingMember(request, context));
    return restored ? jsonResponse(view(restored), 200, NO_STORE) : noSuchVersion();
  });
}
