import { deferredForm } from "~/ui/forms/deferred-form";

// The sign-in form as /login uses it: hydrated like the public forms (docs/decisions/002). It is the
// whole of /login, so it is always in view: it waits for the visitor's first tap, key or focus rather
// than loading at once (decision 040). The id is the one LoginForm's useForm gives the <form>.
export const deferredLoginForm = deferredForm(
  "login",
  () => import("./login-form").then((module) => module.LoginForm),
  { whenInView: false },
);

export const LoginForm = deferredLoginForm.Component;
