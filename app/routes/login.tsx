import type { Route } from "./+types/login";
import { hydrated } from "~/route-handle";
import { pageMeta, siteOrigin } from "~/seo/meta";

export const handle = hydrated;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(siteOrigin(matches), {
    title: "Staff Login",
    description: "Sign in to the shop's message inbox.",
    canonicalPath: null,
    noindex: true,
  });

export default function Login() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-blue-950">Admin Login</h1>
      <p className="mt-8 text-sm text-slate-600">v3.0.0</p>
    </section>
  );
}
