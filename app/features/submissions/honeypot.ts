// Kept apart from the zod field rules so the form's markup can name it without loading zod.

/** Honeypot: hidden from people, filled by bots. Any value means "answer politely, store nothing". */
export const HONEYPOT_FIELD = "leave_blank";
