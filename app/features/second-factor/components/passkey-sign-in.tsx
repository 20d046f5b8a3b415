import { useState } from "react";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hydration/use-hydrated";

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

/**
 * "Sign in with a passkey": shown only once the page's script runs in a browser that has WebAuthn
 * (without JavaScript the password form is the whole page). A passkey counts as both factors.
 * Until then its place is kept, invisible, so that nothing below it moves when it appears.
 */
export function PasskeySignIn() {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  // The ceremony's code loads only when the button is pressed (decision 040), so /login's first visit
  // does not download and run it (Lighthouse counted it as blocking time).
  if (!hydrated || typeof window.PublicKeyCredential !== "function") {
    return (
      <div className="invisible" aria-hidden="true">
        <PasskeyBlock busy={false} onClick={undefined} message={null} />
      </div>
    );
  }

  async function signIn() {
    setBusy(true);
    setMessage(null);
    try {
      const options = await postJson("/api/login/passkey/options", {});
      if (!options.ok) throw new Error("options");
      const { signWithPasskey } = await import("~/features/second-factor/passkey-ceremonies");
      const credential = await signWithPasskey(await options.json());
      const answer = await postJson("/api/login/passkey", { credential });
      if (answer.ok) {
        window.location.assign("/incoming");
        return;
      }
      const body = (await answer.json().catch(() => ({}))) as { message?: string };
      setMessage(body.message ?? "That passkey could not sign you in.");
    } catch {
      setMessage("No passkey was used. Try again, or sign in with your password.");
    }
    setBusy(false);
  }

  return <PasskeyBlock busy={busy} onClick={() => void signIn()} message={message} />;
}

/** The divider and the button (and what went wrong): the same box whether it works yet or not. */
function PasskeyBlock({
  busy,
  onClick,
  message,
}: {
  busy: boolean;
  onClick: (() => void) | undefined;
  message: string | null;
}) {
  return (
    <div className="mt-4 grid gap-2">
      <div className="flex items-center gap-3 text-xs text-slate-500" aria-hidden="true">
        <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
      </div>
      <Button
        type="button"
        variant="secondary"
        size="lg"
        className="w-full"
        onClick={onClick}
        disabled={busy || !onClick}
      >
        {busy ? "Waiting for your passkey..." : "Sign in with a passkey"}
      </Button>
      {message ? (
        <p role="alert" className="text-center text-sm font-medium text-red-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
