import { z } from "~/forms/zod";

// The queue's job for one reply, in a module of its own: the notification queue's schema of every
// job reads it while the modules that send replies are still loading.

/** The queue's job for one reply: its id only, so a retry sends what D1 holds. */
export const replyJobSchema = z.object({ type: z.literal("reply"), id: z.string().min(1).max(64) });
export type ReplyJob = z.infer<typeof replyJobSchema>;
