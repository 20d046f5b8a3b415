// The limits every photo the shop takes in shares (a service's, decision 063; an estimate line's,
// decision 071), read by the forms that send them and the server that checks them.

/** A photo is at most 10 MB, kept as sent. */
export const PHOTO_BYTES = 10 * 1024 * 1024;
/** Each smaller copy the sender's browser makes is at most 2 MB. */
export const PHOTO_VARIANT_BYTES = 2 * 1024 * 1024;
/** The widths of the smaller copies the sender's browser makes at upload (narrower than the photo only). */
export const PHOTO_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** What the file picker offers: a phone's HEIC too (its type is read from its bytes on the server). */
export const PHOTO_ACCEPT = "image/jpeg,image/png,image/webp,image/heic,.heic";
