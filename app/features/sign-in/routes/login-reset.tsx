import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/login-reset";
import { TextField } from "~/ui/forms/fields";
import { useServerCheckedForm } from "~/ui/forms/use-server-checked-form";
import { Button } from "~/ui/button";
import { CardPage } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getEnv, getRequestTime } from "~/http/context.server";
import { pageRefusal, refused, unreachable } from "~/http/outcome.server";
import { submittedFormAction } from "~/http/request-body.server";
import { NO_STORE, retryAfterOfAction } from "~/http/responses.server";
import { redirectWithToast } from "~/http/toast.server";
import { requestPasswordReset } from "~/features/team/team.server";
import { resetRequestSchema } from "~/features/team/team";

// /login/reset ("Forgot password?"): a username or an email address. The answer never says
// whether such an account exists: the same redirect and words either way.

export const handle: RouteHandle = { hydrate: true };

const RESET_FORM = { schema: resetRequestSchema, limitBytes: 4 * 1024, headers: NO_STORE };
export const RESET_REQUESTED_MESSAGE = "If that account has an email address, a link is on its way.";

export const loader = () => data(null, { headers: NO_STORE });

export const action = submittedFormAction(RESET_FORM, async (submission, { request, context }: Route.ActionArgs) => {
  const env = getEnv(context);
  const outcome = await requestPasswordReset(env, request, submission.value.account, getRequestTime(context));
  switch (outcome.status) {
    case "accepted":
      return redirectWithToast(
        env,
        "/login/reset",
        { title: "Check your email", description: RESET_REQUESTED_MESSAGE },
        { headers: NO_STORE },
      );
    case "throttled": {
      const minutes = Math.max(1, Math.ceil(outcome.retryAfterSeconds / 60));
      const message = `Too many requests from here, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
      const { refusal } = refused("throttled", message, { retryAfterSeconds: outcome.retryAfterSeconds });
      return pageRefusal(refusal, submission.reply({ formErrors: [message] }), NO_STORE);
    }
    default:
      return unreachable(outcome);
  }
});

export const headers: Route.HeadersFunction = (args) => ({ ...NO_STORE, ...retryAfterOfAction(args) });

export const meta: Route.MetaFunction = privatePageMeta("Forgot password", "A link to choose a new staff password.");

export default function LoginReset({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useServerCheckedForm<{ account: string }>("reset-request", actionData?.result);
  return (
    <CardPage
      title="Forgot your password?"
      intro="Enter your username or email address. If the account has an email address, we send it a link to choose a new password (valid 30 minutes). Otherwise, ask an owner for a reset link."
    >
      <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
        {form.errors?.length ? (
          <p
            id={form.errorId}
            role="alert"
            className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900"
          >
            {form.errors[0]}
          </p>
        ) : null}
        <TextField meta={fields.account} label="Username or email" autoComplete="username" />
        <Button type="submit" variant="dark" size="lg" className="mt-2 w-full" disabled={sending}>
          {sending ? "Sending..." : "Send me a link"}
        </Button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <a href="/login" className="font-semibold text-blue-800 underline">
          Back to sign-in
        </a>
      </p>
    </CardPage>
  );
}
