import { useRouteLoaderData } from "react-router";
import type { ToastMessage } from "~/ui/toast/toast-store";
import type { InboxKind } from "~/records/kinds";

/** Form-level errors from the server (rate limit, storage failure), announced to screen readers. */
export function FormAlert({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-900"
    >
      {errors.map((error) => (
        <p key={error}>{error}</p>
      ))}
    </div>
  );
}

/**
 * After a successful post the page reloads with the success toast queued. A toast needs
 * JavaScript, so the same title and text are also written into the form: visitors whose
 * browser runs none (or whose script failed to load) still see that their message arrived.
 */
export function FormSuccessNotice({ formName }: { formName: InboxKind }) {
  // Typed by shape, not through app/root.tsx's loader: the root imports the features, not back.
  const toast = useRouteLoaderData<{ toast: ToastMessage | null }>("root")?.toast;
  if (toast?.formId !== formName) return null;
  return (
    <div className="rounded-md border border-green-300 bg-green-50 px-4 py-3 text-green-900" data-testid="form-success">
      <p className="font-semibold">{toast.title}</p>
      <p className="text-sm">{toast.description}</p>
    </div>
  );
}
