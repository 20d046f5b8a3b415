import { useState } from "react";
import { Button } from "~/ui/button";
import { PHOTO_ACCEPT, PHOTO_BYTES } from "~/photos/limits";
import { withVariants } from "~/photos/photo-variants";
import { LinePhotos } from "../static/line-photos";
import { LINE_PHOTO_LIMIT, type LinePhotoView } from "../vocabulary";

// A line's photos on the record page, for staff (docs/decisions/071-estimate-line-photos.md): the
// photos as the customer sees them (LinePhotos), a Remove button under each and a form to add one:
// plain forms posting to the API with `from=page` (answered with the record page and a toast).
// With JavaScript the browser first makes the photo's smaller copies (a phone's HEIC drawn into
// JPEG copies where it can); without, the photo goes alone and is shown as uploaded. Place it
// outside any other form.

type Props = { estimateId: string; lineId: string; line: string; photos: readonly LinePhotoView[] };

export function LinePhotoUpload({ estimateId, lineId, line, photos }: Props) {
  const [preparing, setPreparing] = useState(false);
  const inputId = `photo-${lineId}`;
  return (
    <div className="mt-2 grid gap-2">
      <LinePhotos
        photos={photos}
        line={line}
        action={(photo, index) => (
          <form method="post" action={photo.url} className="mt-1">
            <input type="hidden" name="intent" value="remove" />
            <Button type="submit" variant="secondary" size="sm" className="w-full">
              Remove<span className="sr-only"> photo {index + 1}</span>
            </Button>
          </form>
        )}
      />
      {photos.length < LINE_PHOTO_LIMIT ? (
        // Folded: an estimate of ten lines would otherwise stack ten upload forms in the record's side
        // column; the summary says how many the line has, the form opens where it is asked for.
        <details className="group">
          <summary className="min-h-11 cursor-pointer content-center text-sm font-semibold text-blue-800 underline-offset-2 hover:underline">
            Add a photo{" "}
            <span className="font-normal text-slate-600">
              ({photos.length} of {LINE_PHOTO_LIMIT})
            </span>
            <span className="sr-only">: {line}</span>
          </summary>
          <form
            method="post"
            action={`/api/estimates/${estimateId}/lines/${lineId}/photos`}
            encType="multipart/form-data"
            onSubmit={(event) => void withVariants(event, setPreparing)}
            className="mt-2 grid gap-2 sm:flex sm:items-end"
          >
            <input type="hidden" name="from" value="page" />
            <div className="grid min-w-0 gap-1">
              <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
                Photo<span className="sr-only"> for {line}</span>
              </label>
              <input
                id={inputId}
                name="photo"
                type="file"
                accept={PHOTO_ACCEPT}
                required
                className="min-w-0 text-sm file:mr-2 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3"
              />
              <p className="text-xs text-slate-600">
                JPEG, PNG, WebP or a phone&apos;s HEIC, up to {PHOTO_BYTES / 1024 / 1024} MB; {LINE_PHOTO_LIMIT} a line.
              </p>
            </div>
            <input name="variant" type="file" multiple hidden tabIndex={-1} aria-hidden="true" />
            <Button type="submit" variant="secondary" size="sm" disabled={preparing} className="justify-self-start">
              {preparing ? "Preparing…" : "Add photo"}
            </Button>
          </form>
        </details>
      ) : (
        <p className="text-sm text-slate-600">
          This line has its {LINE_PHOTO_LIMIT} photos: remove one to add another.
        </p>
      )}
    </div>
  );
}
