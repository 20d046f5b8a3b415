import { type FormMetadata, getFormProps } from "@conform-to/react";
import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, useNavigation } from "react-router";
import { privatePageMeta } from "~/seo/meta";
import { Button, ButtonLink } from "~/ui/button";
import { CardPage } from "~/ui/card";

// The pages a single-use link opens (/join/<token>, /login/reset/<token>): their meta, their form
// card, and the page of a link that no longer opens anything.

/** A link page's meta: not listed, and its address (which holds the secret) never sent on as a referrer. */
export const linkPageMeta = (title: string, description: string) =>
  privatePageMeta(title, description, [{ name: "referrer", content: "no-referrer" }]);

/** The link page's one form, in a card under its heading. */
export function LinkPageForm<Schema extends Record<string, unknown>>({
  title,
  intro,
  form,
  submit,
  submitting,
  children,
}: {
  title: string;
  intro: ReactNode;
  form: FormMetadata<Schema, string[]>;
  submit: string;
  submitting: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <CardPage title={title} intro={intro}>
      <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
        {children}
        <Button type="submit" variant="dark" size="lg" className="mt-2 w-full" disabled={busy}>
          {busy ? submitting : submit}
        </Button>
      </Form>
    </CardPage>
  );
}

/** The page of a link that no longer opens anything, in words that say what to do next. */
export function LinkError({ error, kind }: { error: unknown; kind: "invitation" | "reset" }) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) throw error;
  const gone = status === 410;
  const title = gone ? "This link no longer works" : "This link is not valid";
  const text =
    kind === "invitation"
      ? gone
        ? "The invitation was already used, revoked, or it expired (invitations last 72 hours). Ask an owner for a new one."
        : "Check that the whole link was copied, or ask an owner for a new invitation."
      : gone
        ? "The reset link was already used, replaced by a newer one, or it expired (reset links last 30 minutes). Ask for a new one."
        : "Check that the whole link was copied, or ask for a new one.";
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold text-blue-950">{title}</h1>
      <p className="mt-4 text-slate-700">{text}</p>
      <ButtonLink href={kind === "invitation" ? "/login" : "/login/reset"} variant="dark" className="mt-8">
        {kind === "invitation" ? "Go to sign-in" : "Ask for a new link"}
      </ButtonLink>
    </section>
  );
}
