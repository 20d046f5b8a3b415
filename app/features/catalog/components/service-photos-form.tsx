import { useState } from "react";
import { Button } from "~/ui/button";
import { ItemActionFields } from "~/ui/forms/item-action";
import { PHOTO_LIMITS } from "../catalog";
import { PHOTO_ACCEPT } from "~/photos/limits";
import { withVariants } from "~/photos/photo-variants";

type OwnedPhoto = { id: string; alt: string; width: number; height: number };

/** What the photo form shows after a refusal: the problem, on its field, and the alt text typed. */
type PhotoRefusal = { field: "photo" | "alt"; message: string; alt: string };

/**
 * A service's photos on its owners' page: each with its alt text and a Remove button, and a form to
 * add one. Plain forms (the add form posts its file as multipart/form-data), with JavaScript or without.
 */
export function ServicePhotosForm({
  slug,
  photos,
  refusal,
}: {
  slug: string;
  photos: readonly OwnedPhoto[];
  refusal?: PhotoRefusal;
}) {
  const [preparing, setPreparing] = useState(false);
  const errorOf = (field: PhotoRefusal["field"]) =>
    refusal?.field === field ? (
      <p id={`photo-${field}-error`} className="mt-1 text-sm font-semibold text-red-700">
        {refusal.message}
      </p>
    ) : null;
  return (
    <section aria-labelledby="photos-heading" className="grid gap-4">
      <h2 id="photos-heading" className="text-xl font-bold text-blue-950">
        Photos
      </h2>
      {photos.length === 0 ? (
        <p className="text-slate-700">No photos yet: the service's page shows its texts only.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {photos.map((photo) => (
            <li key={photo.id} className="grid gap-2 rounded-md border border-slate-200 p-3">
              <img
                src={`/photos/${photo.id}`}
                alt={photo.alt}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="h-auto w-full rounded bg-slate-100"
              />
              <p className="text-sm text-slate-800">
                <span className="font-semibold">Description:</span> {photo.alt}
              </p>
              <form method="post" action={`/incoming/settings/services/${slug}`}>
                <ItemActionFields
                  intent="remove-photo"
                  name="photo"
                  value={photo.id}
                  label="Remove"
                  ariaLabel={`Remove the photo “${photo.alt}”`}
                />
              </form>
            </li>
          ))}
        </ul>
      )}
      <form
        method="post"
        action={`/incoming/settings/services/${slug}?intent=add-photo`}
        encType="multipart/form-data"
        onSubmit={(event) => void withVariants(event, setPreparing)}
        className="grid gap-3 rounded-md border border-slate-200 p-4"
      >
        <h3 className="font-bold text-blue-950">Add a photo</h3>
        <div>
          <label htmlFor="photo-file" className="block font-semibold text-slate-800">
            Photo
          </label>
          <p id="photo-file-hint" className="text-sm text-slate-600">
            A JPEG, PNG, WebP or a phone's HEIC, up to {PHOTO_LIMITS.bytes / 1024 / 1024} MB.
          </p>
          <input
            id="photo-file"
            name="photo"
            type="file"
            accept={PHOTO_ACCEPT}
            required
            aria-describedby={refusal?.field === "photo" ? "photo-file-hint photo-photo-error" : "photo-file-hint"}
            aria-invalid={refusal?.field === "photo" || undefined}
            className="mt-1 block w-full text-sm"
          />
          {errorOf("photo")}
          {/* Filled with the photo's smaller copies by the page's script; empty without it. */}
          <input name="variant" type="file" multiple hidden tabIndex={-1} aria-hidden="true" />
        </div>
        <div>
          <label htmlFor="photo-alt" className="block font-semibold text-slate-800">
            What it shows
          </label>
          <p id="photo-alt-hint" className="text-sm text-slate-600">
            A few words a screen reader says for it, like “Our three service bays”.
          </p>
          <input
            id="photo-alt"
            name="alt"
            type="text"
            required
            maxLength={PHOTO_LIMITS.alt}
            defaultValue={refusal?.alt}
            aria-describedby={refusal?.field === "alt" ? "photo-alt-hint photo-alt-error" : "photo-alt-hint"}
            aria-invalid={refusal?.field === "alt" || undefined}
            className="mt-1 block w-full rounded-md border border-slate-400 px-3 py-2"
          />
          {errorOf("alt")}
        </div>
        <div>
          <Button type="submit" disabled={preparing}>
            {preparing ? "Preparing the photo…" : "Add the photo"}
          </Button>
        </div>
      </form>
    </section>
  );
}
