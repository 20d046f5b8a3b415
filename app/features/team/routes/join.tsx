import { useServerCheckedForm } from "~/ui/forms/use-server-checked-form";
import { data } from "react-router";
import type { Route } from "./+types/join";
import { TextField } from "~/ui/forms/fields";
import { PasswordField } from "~/ui/forms/password-field";
import { LinkError, LinkPageForm, linkPageMeta } from "~/features/team/components/link-page";
import { USERNAME_RULE } from "~/features/sign-in/sign-in";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { formErrorsOf, pageRefusal, refused, unreachable } from "~/http/outcome.server";
import { submittedFormAction } from "~/http/request-body.server";
import { withCookies } from "~/http/responses.server";
import { redirectWithToast } from "~/http/toast.server";
import { acceptInvitation, USERNAME_TAKEN_MESSAGE } from "~/features/team/server/invitations.server";
import { LINK_PAGE_HEADERS, linkPageForm, linkRefusal, openLink } from "~/features/team/server/link-pages.server";
import { type JoinInput, joinSchema } from "~/features/team/schemas";
import { roleLabels } from "~/http/staff-roles";

// /join/<token>: the invitee chooses a username, a display name and a password, and is signed in.

export const handle: RouteHandle = { hydrate: true };

const JOIN_FORM = linkPageForm(joinSchema, 8 * 1024);

export async function loader({ context, params }: Route.LoaderArgs) {
  const { role, createdByName, expiresAt } = await openLink(context, params.token, "invitation");
  return data(
    { role: role ?? "staff", invitedBy: createdByName, expiresAt: expiresAt.toISOString() },
    { headers: LINK_PAGE_HEADERS },
  );
}

export const action = submittedFormAction(
  JOIN_FORM,
  async (submission, { request, context, params }: Route.ActionArgs) => {
    const env = getEnv(context);
    const outcome = await acceptInvitation(env, request, params.token, submission.value, getRequestTime(context));
    switch (outcome.status) {
      case "joined":
        return redirectWithToast(
          env,
          "/incoming",
          { title: "Welcome", description: `You are signed in as ${outcome.username}.` },
          { headers: withCookies(LINK_PAGE_HEADERS, outcome.setCookies) },
        );
      case "usernameTaken": {
        const { refusal } = refused("invalid", USERNAME_TAKEN_MESSAGE, {
          fieldErrors: { username: [USERNAME_TAKEN_MESSAGE] },
        });
        const result = submission.reply({ hideFields: JOIN_FORM.hideFields, fieldErrors: formErrorsOf(refusal) });
        return pageRefusal(refusal, result, LINK_PAGE_HEADERS);
      }
      case "gone":
      case "unknown":
        throw linkRefusal(outcome.status);
      default:
        return unreachable(outcome);
    }
  },
);

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = linkPageMeta("Join the team", "Set up your staff account.");

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useServerCheckedForm<JoinInput>("join", actionData?.result);
  const invitedBy = loaderData.invitedBy ? `${loaderData.invitedBy} invited you` : "You are invited";
  return (
    <LinkPageForm
      title="Join the team"
      intro={`${invitedBy} as ${roleLabels[loaderData.role]}. Choose how you will sign in.`}
      form={form}
      submit="Create my account"
      submitting="Setting up..."
    >
      <TextField meta={fields.username} label="Username" autoComplete="username" hint={`${USERNAME_RULE}.`} />
      <TextField meta={fields.displayName} label="Your name (optional)" autoComplete="name" />
      <PasswordField meta={fields.password} label="Password (at least 12 characters)" autoComplete="new-password" />
    </LinkPageForm>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError error={error} kind="invitation" />;
}
