import type { ServicePhoto } from "~/content/services";

// A service's photos on its page, in the owners' order, two to a row from 640 px; with an odd number
// the first goes across the column, so that no row is left half empty. Each carries its size, so the
// page keeps its place before it loads (no layout shift), and loads as it nears the screen. Served as
// uploaded (docs/decisions/063-service-photos-in-r2.md).
export function ServicePhotos({ photos, serviceName }: { photos: readonly ServicePhoto[]; serviceName: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-label={`Photos: ${serviceName}`} className="grid gap-4 sm:grid-cols-2">
      {photos.map((photo, index) => (
        <img
          key={photo.id}
          src={`/photos/${photo.id}`}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          decoding="async"
          className={`h-auto w-full rounded-lg bg-slate-100 ${index === 0 && photos.length % 2 === 1 ? "sm:col-span-2" : ""}`}
        />
      ))}
    </section>
  );
}
