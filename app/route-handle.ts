import type { UIMatch } from "react-router";

/**
 * Route modules export `handle` to opt into client JavaScript. Pages without a form ship
 * none: they render as plain HTML and CSS, and their links are ordinary links.
 */
export type RouteHandle = { hydrate?: boolean };

export const hydrated: RouteHandle = { hydrate: true };

export function wantsHydration(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as RouteHandle | undefined)?.hydrate === true);
}
