// Without zod, so the staff inbox's bundle and the emails can share it.

/** A `tel:` link to a phone number as a visitor typed it (digits, spaces, + ( ) - .): its digits and a +. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

/**
 * A phone number as people read it: a US number (ten digits, with or without +1 / 1 before them)
 * as `(443) 555-0120`, anything else as the visitor typed it.
 */
export function formatPhone(phone: string): string {
  const typed = phone.trim();
  const digits = typed.replace(/\D/g, "");
  if (typed.startsWith("+") && !typed.startsWith("+1")) return phone;
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  // A US area code never starts with 0 or 1.
  if (national.length !== 10 || /^[01]/.test(national)) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
