import { Form } from "react-router";
import { Button } from "~/ui/button";
import { type MemberFactors, TEAM_SECOND_FACTOR_ACTION } from "~/features/second-factor/account-view";

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** A member's second factor on their team card: authenticator, passkeys, recovery codes left. */
export function MemberSecondFactor({ factors }: { factors: MemberFactors }) {
  const parts = [
    factors.authenticator ? "Authenticator app" : "No authenticator app",
    plural(factors.passkeys, "passkey", "passkeys"),
    ...(factors.authenticator ? [`${plural(factors.recoveryCodesLeft, "recovery code", "recovery codes")} left`] : []),
  ];
  return (
    <>
      <dt className="text-slate-600">Second factor</dt>
      <dd
        className={`sm:col-span-3 ${factors.authenticator || factors.passkeys > 0 ? "text-slate-900" : "text-amber-800"}`}
      >
        {parts.join(" · ")}
      </dd>
    </>
  );
}

/** An owner's reset of a member's second factor (for a lost phone): removes the app, codes and passkeys. */
export function ResetSecondFactor({ username }: { username: string }) {
  return (
    <details className="group">
      <summary className="cursor-pointer list-none rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        Reset second factor…
      </summary>
      <Form method="post" action={TEAM_SECOND_FACTOR_ACTION}>
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="username" value={username} />
        <div className="mt-3 grid gap-2 rounded-md bg-slate-50 p-3">
          <p className="text-sm text-slate-800">
            Removes {username}&apos;s authenticator app, recovery codes and passkeys: they sign in with their password
            and set up a new one.
          </p>
          <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
            <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-4" />
            Yes, reset {username}&apos;s second factor
          </label>
          <Button type="submit" variant="primary" size="sm" className="justify-self-start">
            Reset second factor
          </Button>
        </div>
      </Form>
    </details>
  );
}

/** The owners' "Require a second factor for everyone". */
export function RequireSecondFactor({ required }: { required: boolean }) {
  return (
    <Form method="post" action={TEAM_SECOND_FACTOR_ACTION} className="grid gap-3">
      <input type="hidden" name="intent" value="require" />
      <input type="hidden" name="required" value={required ? "no" : "yes"} />
      <p className="text-sm text-slate-700">
        {required
          ? "Required: a member without an authenticator app is sent from sign-in to set one up before reaching the inbox."
          : "Not required: each member may set one up on their account page."}
      </p>
      <Button type="submit" variant={required ? "secondary" : "dark"} className="justify-self-start">
        {required ? "Stop requiring a second factor" : "Require a second factor for everyone"}
      </Button>
    </Form>
  );
}
