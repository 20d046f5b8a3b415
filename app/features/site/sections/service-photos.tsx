import type { PhotoVariant, ServicePhoto } from "~/content/services";

// A service's photos on its page, in the owners' order, two to a row from 640 px; with an odd number
// the first goes across the column, so that no row is left half empty. Each carries its size, so the
// page keeps its place before it loads (no layout shift), and loads as it nears the screen. A photo
// with the smaller copies the owner's browser made at upload is offered in each of them (`srcset`),
// with the width it takes on the screen (`sizes`), so that a screen loads the copy it needs; a phone
// (below 640 px) is offered the copies up to 960 px only, which is sharp at three device pixels to
// one and keeps its first view light. One added without JavaScript is served as uploaded
// (docs/decisions/063-service-photos-in-r2.md).

// The width a photo takes (service-detail.tsx): the page is at most 72 rem (1152 px) with 1 rem each
// side; from 1024 px the column leaves 20 rem and a 3 rem gap to the aside; two to a row from 640 px,
// 1 rem apart.
const ACROSS = "(min-width: 1152px) 752px, (min-width: 1024px) calc(100vw - 400px), calc(100vw - 32px)";
const HALF =
  "(min-width: 1152px) 368px, (min-width: 1024px) calc(50vw - 208px), (min-width: 640px) calc(50vw - 24px), calc(100vw - 32px)";

/** The widest copy a phone is offered. */
const PHONE_WIDEST = 960;
const PHONE = "(max-width: 639px)";

const photoUrl = (id: string, width?: number) => (width === undefined ? `/photos/${id}` : `/photos/${id}?w=${width}`);

const srcSetOf = (photo: ServicePhoto, variants: readonly PhotoVariant[]) =>
  variants.map((variant) => `${photoUrl(photo.id, variant.width)} ${variant.width}w`).join(", ");

/**
 * `src` and `srcset` of a photo: its smaller copies when it has them (the widest as `src`), and
 * those a phone is offered; else the photo alone.
 */
export function photoSources(photo: ServicePhoto) {
  const variants = photo.variants ?? [];
  if (variants.length === 0) return { src: photoUrl(photo.id) };
  const forPhones = variants.filter((variant) => variant.width <= PHONE_WIDEST);
  return {
    src: photoUrl(photo.id, variants.at(-1)!.width),
    srcSet: srcSetOf(photo, variants),
    phoneSrcSet: forPhones.length > 0 && forPhones.length < variants.length ? srcSetOf(photo, forPhones) : undefined,
  };
}

export function ServicePhotos({ photos, serviceName }: { photos: readonly ServicePhoto[]; serviceName: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-label={`Photos: ${serviceName}`} className="grid gap-4 sm:grid-cols-2">
      {photos.map((photo, index) => {
        const across = index === 0 && photos.length % 2 === 1;
        const { src, srcSet, phoneSrcSet } = photoSources(photo);
        return (
          <picture key={photo.id} className={across ? "sm:col-span-2" : undefined}>
            {phoneSrcSet ? <source media={PHONE} srcSet={phoneSrcSet} sizes="calc(100vw - 32px)" /> : null}
            <img
              src={src}
              srcSet={srcSet}
              sizes={srcSet ? (across ? ACROSS : HALF) : undefined}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              decoding="async"
              className="h-auto w-full rounded-lg bg-slate-100"
            />
          </picture>
        );
      })}
    </section>
  );
}
