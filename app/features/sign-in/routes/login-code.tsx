import { data, redirect } from "react-router";
import type { Route } from "./+types/login-code";
import { CodeForm, codeSchema, PasskeySignIn } from "~/features/second-factor/second-factor";
import { CardPage } from "~/ui/card";
import { ShieldIcon } from "~/ui/icons";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { pendingMember, signInPageAnswer } from "~/features/sign-in/sign-in.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { type PageForm, submittedFormAction } from "~/http/request-body.server";
import { NO_STORE, retryAfterOfAction } from "~/http/responses.server";
import { signInWithCode } from "~/features/second-factor/second-factor.server";

// /login/code: the second step of signing in, for a browser whose password was right a moment
// ago (the half-signed-in cookie, 5 minutes). It has no session: it can only finish signing in.

export const handle: RouteHandle = { hydrate: true };

const CODE_FORM: PageForm<typeof codeSchema> = {
  schema: codeSchema,
  limitBytes: 1024,
  headers: NO_STORE,
  hideFields: ["code"],
};

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!(await pendingMember(request, getEnv(context), getRequestTime(context)))) {
    throw redirect("/login", { headers: NO_STORE });
  }
  return data(null, { headers: NO_STORE });
}

export const action = submittedFormAction(CODE_FORM, async (submission, { request, context }: Route.ActionArgs) => {
  const env = getEnv(context);
  const outcome = await signInWithCode(request, env, submission.value.code, getRequestTime(context));
  return signInPageAnswer(env, outcome, (message) =>
    submission.reply({ formErrors: [message], hideFields: CODE_FORM.hideFields }),
  );
});

export const headers: Route.HeadersFunction = (args) => ({ ...NO_STORE, ...retryAfterOfAction(args) });

export const meta: Route.MetaFunction = privatePageMeta("Enter your code", "The second step of the staff sign-in.");

export default function LoginCode({ actionData }: Route.ComponentProps) {
  return (
    <CardPage
      icon={ShieldIcon}
      title="Enter your code"
      intro="Open your authenticator app and type the 6-digit code it shows for the shop."
    >
      <div className="mt-6">
        <CodeForm id="sign-in-code" lastResult={actionData?.result} submitLabel="Verify and sign in" />
      </div>
      <details className="mt-6 text-sm text-slate-700">
        <summary className="cursor-pointer font-semibold text-blue-800">Lost your phone?</summary>
        <p className="mt-2">
          Type one of the recovery codes you saved when you set up the app (each works once). Without them, ask an owner
          to reset your second factor.
        </p>
      </details>
      <p className="mt-4 text-center text-sm">
        <a href="/login" className="font-semibold text-blue-800 underline">
          Start again
        </a>
      </p>
      {/* Last: it appears once the script runs, and must not move a link the visitor is about to tap. */}
      <PasskeySignIn />
    </CardPage>
  );
}
