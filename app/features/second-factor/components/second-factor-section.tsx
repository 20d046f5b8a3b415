import { Form } from "react-router";
import { AuthenticatorSetup } from "~/features/second-factor/components/authenticator-setup";
import { PasskeyList } from "~/features/second-factor/components/passkey-list";
import { Button } from "~/ui/button";
import { SECOND_FACTOR_ACTION, type SecondFactorView } from "~/features/second-factor/account-view";

const sectionClasses = "rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

function IntentButton({
  intent,
  label,
  variant = "secondary",
}: {
  intent: string;
  label: string;
  variant?: "secondary" | "dark" | "quiet";
}) {
  return (
    <Form method="post" action={SECOND_FACTOR_ACTION}>
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant}>
        {label}
      </Button>
    </Form>
  );
}

/** The account page's second factor: the authenticator app, recovery codes, passkeys. */
export function SecondFactorSection({ view }: { view: SecondFactorView }) {
  return (
    <>
      <section id="second-factor" aria-labelledby="second-factor-heading" className={sectionClasses}>
        <h2 id="second-factor-heading" className="text-lg font-bold text-blue-950">
          Authenticator app
        </h2>
        {view.required && view.authenticator !== "on" ? (
          <p role="alert" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            The shop&apos;s owners require a second factor: set up an authenticator app to reach the inbox.
          </p>
        ) : null}
        {view.authenticator === "off" ? (
          <div className="mt-2 grid gap-4">
            <p className="text-sm text-slate-600">
              After your password, sign-in asks for a 6-digit code from an app on your phone, so a stolen password alone
              cannot open the inbox.
            </p>
            <div>
              <IntentButton intent="set-up-authenticator" label="Set up an authenticator app" variant="dark" />
            </div>
          </div>
        ) : null}
        {view.authenticator === "setting-up" && view.setup ? (
          <div className="mt-4">
            <AuthenticatorSetup setup={view.setup} />
          </div>
        ) : null}
        {view.authenticator === "on" ? (
          <div className="mt-2 grid gap-4">
            <p className="text-sm text-slate-700">
              <span className="font-semibold text-green-800">On.</span> Sign-in asks for a code from your app after your
              password.
            </p>
            <p className="text-sm text-slate-700">
              <span className="font-semibold">{view.recoveryCodesLeft}</span> of 10 recovery codes left. Each works once
              in place of a code, if your phone is lost.
            </p>
            <div className="flex flex-wrap gap-3">
              <IntentButton intent="new-recovery-codes" label="Make new codes" />
              <IntentButton intent="remove-second-factor" label="Turn off" variant="quiet" />
            </div>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="passkeys-heading" className={sectionClasses}>
        <h2 id="passkeys-heading" className="text-lg font-bold text-blue-950">
          Passkeys
        </h2>
        <p className="mt-1 mb-4 text-sm text-slate-600">
          Sign in with this computer&apos;s or phone&apos;s fingerprint, face or PIN instead of a password and code.
          Passkeys cannot be phished.
        </p>
        <PasskeyList passkeys={view.passkeys} />
      </section>
    </>
  );
}
