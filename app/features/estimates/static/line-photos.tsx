import type { ReactNode } from "react";
import type { LinePhotoView } from "../vocabulary";

// A line's photos, on the customer's page and the record's estimate section alike
// (docs/decisions/071-estimate-line-photos.md): a static block, no script. Each photo is offered
// at the smaller copies the staff member's browser made (a phone loads one near its width), or
// as uploaded when there are none; it opens whole in its own tab.

/** The copies a phone needs at most: two photos to a row, 390 px wide at three device pixels to one. */
const LARGEST_SHOWN = 960;

function sourcesOf(photo: LinePhotoView) {
  const shown = photo.widths.filter((width) => width <= LARGEST_SHOWN);
  if (shown.length === 0) return { src: photo.url };
  return {
    src: `${photo.url}?w=${shown.at(-1)}`,
    srcSet: shown.map((width) => `${photo.url}?w=${width} ${width}w`).join(", "),
    // Two to a row below 640 px (the page's 1 rem margins and the gap), four from there.
    sizes: "(min-width: 640px) 10rem, calc(50vw - 2rem)",
  };
}

type Props = {
  photos: readonly LinePhotoView[];
  /** The line's description: the photos' alt text says which line they show. */
  line: string;
  /** Under each photo (staff's Remove button); nothing on the customer's page. */
  action?: (photo: LinePhotoView, index: number) => ReactNode;
};

export function LinePhotos({ photos, line, action }: Props) {
  if (photos.length === 0) return null;
  return (
    <ul className="estimate-photos mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={`Photos: ${line}`}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noopener noreferrer"
            className="block rounded-md focus-visible:outline-3 focus-visible:outline-blue-600"
          >
            <img
              {...sourcesOf(photo)}
              alt={`${line}, ${index + 1} of ${photos.length}`}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full rounded-md border border-slate-200 bg-slate-100 object-cover"
            />
          </a>
          {action?.(photo, index)}
        </li>
      ))}
    </ul>
  );
}
