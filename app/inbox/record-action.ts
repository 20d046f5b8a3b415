/**
 * What a record's page action answers a fetcher (no `returnTo`): success, or the refusal the page
 * shows in an error toast while it undoes its optimistic change (app/server/inbox/inbox-actions.server.ts).
 */
export type RecordActionResult = { ok: true } | { ok: false; message: string };
