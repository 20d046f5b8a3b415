import { PHOTO_LIMITS, PHOTO_VARIANT_WIDTHS } from "../catalog";

// The smaller copies of a photo the owner's browser makes before sending it (decision 063): the
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
      if (!blob || blob.size >= photo.size || blob.size > PHOTO_LIMITS.variantBytes) continue;
      const extension = blob.type === "image/webp" ? "webp" : "jpg";
      made.push(new File([blob], `w${width}.${extension}`, { type: blob.type }));
    }
  } finally {
    bitmap.close();
  }
  return made;
}
