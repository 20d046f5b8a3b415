import { type FormEvent, useEffect } from "react";
import { showToast } from "~/ui/toast/toast-store";
import { Button } from "~/ui/button";
import { useFetcherForm } from "~/ui/forms/use-fetcher-form";
import { statusActionLabel, SUBMISSION_STATUSES, type SubmissionStatus } from "~/records/statuses";
import type { RecordActionResult } from "~/features/inbox/record-action";

/** The statuses a record can be moved to from `current`: out of spam only back to new ("Not spam"). */
export function nextStatuses(current: SubmissionStatus): SubmissionStatus[] {
  return current === "spam" ? ["new"] : SUBMISSION_STATUSES.filter((status) => status !== current);
}

/** What the status buttons take from {@link useStatusChange}: where they post, the change under way. */
export type StatusChange = {
  /** The record's page: its action changes the status. */
  action: string;
  current: SubmissionStatus;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
};

/**
 * The status a record shows while a change is on its way (optimistic), and `buttons`, spread into
 * {@link StatusButtons}, with the form handler that sends one. Without JavaScript each button's form
 * posts itself and the server redirects to `returnTo`. With it, the same form goes through a fetcher
 * (no reload): the page shows the new status at once, and if the server refuses, the old one comes
 * back with an error toast.
 */
export function useStatusChange(action: string, status: SubmissionStatus) {
  const { fetcher, onSubmit } = useFetcherForm<RecordActionResult>(action);
  const pending = fetcher.formData?.get("status");
  const shown = SUBMISSION_STATUSES.find((value) => value === pending) ?? status;

  const result = fetcher.data;
  useEffect(() => {
    if (result && !result.ok) {
      showToast({ title: "Status not changed", description: result.message, variant: "destructive" });
    }
  }, [result]);

  const buttons: StatusChange = { action, current: shown, onSubmit, busy: fetcher.state !== "idle" };
  return { shown, buttons };
}

/**
 * One plain HTML form, a button per status it can move to ("Mark contacted", "Mark closed", "Mark
 * spam", "Not spam"): the button pressed sends its status, with or without JavaScript.
 */
export function StatusButtons({
  action,
  current,
  returnTo,
  onSubmit,
  busy,
  name,
  compact = false,
}: StatusChange & {
  returnTo: string;
  /** Whose record, for the buttons' accessible names ("Mark contacted: Jane Doe"). */
  name: string;
  /**
   * The desktop list's rows: small buttons with the status alone ("Closed"), the same names;
   * "from-lg": the inbox list's one markup, full buttons below 1024 px and small ones from there.
   */
  compact?: boolean | "from-lg";
}) {
  const container =
    compact === "from-lg"
      ? "flex flex-wrap gap-2 lg:flex-nowrap lg:justify-end lg:gap-1"
      : compact
        ? "flex flex-nowrap justify-end gap-1"
        : "flex flex-wrap gap-2";
  return (
    <form method="post" action={action} onSubmit={onSubmit} className={container}>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="returnTo" value={returnTo} />
      {nextStatuses(current).map((status) => {
        const label = statusActionLabel(current, status);
        return (
          <Button
            key={status}
            type="submit"
            name="status"
            value={status}
            variant={status === "spam" ? "quiet" : "secondary"}
            size="sm"
            disabled={busy}
            aria-label={`${label}: ${name}`}
            className={
              compact === "from-lg" ? "lg:h-6 lg:!px-2 lg:!py-0 lg:!text-xs" : compact ? "h-6 !px-2 !py-0 !text-xs" : ""
            }
          >
            {compact === "from-lg" ? <ResponsiveLabel label={label} /> : compact ? shortLabel(label) : label}
          </Button>
        );
      })}
    </form>
  );
}

/** "Mark closed" → "Closed": the status alone, for small buttons. */
const shortLabel = (label: string) => label.replace(/^Mark /, "").replace(/^./, (first) => first.toUpperCase());

/** "Mark closed" below 1024 px, "Closed" from there: one text, the prefix hidden by CSS. */
function ResponsiveLabel({ label }: { label: string }) {
  if (!label.startsWith("Mark ")) return label;
  return (
    // One flex item (the button spaces its children apart), the status in a box CSS can capitalise.
    <span>
      <span className="lg:hidden">Mark </span>
      <span className="inline-block lg:first-letter:uppercase">{label.slice("Mark ".length)}</span>
    </span>
  );
}
