import { type FormEvent, useState } from "react";
import { Form, useRevalidator } from "react-router";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { controlClasses } from "~/ui/forms/fields";
import { useHydrated } from "~/ui/hydration/use-hydrated";
import { Button } from "~/ui/button";
import { ItemActionFields } from "~/ui/forms/item-action";
import { type PasskeyRow, SECOND_FACTOR_ACTION } from "~/features/second-factor/account-view";
import { CHECK_PAGE, PASSKEY_NAME_MAX } from "~/features/second-factor/schemas";

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/** "Add a passkey": needs the browser's WebAuthn, so it appears only once the page's script runs. */
function AddPasskey() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const revalidator = useRevalidator();
  if (!hydrated) {
    return <p className="text-sm text-slate-600">Adding a passkey needs JavaScript in this browser.</p>;
  }
  if (typeof window.PublicKeyCredential !== "function")
    return <p className="text-sm text-slate-600">This browser cannot make passkeys.</p>;

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = new FormData(form).get("name");
    setBusy(true);
    setMessage(null);
    try {
      const options = await postJson("/api/account/passkeys/options", {});
      if (
        options.status === 403 &&
        "step" in
          ((await options
            .clone()
            .json()
            .catch(() => ({}))) as object)
      ) {
        // Past 2 hours since the last check: the check page first, then back here to add it.
        window.location.assign(`${CHECK_PAGE}?next=${encodeURIComponent("/incoming/account")}`);
        return;
      }
      if (!options.ok) throw new Error("options");
      // The ceremony's code loads only now (decision 040).
      const { createPasskey } = await import("~/features/second-factor/passkey-ceremonies");
      const credential = await createPasskey(await options.json());
      const answer = await postJson("/api/account/passkeys", { name, credential });
      const body = (await answer.json().catch(() => ({}))) as { message?: string };
      if (answer.ok) {
        form.reset();
        setMessage({ text: "Passkey added.", ok: true });
        await revalidator.revalidate();
      } else {
        setMessage({ text: body.message ?? "That passkey could not be added.", ok: false });
      }
    } catch {
      setMessage({ text: "No passkey was made. Please try again.", ok: false });
    }
    setBusy(false);
  }

  return (
    <form onSubmit={(event) => void add(event)} className="grid gap-2 sm:max-w-md">
      <label htmlFor="passkey-name" className="text-sm font-semibold text-slate-800">
        Name for the new passkey
      </label>
      <input
        id="passkey-name"
        name="name"
        required
        maxLength={PASSKEY_NAME_MAX}
        placeholder="Front desk PC"
        className={controlClasses}
      />
      <Button type="submit" variant="dark" className="justify-self-start" disabled={busy}>
        {busy ? "Waiting for the passkey..." : "Add a passkey"}
      </Button>
      {message ? (
        <p
          role={message.ok ? "status" : "alert"}
          className={message.ok ? "text-sm text-green-800" : "text-sm text-red-700"}
        >
          {message.text}
        </p>
      ) : null}
    </form>
  );
}

/** The member's passkeys with when each was added and last used, each with Remove (a plain form). */
export function PasskeyList({ passkeys }: { passkeys: PasskeyRow[] }) {
  return (
    <div className="grid gap-4">
      {passkeys.length === 0 ? (
        <p className="text-sm text-slate-600">No passkeys yet.</p>
      ) : (
        <ul className="grid gap-3">
          {passkeys.map((key) => (
            <li
              key={key.id}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <p className="font-semibold text-slate-900">{key.name}</p>
                <p className="text-sm text-slate-600">
                  Added <time dateTime={key.createdAt.toISOString()}>{formatSubmittedAt(key.createdAt)}</time>
                  {" · "}
                  {key.lastUsedAt ? (
                    <>
                      last used <time dateTime={key.lastUsedAt.toISOString()}>{formatSubmittedAt(key.lastUsedAt)}</time>
                    </>
                  ) : (
                    "never used"
                  )}
                </p>
              </div>
              <Form method="post" action={SECOND_FACTOR_ACTION}>
                <ItemActionFields
                  intent="remove-passkey"
                  name="passkeyId"
                  value={key.id}
                  label="Remove"
                  ariaLabel={`Remove passkey ${key.name}`}
                />
              </Form>
            </li>
          ))}
        </ul>
      )}
      <AddPasskey />
    </div>
  );
}
