// Without zod, so the staff inbox's bundle and the emails can share it.

/** A `tel:` link to a phone number as a visitor typed it (digits, spaces, + ( ) - .): its digits and a +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
