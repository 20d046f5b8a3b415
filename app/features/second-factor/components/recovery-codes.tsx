import { ButtonLink } from "~/ui/button";

/** The ten codes, shown once, with a download as a text file (a data: link, no script needed). */
export function RecoveryCodes({ codes, shopName }: { codes: string[]; shopName: string }) {
  const text = `${shopName}: recovery codes\nEach works once, in place of a code from your authenticator app.\n\n${codes.join("\n")}\n`;
  return (
    <div className="grid gap-4">
      <ol
        data-testid="recovery-codes"
        className="grid grid-cols-1 gap-2 rounded-md bg-slate-100 p-4 font-mono text-base text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <ButtonLink
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`}
          download="recovery-codes.txt"
          variant="dark"
        >
          Download
        </ButtonLink>
        <ButtonLink href="/incoming/account" variant="secondary">
          I have saved them
        </ButtonLink>
      </div>
    </div>
  );
}
