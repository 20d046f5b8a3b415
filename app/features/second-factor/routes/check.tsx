import { getFormProps, useForm } from "@conform-to/react";
import { FormErrorLine } from "~/ui/forms/intent-form";
import { Form } from "react-router";
import type { Route } from "./+types/check";
import { PasswordField } from "~/ui/forms/password-field";
import { CodeForm } from "~/features/second-factor/components/code-form";
import { Button } from "~/ui/button";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getStaffMember } from "~/http/staff-member.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { NO_STORE, retryAfterOfAction } from "~/http/responses.server";
import { handleCheckAction, loadCheckPage } from "~/features/second-factor/server/check-page.server";

// /incoming/check?next=…: asked again before exporting, deleting or changing the team when the
// last check is over 2 hours old; then on to where the member was going.

export const handle: RouteHandle = { hydrate: true };

export const loader = ({ request, context }: Route.LoaderArgs) =>
  loadCheckPage(request, getEnv(context), getStaffMember(context));

export const action = ({ request, context }: Route.ActionArgs) =>
  handleCheckAction(request, getEnv(context), getStaffMember(context), getRequestTime(context));

export const headers: Route.HeadersFunction = (args) => ({ ...NO_STORE, ...retryAfterOfAction(args) });

export const meta: Route.MetaFunction = privatePageMeta("Confirm it is you", "Asked again.");

function PasswordCheck({ next, lastResult }: { next: string; lastResult: Route.ComponentProps["actionData"] }) {
  const [form, fields] = useForm<{ password: string }>({ id: "check-password", lastResult: lastResult?.result });
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="next" value={next} />
      <FormErrorLine form={form} />
      <PasswordField meta={fields.password} label="Your password" autoComplete="current-password" />
      <Button type="submit" variant="dark" size="lg" className="w-full">
        Confirm
      </Button>
    </Form>
  );
}

export default function Check({ loaderData, actionData }: Route.ComponentProps) {
  const { next, method } = loaderData;
  return (
    <section className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-blue-950">Confirm it is you</h1>
        <p className="mt-1 mb-6 text-sm text-slate-600">
          Exporting, deleting, changing how you sign in, and the owners’ changes to the team and settings ask again
          after 2 hours. {method === "code" ? "Enter a code from your authenticator app." : "Enter your password."}
        </p>
        {method === "code" ? (
          <CodeForm
            id="check-code"
            lastResult={actionData?.result}
            submitLabel="Confirm"
            hidden={<input type="hidden" name="next" value={next} />}
          />
        ) : (
          <PasswordCheck next={next} lastResult={actionData} />
        )}
      </div>
    </section>
  );
}
