// What a card and a record page say about the customer beyond this request: that they sent one
// before ("Returning", decision 047), and that email to them bounces (decision 041). Words carry
// both; the colour only helps.

/** An earlier request from the same customer (same email or phone, normalised) exists. */
export function ReturningBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-teal-100 px-2.5 py-0.5 text-xs font-semibold text-teal-900 ring-1 ring-teal-200 ring-inset">
      Returning<span className="sr-only"> customer</span>
    </span>
  );
}

/** The words of the failing-address mark, on the card and in the desktop row's line. */
export const EMAIL_FAILING_LABEL = "Email bouncing";

/** A bounce came back from the customer's address and they have not written since. */
export function EmailFailingNote() {
  return (
    <p className="mt-2 text-sm text-red-900">
      <span className="mr-1.5 inline-block rounded-full bg-red-100 px-2.5 py-0.5 font-semibold">
        {EMAIL_FAILING_LABEL}
      </span>
      A reply came back undelivered: call them.
    </p>
  );
}
