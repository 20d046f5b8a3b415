import type { AppEnv } from "../../../http/env.server";
import { type Refusal, refused } from "~/http/outcome.server";
import { tooManyRequests } from "../../../http/responses.server";
import { RATE_LIMITED_MESSAGE } from "../submission-messages";

// The submission limit (SUBMISSION_LIMITER), for every door a visitor's form comes through: the
// count, the pages' refusal and the JSON doors' 429.

/** The limiter counts per minute: a refused client may try again within this many seconds. */
export const RATE_LIMIT_RETRY_SECONDS = 60;

/**
 * Counts one write against the client's limit (SUBMISSION_LIMITER) and says whether it is over it.
 * Both doors (submission-api, submission-action) call it first, before the body is read, so a
 * client sending broken bodies is throttled like one sending valid ones.
 */
export async function isOverSubmissionLimit(env: Pick<AppEnv, "SUBMISSION_LIMITER">, key: string): Promise<boolean> {
  try {
    const { success } = await env.SUBMISSION_LIMITER.limit({ key: `submission:${key}` });
    return !success;
  } catch (error) {
    // A limiter outage must not cost the shop a customer's message.
    console.error("Rate limiter unavailable; letting the submission through", error);
    return false;
  }
}

/** A page form's refusal for a client over the limit: its message, and when to try again. */
export function submissionLimitRefusal(): Refusal {
  return refused("throttled", RATE_LIMITED_MESSAGE, { retryAfterSeconds: RATE_LIMIT_RETRY_SECONDS }).refusal;
}

/**
 * A public JSON door's `admit` step: every post counts against the client's limit before its body
 * is read, and one over it is answered 429 with Retry-After.
 */
export function admitWithinSubmissionLimit(save: { env: Pick<AppEnv, "SUBMISSION_LIMITER">; clientKey: string }) {
  return async () =>
    (await isOverSubmissionLimit(save.env, save.clientKey))
      ? tooManyRequests(RATE_LIMITED_MESSAGE, RATE_LIMIT_RETRY_SECONDS)
      : undefined;
}
