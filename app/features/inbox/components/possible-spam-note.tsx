import { POSSIBLE_SPAM_EXPLANATION, POSSIBLE_SPAM_LABEL } from "~/records/statuses";

/**
 * The flag on a record kept in the inbox although its hidden field was filled: a short line on the
 * card, the explanation in full on the record's page.
 */
export function PossibleSpamNote({ detailed = false }: { detailed?: boolean }) {
  return detailed ? (
    <p className="mt-3 rounded-md border-l-4 border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
      <strong className="font-semibold">{POSSIBLE_SPAM_LABEL}.</strong> {POSSIBLE_SPAM_EXPLANATION}
    </p>
  ) : (
    <p className="mt-2 text-sm text-amber-900">
      <span className="mr-1.5 inline-block rounded-full bg-amber-100 px-2.5 py-0.5 font-semibold text-amber-950">
        {POSSIBLE_SPAM_LABEL}
      </span>
      The hidden anti-robot field was filled in (often a browser&apos;s autofill).
    </p>
  );
}
