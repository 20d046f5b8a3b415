import type { RouterContextProvider } from "react-router";
import { formatPrice } from "~/content/services";
import { parseFormData } from "~/forms/parse-form";
import { getEnv } from "~/http/context.server";
import { readPostedForm } from "~/http/request-body.server";
import {
  formErrorsOf,
  invalidFormAnswer,
  notFoundData,
  pageRefusal,
  redirectWithRefusal,
  refusalData,
  refused,
} from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  type CatalogService,
  type CatalogServiceInput,
  catalogServiceFormSchema,
  type FieldChange,
  SERVICE_FIELD_LABELS,
  SERVICES_PAGE,
  serviceFormValues,
} from "../catalog";
import {
  addService,
  catalogServiceView,
  listVersions,
  readCatalog,
  readVersion,
  restoreVersion,
  saveService,
} from "./catalog-store.server";
import { readPhotoUpload } from "./photo-endpoints.server";
import { addPhoto, removePhoto } from "./photo-store.server";

// The owners' pages of the catalog: /incoming/settings/services (the list) and
// /incoming/settings/services/<slug> (one service: its form, its versions, what changed between two),
// /incoming/settings/services/new to add one. Plain forms that work without JavaScript; the same
// schema and the same store as the API.

const LIMIT_BYTES = 256 * 1024;
/** The address that opens the form for a new service (a slug no service may take). */
export const NEW_SERVICE = "new";

type Args = { request: Request; context: Readonly<RouterContextProvider>; params: Record<string, string | undefined> };

/** The list: every service, hidden ones included, with what a row shows. */
export async function servicesPageData({ context }: Pick<Args, "context">) {
  const catalog = await readCatalog(getEnv(context));
  return {
    services: catalog.map((service) => ({
      slug: service.slug,
      name: service.name,
      price: service.price ? `${formatPrice(service.price.fromCents)} ${service.price.note}` : "No price shown",
      timeEstimate: service.timeEstimate,
      visible: service.visible,
      bookableOnline: service.bookableOnline,
      position: service.position,
      version: service.version,
      updatedAt: service.updatedAt.toISOString(),
      updatedBy: service.updatedBy,
    })),
  };
}

const blankService: CatalogServiceInput = {
  slug: "",
  name: "",
  shortName: "",
  description: "",
  longDescription: "",
  features: [],
  benefits: [],
  process: [],
  price: null,
  timeEstimate: "",
  bookableOnline: true,
  waiterOk: false,
  popular: false,
  visible: true,
  position: 99,
};

function describeValue(key: keyof CatalogServiceInput, service: CatalogService): string {
  switch (key) {
    case "price":
      return service.price ? `${formatPrice(service.price.fromCents)}, ${service.price.note}` : "None";
    case "process":
      return service.process.map((step) => `${step.title}: ${step.description}`).join("\n");
    case "features":
    case "benefits":
      return service[key].join("\n");
    case "bookableOnline":
    case "waiterOk":
    case "popular":
    case "visible":
      return service[key] ? "Yes" : "No";
    case "position":
      return String(service.position);
    case "slug":
    case "name":
    case "shortName":
    case "description":
    case "longDescription":
    case "timeEstimate":
      return service[key];
    default: {
      const unhandled: never = key;
      return unhandled;
    }
  }
}

/** The fields that differ between two saved states, in the form's order. */
export function versionChanges(before: CatalogService, after: CatalogService): FieldChange[] {
  const keys = Object.keys(SERVICE_FIELD_LABELS) as (keyof CatalogServiceInput)[];
  const photos = (service: CatalogService) => service.photos.map((photo) => photo.alt).join("\n") || "None";
  return [
    ...keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => ({
        label: SERVICE_FIELD_LABELS[key],
        before: describeValue(key, before),
        after: describeValue(key, after),
      })),
    ...(JSON.stringify(before.photos) === JSON.stringify(after.photos)
      ? []
      : [{ label: "Photos", before: photos(before), after: photos(after) }]),
  ];
}

const versionParam = (value: string | null) => (value && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null);

