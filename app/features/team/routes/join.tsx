import { getFormProps, useForm } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/join";
import { TextField } from "~/ui/forms/fields";
import { PasswordField } from "~/ui/forms/password-field";
import { LinkError } from "~/features/team/components/link-error";
import { Button } from "~/ui/button";
import { parseFormData } from "~/forms/parse-form";
import { USERNAME_RULE } from "~/features/sign-in/sign-in";
import type { RouteHandle } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";
import { getEnv, getRequestTime } from "~/http/context.server";
import { unreachable } from "~/http/exhaustive.server";
import { readPostedForm } from "~/http/request-body.server";
import { withCookies } from "~/http/responses.server";
import { redirectWithToast } from "~/http/toast.server";
import { acceptInvitation, USERNAME_TAKEN_MESSAGE } from "~/features/team/server/invitations.server";
import { LINK_PAGE_HEADERS, linkRefusal } from "~/features/team/server/link-pages.server";
import { lookUpToken } from "~/features/team/server/token-rows.server";
import { type JoinInput, joinSchema } from "~/features/team/schemas";
import { roleLabels } from "~/http/staff-roles";

// /join/<token>: the invitee chooses a username, a display name and a password, and is signed in.

export const handle: RouteHandle = { hydrate: true };

const JOIN_BODY_LIMIT_BYTES = 8 * 1024;

export async function loader({ context, params }: Route.LoaderArgs) {
  const lookup = await lookUpToken(getEnv(context), params.token, "invitation", getRequestTime(context));
  if (lookup.status !== "valid") throw linkRefusal(lookup.status);
  const { role, createdByName, expiresAt } = lookup.row;
  return data(
    { role: role ?? "staff", invitedBy: createdByName, expiresAt: expiresAt.toISOString() },
    { headers: LINK_PAGE_HEADERS },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: JOIN_BODY_LIMIT_BYTES, headers: LINK_PAGE_HEADERS });
  if (!posted.ok) return posted.refusal;
  const submission = parseFormData(posted.formData, joinSchema);
  const refuse = (fieldErrors?: Record<string, string[]>) =>
    data(
      { result: submission.reply({ hideFields: ["password"], fieldErrors }) },
      { status: 400, headers: LINK_PAGE_HEADERS },
    );
  if (submission.status !== "success") return refuse();

  const outcome = await acceptInvitation(env, request, params.token, submission.value, getRequestTime(context));
  switch (outcome.status) {
    case "joined":
      return redirectWithToast(
        env,
        "/incoming",
        { title: "Welcome", description: `You are signed in as ${outcome.username}.` },
        { headers: withCookies(LINK_PAGE_HEADERS, outcome.setCookies) },
      );
    case "usernameTaken":
      return refuse({ username: [USERNAME_TAKEN_MESSAGE] });
    case "gone":
    case "unknown":
      throw linkRefusal(outcome.status);
    default:
      return unreachable(outcome);
  }
}

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(siteOrigin(matches), {
    title: "Join the team",
    description: "Set up your staff account.",
    canonicalPath: null,
  }),
  { name: "referrer", content: "no-referrer" },
];

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const joining = navigation.state === "submitting";
  const [form, fields] = useForm<JoinInput>({ id: "join", lastResult: actionData?.result, shouldValidate: "onSubmit" });
  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-blue-950">Join the team</h1>
        <p className="mt-1 text-sm text-slate-600">
          {loaderData.invitedBy ? `${loaderData.invitedBy} invited you` : "You are invited"} as{" "}
          {roleLabels[loaderData.role]}. Choose how you will sign in.
        </p>
        <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
          <TextField meta={fields.username} label="Username" autoComplete="username" hint={`${USERNAME_RULE}.`} />
          <TextField meta={fields.displayName} label="Your name (optional)" autoComplete="name" />
          <PasswordField meta={fields.password} label="Password (at least 12 characters)" autoComplete="new-password" />
          <Button type="submit" variant="dark" size="lg" className="mt-2 w-full" disabled={joining}>
            {joining ? "Setting up..." : "Create my account"}
          </Button>
        </Form>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError error={error} kind="invitation" />;
}
