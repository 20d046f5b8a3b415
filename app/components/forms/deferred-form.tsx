import { type ComponentType, lazy, Suspense } from "react";

const serverLoaders: (() => Promise<unknown>)[] = [];

/**
 * Loads every deferred form's component before the server renders a page. The HTML must
 * include the forms (no-JavaScript visitors and crawlers get nothing else), and a component
 * still loading would make React stream a placeholder instead. Called per request, so no
 * request waits on an import that another request started (workerd ties I/O to its request);
 * after the first time the modules come from the module cache.
 */
export function loadDeferredForms(): Promise<unknown> {
  return Promise.all(serverLoaders.map((load) => load()));
}

/**
 * A form that hydrates when the visitor heads for it rather than with the page: on the first
 * scroll, tap, key press or focus, or at once when the form is already in view. Until then
 * React leaves the server's markup in place (a dehydrated Suspense boundary), and the form
 * works as a plain HTML form. A visit that never comes near the form downloads none of its code.
 *
 * If the code cannot be loaded (offline, or a deploy has replaced it), the form stays the
 * server's plain HTML form for the life of the page, and still works.
 */
export function deferredForm<Props extends object>(
  formId: string,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let Form: ComponentType<Props>;
  if (import.meta.env.SSR) {
    serverLoaders.push(() => load().then((loaded) => (Form = loaded)));
  } else {
    Form = lazy(() =>
      whenNeeded(formId)
        .then(load)
        .then(
          (loaded) => ({ default: loaded }),
          () =>
            new Promise<never>(() => {
              // Never settles: the server's HTML form stays in place and keeps working.
            }),
        ),
    );
  }
  return function DeferredForm(props: Props) {
    return (
      <Suspense fallback={null}>
        <Form {...props} />
      </Suspense>
    );
  };
}

const APPROACH_EVENTS = ["scroll", "pointerdown", "touchstart", "keydown", "focusin"] as const;

function whenNeeded(formId: string): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const type of APPROACH_EVENTS) removeEventListener(type, done, true);
      resolve();
    };
    const form = document.getElementById(formId)?.getBoundingClientRect();
    if (!form || (form.top < window.innerHeight && form.bottom > 0)) return done();
    for (const type of APPROACH_EVENTS) addEventListener(type, done, { capture: true, passive: true });
  });
}
