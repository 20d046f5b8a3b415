import { data } from "react-router";
import type { Route } from "./+types/account-second-factor";
import { RecoveryCodes } from "~/features/second-factor/components/recovery-codes";
import { shop } from "~/content/shop";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { actingMember, getStaffMember } from "~/http/staff-member.server";
import { NO_STORE } from "~/http/responses.server";
import { handleSecondFactorAction } from "~/features/second-factor/server/second-factor-page.server";

// /incoming/account/second-factor: where the account page's second-factor forms post. Most answer
// with a redirect back; confirming an authenticator app or making new codes shows the recovery
// codes here, once (they are kept only as hashes).

export const handle: RouteHandle = { hydrate: true };

// No redirect here: after a post, the page is rendered with this loader too (and the codes with it).
export const loader = () => data(null, { headers: NO_STORE });

export function action({ request, context }: Route.ActionArgs) {
  return handleSecondFactorAction(request, context, getStaffMember(context), actingMember(request, context));
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta("Recovery codes", "Your second factor's recovery codes.");

export default function AccountSecondFactor({ actionData }: Route.ComponentProps) {
  if (!actionData || !("codes" in actionData)) {
    return (
      <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
        <p role="alert" className="text-slate-800">
          Your second factor is managed on your account page.{" "}
          <a href="/incoming/account" className="font-semibold text-blue-800 underline">
            Back to your account
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold text-blue-950">{actionData.title}</h1>
      <div className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 className="text-lg font-bold text-blue-950">Save your recovery codes now</h2>
        <p className="mt-1 mb-4 text-sm text-slate-700">
          If your phone is lost, each of these works once in place of a code. This is the only time they are shown:
          download them or write them down, and keep them away from this computer.
        </p>
        <RecoveryCodes codes={actionData.codes} shopName={shop.name} />
      </div>
    </section>
  );
}
