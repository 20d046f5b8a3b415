import { useState } from "react";
import type { ShownLink as ShownLinkData } from "~/features/team/server/shown-link.server";
import { Button } from "~/ui/button";
import { useHydrated } from "~/ui/hydration/use-hydrated";
import { formatShopDateTime } from "~/hours/shop-calendar";

/**
 * A link just made, shown this once: selectable text, and a Copy button once JavaScript runs.
 * The server keeps only a hash of it, so a lost link is replaced by making a new one.
 */
export function ShownLink({ link }: { link: ShownLinkData }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  const title = link.kind === "invitation" ? "Invitation link" : `Password reset link for ${link.username ?? ""}`;
  const sent = link.emailed
    ? link.kind === "invitation"
      ? "It was also emailed to the address you gave."
      : "It was also emailed to the account's address."
    : "Send it to the person yourself (a text message, say).";
  return (
    <section
      aria-labelledby="shown-link-title"
      className="rounded-xl border border-green-300 bg-green-50 p-4 shadow-sm sm:p-6"
    >
      <h2 id="shown-link-title" className="text-lg font-bold text-green-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-green-900">
        Shown only now: copy it before you leave this page. It works once, until{" "}
        {formatShopDateTime(new Date(link.expiresAt))}. {sent}
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <label htmlFor="shown-link-url" className="sr-only">
          {title}
        </label>
        <input
          id="shown-link-url"
          readOnly
          value={link.url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-md border border-green-400 bg-white px-3 py-2 font-mono text-sm text-slate-900"
        />
        {hydrated ? (
          <Button
            type="button"
            variant="dark"
            onClick={() => {
              void navigator.clipboard.writeText(link.url).then(() => setCopied(true));
            }}
          >
            {copied ? "Copied" : "Copy link"}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
