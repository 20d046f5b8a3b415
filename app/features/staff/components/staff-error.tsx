import { buttonClasses } from "~/ui/button";

/** A staff page that failed (a record that is gone, a page for owners only, an outage), in the staff's words. */
export function StaffErrorPage({ status }: { status: number }) {
  const { title, text } = staffErrorText(status);
  return (
    <main id="main" className="flex-1 bg-slate-50">
      <section className="mx-auto max-w-3xl px-4 py-16 text-center">
        <p className="text-sm font-semibold tracking-wide text-red-700 uppercase">Error {status}</p>
        <h1 className="mt-2 text-3xl font-bold text-blue-950">{title}</h1>
        <p className="mt-4 text-slate-700">{text}</p>
        <a href="/incoming" className={`${buttonClasses()} mt-8`}>
          Back to the inbox
        </a>
      </section>
    </main>
  );
}

export function staffErrorText(status: number): { title: string; text: string } {
  switch (status) {
    case 400:
      return {
        title: "This address does not work",
        text: "Part of the address (a date that does not exist, say) is not one this page can show.",
      };
    case 403:
      return { title: "For the shop's owners", text: "Only the shop's owners can open this page." };
    case 404:
      return { title: "Page Not Found", text: "There is nothing at this address. It may have been deleted." };
    default:
      return { title: "We hit a snag", text: "This page could not be loaded. Please try again in a moment." };
  }
}
