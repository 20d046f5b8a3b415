import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginForm } from "~/features/sign-in/components/deferred-login-form";
import { PasskeySignIn } from "~/features/second-factor/second-factor";
import { CardPage } from "~/ui/card";
import { LockIcon } from "~/ui/icons";
import { parseLoginForm } from "~/features/sign-in/server/login-form.server";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import {
  getStaffUser,
  LOGIN_BODY_LIMIT_BYTES,
  LOGIN_TOO_LARGE_MESSAGE,
  logIn,
  signInPageAnswer,
} from "~/features/sign-in/sign-in.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { formConstraintsAt } from "~/features/submissions/submissions.server";
import { invalidFormAnswer } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE, retryAfterOfAction } from "~/http/responses.server";

export const handle: RouteHandle = { hydrate: true };

const APP_VERSION = "v3.0.0";

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getStaffUser(request, getEnv(context), getRequestTime(context)))
    throw redirect("/incoming", { headers: NO_STORE });
  return { constraint: formConstraintsAt("login", getRequestTime(context)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, {
    limitBytes: LOGIN_BODY_LIMIT_BYTES,
    tooLargeMessage: LOGIN_TOO_LARGE_MESSAGE,
    headers: NO_STORE,
  });
  if (!posted.ok) return posted.refusal;
  const submission = parseLoginForm(posted.formData);
  if (submission.status !== "success") {
    return invalidFormAnswer(submission.reply({ hideFields: ["password"] }), NO_STORE);
  }

  const outcome = await logIn(request, env, submission.value, getRequestTime(context));
  // The username stays in the form; the password never comes back.
  return signInPageAnswer(env, outcome, (message) =>
    submission.reply({ formErrors: [message], hideFields: ["password"] }),
  );
}

export const headers: Route.HeadersFunction = (args) => ({ ...NO_STORE, ...retryAfterOfAction(args) });

export const meta: Route.MetaFunction = privatePageMeta("Staff Login", "Sign in to the shop's message inbox.");

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CardPage
      icon={LockIcon}
      title="Admin Login"
      intro="Staff sign-in for contact messages and service requests."
      after={<p className="mt-6 text-center text-xs text-slate-500">{APP_VERSION}</p>}
    >
      <LoginForm lastResult={actionData?.result} constraint={loaderData.constraint} />
      <p className="mt-4 text-center text-sm">
        <a href="/login/reset" className="font-semibold text-blue-800 underline">
          Forgot password?
        </a>
      </p>
      {/* Last: it appears once the script runs, and must not move a link the visitor is about to tap. */}
      <PasskeySignIn />
    </CardPage>
  );
}
