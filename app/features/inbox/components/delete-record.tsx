import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hydration/use-hydrated";

/**
 * Deleting a record for good (a visitor asked to be forgotten) always asks first. Without
 * JavaScript the form has a required confirmation box (the server checks it too); with it, the
 * button opens a dialog whose second button deletes.
 */
export function DeleteRecord({ what, returnTo }: { what: string; returnTo: string }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const deleting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  const hidden = (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="returnTo" value={returnTo} />
    </>
  );
  const explanation = `The ${what} and its status history are deleted for good. This cannot be undone.`;

  if (!hydrated) {
    return (
      <form method="post" className="grid gap-3">
        {hidden}
        <p className="text-sm text-slate-700">{explanation}</p>
        <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
          <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-4" />
          Yes, delete this {what} for good
        </label>
        <Button type="submit" variant="primary" className="justify-self-start">
          Delete for good
        </Button>
      </form>
    );
  }

  return (
    <>
      <p className="text-sm text-slate-700">{explanation}</p>
      <Button type="button" variant="primary" className="mt-3" onClick={() => dialog.current?.showModal()}>
        Delete…
      </Button>
      <dialog
        ref={dialog}
        aria-labelledby="delete-title"
        className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id="delete-title" className="text-lg font-bold text-blue-950">
          Delete this {what}?
        </h2>
        <p className="mt-2 text-sm text-slate-700">{explanation}</p>
        <Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          {hidden}
          <input type="hidden" name="confirm" value="yes" />
          <Button type="button" variant="secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </Button>
          <Button type="submit" variant="primary" disabled={deleting}>
            {deleting ? "Deleting..." : "Delete for good"}
          </Button>
        </Form>
      </dialog>
    </>
  );
}
