import { getFormProps, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { type LoginCredentials, loginSchema } from "~/features/sign-in/login-schema";
import { parseFormData } from "~/forms/parse-form";
import { TextField } from "~/ui/forms/fields";
import { useDeferredValidation } from "~/features/submissions/submissions";
import { PasswordField } from "~/ui/forms/password-field";
import { PasskeySignIn } from "~/features/second-factor/second-factor";
import { showToast } from "~/ui/toast/toast-store";
import { Button } from "~/ui/button";
import { AlertIcon, LockIcon } from "~/ui/icons";
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
  const submission = parseFormData(posted.formData, loginSchema);
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400, headers: NO_STORE });
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
  const navigation = useNavigation();
  const signingIn = navigation.formAction === "/login" && navigation.formMethod === "POST";
  const lastResult = actionData?.result;
  const passwordInput = useRef<HTMLInputElement>(null);
  const { validationOptions } = useDeferredValidation<LoginCredentials>("login", { shouldValidate: "onSubmit" });
  const [form, fields] = useForm<LoginCredentials>({
    id: "login",
    lastResult,
    constraint: loaderData.constraint,
    ...validationOptions,
  });

  // Each failed attempt is a new action result: clear the typed password (the server never
  // sends it back, but the browser's input still holds it) and announce the failure as a toast.
  useEffect(() => {
    const message = lastResult?.error?.[""]?.[0];
    if (!message) return;
    if (passwordInput.current) passwordInput.current.value = "";
    showToast({ title: "Login Failed", description: message, variant: "destructive" });
  }, [lastResult]);

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-col items-center text-center">
          <span className="grid size-12 place-items-center rounded-full bg-blue-950 text-white">
            <LockIcon className="size-6" />
          </span>
          <h1 className="mt-4 text-2xl font-bold text-blue-950">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600">Staff sign-in for contact messages and service requests.</p>
        </div>

        <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
          {form.errors?.length ? (
            <div
              id={form.errorId}
              role="alert"
              className="mb-2 flex gap-3 rounded-md border border-red-300 bg-red-50 p-3 text-red-900"
            >
              <AlertIcon className="mt-0.5 size-5 shrink-0" />
              <div>
                <p className="font-semibold">Login Failed</p>
                <p className="text-sm">{form.errors[0]}</p>
              </div>
            </div>
          ) : null}

          <TextField meta={fields.username} label="Username" autoComplete="username" />
          <PasswordField
            meta={fields.password}
            label="Password"
            autoComplete="current-password"
            inputRef={passwordInput}
          />

          <Button type="submit" variant="dark" size="lg" className="mt-2 w-full" disabled={signingIn}>
            {signingIn ? "Signing in..." : "Sign In"}
          </Button>
        </Form>
        <PasskeySignIn />
        <p className="mt-4 text-center text-sm">
          <a href="/login/reset" className="font-semibold text-blue-800 underline">
            Forgot password?
          </a>
        </p>
      </div>
      <p className="mt-6 text-center text-xs text-slate-500">{APP_VERSION}</p>
    </section>
  );
}
