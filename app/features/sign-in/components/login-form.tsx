import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import type { LoginCredentials } from "~/features/sign-in/login-schema";
import { TextField } from "~/ui/forms/fields";
import { PasswordField } from "~/ui/forms/password-field";
import { useDeferredValidation } from "~/features/submissions/submissions";
import { showToast } from "~/ui/toast/toast-store";
import { Button } from "~/ui/button";
import { AlertIcon } from "~/ui/icons";

export type LoginFormProps = {
  lastResult: SubmissionResult<string[]> | undefined;
  constraint: Parameters<typeof useForm>[0]["constraint"];
};

/**
 * The username and password form of /login. Deferred like the public forms (decision 002): its
 * code (conform, then zod) loads when the visitor heads for it, so /login paints and answers within
 * the form pages' script budget (decision 040); until then it is the server's plain form.
 */
export function LoginForm({ lastResult, constraint }: LoginFormProps) {
  const navigation = useNavigation();
  const signingIn = navigation.formAction === "/login" && navigation.formMethod === "POST";
  const passwordInput = useRef<HTMLInputElement>(null);
  const { validationOptions } = useDeferredValidation<LoginCredentials>("login", { shouldValidate: "onSubmit" });
  const [form, fields] = useForm<LoginCredentials>({ id: "login", lastResult, constraint, ...validationOptions });

  // Each failed attempt is a new action result: clear the typed password (the server never
  // sends it back, but the browser's input still holds it) and announce the failure as a toast.
  useEffect(() => {
    const message = lastResult?.error?.[""]?.[0];
    if (!message) return;
    if (passwordInput.current) passwordInput.current.value = "";
    showToast({ title: "Login Failed", description: message, variant: "destructive" });
  }, [lastResult]);

  return (
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
      <PasswordField meta={fields.password} label="Password" autoComplete="current-password" inputRef={passwordInput} />

      <Button type="submit" variant="dark" size="lg" className="mt-2 w-full" disabled={signingIn}>
        {signingIn ? "Signing in..." : "Sign In"}
      </Button>
    </Form>
  );
}
