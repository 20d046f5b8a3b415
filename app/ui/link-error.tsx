import { isRouteErrorResponse } from "react-router";

/**
 * The error page of a customer's private link (an appointment, an estimate): the message the
 * loader or action threw with (a lapsed or unknown link), else one that sends them to the phone.
 */
export function LinkError({ title, error }: { title: string; error: unknown }) {
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { message?: unknown })?.message === "string"
      ? (error.data as { message: string }).message
      : "This page could not be shown. Please call the shop.";
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-blue-950">{title}</h1>
      <p className="mt-3 text-slate-700">{message}</p>
    </section>
  );
}
