import { type SubmissionResult, useForm } from "@conform-to/react";

/**
 * conform for a form that only the server checks: the page shows the server's last answer (its
 * messages under the fields, what was typed kept), and the browser checks nothing before the post.
 */
export function useServerCheckedForm<Fields extends Record<string, unknown>>(
  id: string,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm<Fields>({ id, lastResult, shouldValidate: "onSubmit" });
}
