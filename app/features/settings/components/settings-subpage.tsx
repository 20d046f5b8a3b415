import type { ReactNode } from "react";
import { Link } from "react-router";

/**
 * A page below Settings (emails, reply templates, appointments): the way back, its heading and
 * what it is for, then its forms.
 */
export function SettingsSubpage({
  title,
  intro,
  children,
  resetKey,
}: {
  title: string;
  /** Under the heading: a paragraph (or a sub-heading and a paragraph). */
  intro: ReactNode;
  children: ReactNode;
  /** A new key after each form's answer starts the page's forms afresh. */
  resetKey?: string;
}) {
  return (
    <div key={resetKey} className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div>
        <Link
          to="/incoming/settings"
          className="text-sm font-semibold text-blue-800 underline-offset-2 hover:underline"
        >
          ← Back to Settings
        </Link>
        <h1 className="mt-3 text-3xl font-bold text-blue-950">{title}</h1>
        {intro}
      </div>
      {children}
    </div>
  );
}
