import { type ComponentType, lazy, Suspense } from "react";

/**
 * A form that hydrates when the visitor heads for it rather than with the page: on the first
 * scroll, tap, key press or focus, or at once when the form is already in view. Until then
 * React leaves the server's markup in place (a dehydrated Suspense boundary), and the form
 * works as a plain HTML form. A visit that never comes near the form downloads none of its code.
 * If the code cannot be loaded (offline, or a deploy has replaced it), the form stays the
 * server's plain HTML form for the life of the page, and still works.
 * Why and what it measured: docs/decisions/002-deferred-form-hydration.md.
 */
export type DeferredForm<Props> = {
  /** What the page renders. */
  Component: ComponentType<Props>;
  /**
   * Loads the form's code on the server. The HTML must include the whole form (visitors without
   * JavaScript and crawlers get nothing else), and a component still loading would make React
   * stream a placeholder instead, so entry.server.tsx loads every deferred form before
   * it renders a page. Per request, so no request waits on an import that another request
   * started (workerd ties I/O to its request); after the first, modules come from the cache.
   */
  load(): Promise<void>;
};

export function deferredForm<Props extends object>(
  formId: string,
  load: () => Promise<ComponentType<Props>>,
  /**
   * `whenInView: false`: a form in view still waits for the first scroll, tap, key or focus, unless
   * it shows an error (a refused post without JavaScript): then its code, which announces it, loads at once.
   */
  { whenInView = true }: { whenInView?: boolean } = {},
): DeferredForm<Props> {
  let loadedOnServer: ComponentType<Props> | undefined;
  const loadInBrowser = lazy(() =>
    whenNeeded(formId, whenInView)
      .then(load)
      .then(
        (loaded) => ({ default: loaded }),
        () =>
          new Promise<never>(() => {
            // Never settles: the server's HTML form stays in place and keeps working.
          }),
      ),
  );

  function DeferredFormComponent(props: Props) {
    const Form = import.meta.env.SSR ? loadedOnServer : loadInBrowser;
    if (!Form) {
      throw new Error(
        `The form "${formId}" was rendered before its code was loaded: list it in deferredForms (app/entry.server.tsx)`,
      );
    }
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  }

  return {
    Component: DeferredFormComponent,
    load: async () => {
      loadedOnServer = await load();
    },
  };
}

const APPROACH_EVENTS = ["scroll", "pointerdown", "touchstart", "keydown", "focusin"] as const;

function whenNeeded(formId: string, whenInView: boolean): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of APPROACH_EVENTS) removeEventListener(type, done, true);
      resolve();
    };
    const element = document.getElementById(formId);
    const form = element?.getBoundingClientRect();
    const atOnce = whenInView
      ? form && form.top < window.innerHeight && form.bottom > 0
      : element?.querySelector('[role="alert"]');
    if (!form || atOnce) return done();
    for (const type of APPROACH_EVENTS) addEventListener(type, done, { capture: true, passive: true });
  });
}
