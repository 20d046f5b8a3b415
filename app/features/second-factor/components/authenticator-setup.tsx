import { Form } from "react-router";
import { CodeForm } from "~/features/second-factor/components/code-form";
import { Button } from "~/ui/button";
import { SECOND_FACTOR_ACTION, type SecondFactorView } from "~/features/second-factor/account-view";

/** The QR code drawn on the server as one path: any browser shows it, no script needed. */
function QrCode({ size, path }: { size: number; path: string }) {
  return (
    <svg
      viewBox={`0 0 ${size} ${size}`}
      role="img"
      aria-label="QR code for your authenticator app"
      className="size-48 shrink-0 rounded-md border border-slate-200 bg-white sm:size-56"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#0f172a" />
    </svg>
  );
}

/** Scan the code (or type the secret), then confirm with the first code the app shows. */
export function AuthenticatorSetup({ setup }: { setup: NonNullable<SecondFactorView["setup"]> }) {
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-2 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
        <li>Scan this QR code with it, or type the secret below.</li>
        <li>Enter the 6-digit code it shows to confirm.</li>
      </ol>
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <QrCode size={setup.qr.size} path={setup.qr.path} />
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-800">Secret (if you cannot scan)</p>
          <code
            data-testid="totp-secret"
            className="mt-1 block rounded-md bg-slate-100 px-3 py-2 font-mono text-base tracking-wider break-words text-slate-900"
          >
            {setup.spacedSecret}
          </code>
          <p className="mt-1 text-xs text-slate-600">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <div className="max-w-sm">
        <CodeForm
          id="confirm-authenticator"
          submitLabel="Confirm"
          action={SECOND_FACTOR_ACTION}
          hint="The 6 digits the app shows now."
          hidden={<input type="hidden" name="intent" value="confirm-authenticator" />}
        />
      </div>
      <Form method="post" action={SECOND_FACTOR_ACTION}>
        <input type="hidden" name="intent" value="cancel-setup" />
        <Button type="submit" variant="quiet" size="sm">
          Cancel
        </Button>
      </Form>
    </div>
  );
}
