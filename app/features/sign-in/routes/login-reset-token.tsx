import { data } from "react-router";
import type { Route } from "./+types/login-reset-token";
import { PasswordField } from "~/ui/forms/password-field";
import { useServerCheckedForm } from "~/ui/forms/use-server-checked-form";
import { LinkError, LinkPageForm, linkPageMeta, newPasswordSchema } from "~/features/team/team";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { submittedFormAction } from "~/http/request-body.server";
import { redirectWithToast } from "~/http/toast.server";
import {
  completePasswordReset,
  LINK_PAGE_HEADERS,
  linkPageForm,
  linkRefusal,
  openLink,
} from "~/features/team/team.server";

// /login/reset/<token>: a new password for the account the link was made for. Every session of
// the account ends; the person signs in again with the new password.

export const handle: RouteHandle = { hydrate: true };

const NEW_PASSWORD_FORM = linkPageForm(newPasswordSchema, 4 * 1024);

export async function loader({ context, params }: Route.LoaderArgs) {
  const link = await openLink(context, params.token, "reset");
  return data({ expiresAt: link.expiresAt.toISOString() }, { headers: LINK_PAGE_HEADERS });
}

export const action = submittedFormAction(
  NEW_PASSWORD_FORM,
  async (submission, { request, context, params }: Route.ActionArgs) => {
    const env = getEnv(context);
    const now = getRequestTime(context);
    const outcome = await completePasswordReset(env, request, params.token, submission.value.password, now);
    if (outcome.status !== "reset") throw linkRefusal(outcome.status);
    return redirectWithToast(
      env,
      "/login",
      { title: "Password changed", description: `Sign in as ${outcome.username} with your new password.` },
      { headers: LINK_PAGE_HEADERS },
    );
  },
);

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = linkPageMeta("Choose a new password", "");

export default function ResetWithToken({ actionData }: Route.ComponentProps) {
  const [form, fields] = useServerCheckedForm<{ password: string }>("new-password", actionData?.result);
  return (
    <LinkPageForm
      title="Choose a new password"
      intro="At least 12 characters. Saving it signs your account out everywhere; then sign in with it."
      form={form}
      submit="Save the new password"
      submitting="Saving..."
    >
      <PasswordField meta={fields.password} label="New password" autoComplete="new-password" />
    </LinkPageForm>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError error={error} kind="reset" />;
}
