/**
 * What a record's page action answers a fetcher (no `returnTo`): success, or the refusal the page
 * shows in an error toast while it undoes its optimistic change (app/features/inbox/server/inbox-actions.server.ts).
 * A desk form's refusal (a call log, a follow-up…) names its form and gives back what was typed.
 */
export type RecordActionResult =
  { ok: true } | { ok: false; message: string; intent?: string; fields?: Record<string, string> };
