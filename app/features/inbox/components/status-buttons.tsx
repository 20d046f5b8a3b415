import { type FormEvent, useEffect } from "react";
import { useFetcher } from "react-router";
import { showToast } from "~/ui/toast/toast-store";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hydration/use-hydrated";
import { statusActionLabel, SUBMISSION_STATUSES, type SubmissionStatus } from "~/records/statuses";
import type { RecordActionResult } from "~/features/inbox/record-action";

/** The statuses a record can be moved to from `current`: out of spam only back to new ("Not spam"). */
export function nextStatuses(current: SubmissionStatus): SubmissionStatus[] {
  return current === "spam" ? ["new"] : SUBMISSION_STATUSES.filter((status) => status !== current);
}

/**
 * The status a record shows while a change is on its way (optimistic), and the form handler that
 * sends one. Without JavaScript each button's form posts itself and the server redirects to
 * `returnTo`. With it, the same form goes through a fetcher (no reload): the page shows the new
 * status at once, and if the server refuses, the old one comes back with an error toast.
 */
export function useStatusChange(action: string, status: SubmissionStatus) {
  const fetcher = useFetcher<RecordActionResult>();
  const hydrated = useHydrated();
  const pending = fetcher.formData?.get("status");
  const shown = SUBMISSION_STATUSES.find((value) => value === pending) ?? status;

  const result = fetcher.data;
  useEffect(() => {
    if (result && !result.ok) {
      showToast({ title: "Status not changed", description: result.message, variant: "destructive" });
    }
  }, [result]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    // Without returnTo the action answers with data instead of a redirect (inbox-actions.server.ts).
    form.delete("returnTo");
    void fetcher.submit(form, { method: "post", action });
  };
  return { shown, busy: fetcher.state !== "idle", onSubmit };
}

/**
 * One form per button ("Mark contacted", "Mark closed", "Mark spam", "Not spam"): each a plain
 * HTML form, so it works without JavaScript.
 */
export function StatusButtons({
  action,
  current,
  returnTo,
  onSubmit,
  busy,
  name,
  compact = false,
}: {
  /** The record's page: its action changes the status. */
  action: string;
  current: SubmissionStatus;
  returnTo: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  /** Whose record, for the buttons' accessible names ("Mark contacted: Jane Doe"). */
  name: string;
  /** The desktop list's rows: small buttons with the status alone ("Closed"), the same names. */
  compact?: boolean;
}) {
  return (
    <div className={compact ? "flex flex-nowrap justify-end gap-1" : "flex flex-wrap gap-2"}>
      {nextStatuses(current).map((status) => {
        const label = statusActionLabel(current, status);
        return (
          <form key={status} method="post" action={action} onSubmit={onSubmit}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="status" value={status} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <Button
              type="submit"
              variant={status === "spam" ? "quiet" : "secondary"}
              size="sm"
              disabled={busy}
              aria-label={`${label}: ${name}`}
              className={compact ? "h-6 !px-2 !py-0 !text-xs" : ""}
            >
              {compact ? label.replace(/^Mark /, "").replace(/^./, (first) => first.toUpperCase()) : label}
            </Button>
          </form>
        );
      })}
    </div>
  );
}
