import { type FormEvent, useRef } from "react";
import { useFetcher } from "react-router";
import { useHydrated } from "~/ui/hydration/use-hydrated";

/**
 * A plain HTML form (it posts itself and the server redirects to its `returnTo`) that, once the
 * page's script runs, goes through a fetcher instead: no page load, and without `returnTo` the
 * action answers with data rather than a redirect (the inbox's record actions, a reply). The
 * button pressed is sent as a plain post sends it (`status=closed`).
 */
export function useFetcherForm<Result>(action: string) {
  const fetcher = useFetcher<Result>();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return;
    event.preventDefault();
    const data = new FormData(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter);
    data.delete("returnTo");
    void fetcher.submit(data, { method: "post", action });
  };
  // The plain form posts where the fetcher does: one place says where and how.
  const formProps = { ref: form, method: "post", action, onSubmit } as const;
  return { fetcher, form, onSubmit, formProps };
}
