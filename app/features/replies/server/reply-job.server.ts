import { z } from "~/forms/zod";

/** The queue's job for one reply: its id only, so a retry sends what D1 holds. */
export const replyJobSchema = z.object({ type: z.literal("reply"), id: z.string().min(1).max(64) });
export type ReplyJob = z.infer<typeof replyJobSchema>;

declare module "~/queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    reply: ReplyJob;
  }
}
