import type { FormEvent } from "react";
import { PHOTO_VARIANT_BYTES, PHOTO_VARIANT_WIDTHS } from "./limits";

// The smaller copies of a photo the sender's browser makes before sending it (decisions 063, 071): the
// picture drawn on a canvas at each width the form makes that is no wider than the photo, as WebP
// (JPEG where the browser cannot write WebP, as Safari), at 75 % quality. A browser that cannot draw
// the photo (an iPhone's HEIC anywhere but Safari) makes none, and the photo is sent alone, as it
// is without JavaScript. A copy no lighter than the photo is left out.

async function encoded(canvas: HTMLCanvasElement): Promise<Blob | null> {
  const as = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.75));
  const webp = await as("image/webp");
  return webp?.type === "image/webp" ? webp : as("image/jpeg");
}

/** The photo's smaller copies, narrowest first; none when the browser cannot draw it. */
export async function photoVariants(photo: File): Promise<File[]> {
  let bitmap: ImageBitmap;
  try {
    // Turned as its EXIF says, as the page shows it and as the server reads its size.
    bitmap = await createImageBitmap(photo, { imageOrientation: "from-image" });
  } catch {
    return [];
  }
  const made: File[] = [];
  try {
    for (const width of PHOTO_VARIANT_WIDTHS) {
      if (width > bitmap.width) break;
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = Math.round((bitmap.height * width) / bitmap.width);
      const context = canvas.getContext("2d");
      if (!context) return [];
      context.imageSmoothingQuality = "high";
      context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
      const blob = await encoded(canvas);
      if (!blob || blob.size >= photo.size || blob.size > PHOTO_VARIANT_BYTES) continue;
      const extension = blob.type === "image/webp" ? "webp" : "jpg";
      made.push(new File([blob], `w${width}.${extension}`, { type: blob.type }));
    }
  } finally {
    bitmap.close();
  }
  return made;
}

/**
 * With JavaScript, before the photo goes: its smaller copies, made here, join it in the form's
 * `variant` field, and the form is sent as it would be without. Without JavaScript, or before the
 * page's script runs, the photo goes alone.
 */
export async function withVariants(event: FormEvent<HTMLFormElement>, preparing: (on: boolean) => void) {
  const form = event.currentTarget;
  const photo = form.elements.namedItem("photo");
  const holder = form.elements.namedItem("variant");
  if (!(photo instanceof HTMLInputElement) || !(holder instanceof HTMLInputElement)) return;
  const file = photo.files?.[0];
  if (!file || typeof DataTransfer === "undefined") return;
  event.preventDefault();
  preparing(true);
  const made = await photoVariants(file).catch(() => []);
  const files = new DataTransfer();
  for (const variant of made) files.items.add(variant);
  holder.files = files.files;
  // A plain submission, as without JavaScript (it fires no submit event of its own).
  form.submit();
}
