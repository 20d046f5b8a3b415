/**
 * The `default` of a switch over an outcome union: `value` has type `never` only while every
 * outcome has its case, so a new outcome fails the typecheck where it must be handled.
 */
export function unreachable(value: never): never {
  throw new Error(`Unhandled outcome: ${JSON.stringify(value)}`);
}