/** One service's page: its form's values, its versions, and what changed between the two asked for. */
export async function servicePageData({ request, context, params }: Args) {
  const env = getEnv(context);
  const slug = params.slug ?? "";
  if (slug === NEW_SERVICE) return { mode: "new" as const, values: serviceFormValues(blankService), name: "" };
  const service = (await readCatalog(env)).find((candidate) => candidate.slug === slug);
  if (!service) throw notFoundData(NO_STORE);
  const versions = (await listVersions(env, slug)) ?? [];
  const url = new URL(request.url);
  // By default: what the latest save changed.
  const to = versionParam(url.searchParams.get("to")) ?? service.version;
  const from = versionParam(url.searchParams.get("from")) ?? Math.max(1, to - 1);
  const [older, newer] = await Promise.all([readVersion(env, slug, from), readVersion(env, slug, to)]);
  return {
    mode: "edit" as const,
    name: service.name,
    slug,
    visible: service.visible,
    photos: service.photos.map(({ id, alt, width, height }) => ({ id, alt, width, height })),
    values: serviceFormValues(catalogServiceView(service)),
    versions,
    compare: older && newer ? { from, to, changes: versionChanges(older, newer) } : null,
  };
}

/** The service page's forms: save (add for /new) or put a version back. */
export async function servicePageAction({ request, context, params }: Args) {
  const env = getEnv(context);
  const slug = params.slug ?? "";
  const acting = actingMember(request, context);
  // The photo form posts its file here (multipart, read as bytes; the other forms are text).
  if (new URL(request.url).searchParams.get("intent") === ADD_PHOTO) return addPhotoAction(request, context, slug);
  const posted = await readPostedForm(request, { limitBytes: LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const page = `${SERVICES_PAGE}/${slug}`;
  const unreadable = refused("invalid", "This form could not be read. Please reload the page.").refusal;

  if (form.get("intent") === "restore") {
    const posted = form.get("version");
    const version = versionParam(typeof posted === "string" ? posted : null);
    if (version === null) return redirectWithRefusal(env, page, unreadable);
    const outcome = await restoreVersion(env, slug, version, acting);
    if (!outcome.ok) return redirectWithRefusal(env, page, outcome.refusal);
    return redirectWithToast(env, `${SERVICES_PAGE}/${slug}`, {
      title: "Version put back",
      description: `Version ${version} of “${outcome.value.name}” is back, as version ${outcome.value.version}.`,
    });
  }

  if (form.get("intent") === "remove-photo") {
    const photo = form.get("photo");
    const outcome = await removePhoto(env, slug, typeof photo === "string" ? photo : "", acting);
    if (!outcome.ok) return redirectWithRefusal(env, page, outcome.refusal);
    return redirectWithToast(env, `${SERVICES_PAGE}/${slug}`, {
      title: "Photo removed",
      description: `The photo is off “${outcome.value.name}” (version ${outcome.value.version}).`,
    });
  }

  const submission = parseFormData(form, catalogServiceFormSchema);
  if (submission.status !== "success") return invalidFormAnswer(submission.reply(), NO_STORE);
  const outcome =
    slug === NEW_SERVICE
      ? await addService(env, submission.value, acting)
      : await saveService(env, slug, submission.value, acting);
  if (!outcome.ok) {
    const { refusal } = outcome;
    if (refusal.reason === "not-found") return redirectWithRefusal(env, page, refusal);
    return pageRefusal(refusal, submission.reply({ fieldErrors: formErrorsOf(refusal) }), NO_STORE);
  }
  return redirectWithToast(env, `${SERVICES_PAGE}/${outcome.value.slug}`, {
    title: "Saved",
    description: `“${outcome.value.name}” is saved (version ${outcome.value.version}). The website shows it within a minute.`,
  });
}

/** The photo form's address on a service's page (`?intent=add-photo`). */
export const ADD_PHOTO = "add-photo";

/** What the photo form shows after a refusal: the problem, by field, and the alt text typed. */
export type PhotoRefusal = { photo: { field: "photo" | "alt"; message: string; alt: string } };

async function addPhotoAction(request: Request, context: Readonly<RouterContextProvider>, slug: string) {
  const env = getEnv(context);
  const upload = await readPhotoUpload(request);
  if (!upload.ok) {
    const shown: PhotoRefusal = { photo: { field: upload.field, message: upload.refusal.message, alt: upload.alt } };
    return refusalData(upload.refusal, shown, NO_STORE);
  }
  const outcome = await addPhoto(env, slug, upload, actingMember(request, context));
  if (!outcome.ok) {
    const shown: PhotoRefusal = { photo: { field: "photo", message: outcome.refusal.message, alt: upload.alt } };
    return refusalData(outcome.refusal, shown, NO_STORE);
  }
  return redirectWithToast(env, `${SERVICES_PAGE}/${slug}`, {
    title: "Photo added",
    description: `“${outcome.value.name}” shows it on its page within a minute (version ${outcome.value.version}).`,
  });
}
