import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/login-reset-token";
import { PasswordField } from "~/ui/forms/password-field";
import { LinkError, newPasswordSchema } from "~/features/team/team";
import { Button } from "~/ui/button";
import { parseFormData } from "~/forms/parse-form";
import type { RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { getEnv, getRequestTime } from "~/http/context.server";
import { unreachable } from "~/http/exhaustive.server";
import { readPostedForm } from "~/http/request-body.server";
import { redirectWithToast } from "~/http/toast.server";
import { completePasswordReset, LINK_PAGE_HEADERS, linkRefusal, lookUpToken } from "~/features/team/team.server";

// /login/reset/<token>: a new password for the account the link was made for. Every session of
// the account ends; the person signs in again with the new password.

export const handle: RouteHandle = { hydrate: true };

const BODY_LIMIT_BYTES = 4 * 1024;

export async function loader({ context, params }: Route.LoaderArgs) {
  const lookup = await lookUpToken(getEnv(context), params.token, "reset", getRequestTime(context));
  if (lookup.status !== "valid") throw linkRefusal(lookup.status);
  return data({ expiresAt: lookup.row.expiresAt.toISOString() }, { headers: LINK_PAGE_HEADERS });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: BODY_LIMIT_BYTES, headers: LINK_PAGE_HEADERS });
  if (!posted.ok) return posted.refusal;
  const submission = parseFormData(posted.formData, newPasswordSchema);
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password"] }) },
      { status: 400, headers: LINK_PAGE_HEADERS },
    );
  }
  const now = getRequestTime(context);
  const outcome = await completePasswordReset(env, request, params.token, submission.value.password, now);
  switch (outcome.status) {
    case "reset":
      return redirectWithToast(
        env,
        "/login",
        { title: "Password changed", description: `Sign in as ${outcome.username} with your new password.` },
        { headers: LINK_PAGE_HEADERS },
      );
    case "gone":
    case "unknown":
      throw linkRefusal(outcome.status);
    default:
      return unreachable(outcome);
  }
}

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteOrigin(matches), { title: "Choose a new password", description: "", canonicalPath: null }),
  { name: "referrer", content: "no-referrer" },
];

export default function ResetWithToken({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [form, fields] = useForm<{ password: string }>({
    id: "new-password",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
  });
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-blue-950">Choose a new password</h1>
        <p className="mt-1 text-sm text-slate-600">
          At least 12 characters. Saving it signs your account out everywhere; then sign in with it.
        </p>
        <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
          <PasswordField meta={fields.password} label="New password" autoComplete="new-password" />
          <Button type="submit" variant="dark" size="lg" className="mt-2 w-full" disabled={saving}>
            {saving ? "Saving..." : "Save the new password"}
          </Button>
        </Form>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError error={error} kind="reset" />;
}
