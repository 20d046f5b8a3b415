import { sendToEach } from "~/mail/send.server";
import { type JobHandlers, outcomeOf } from "~/queue/jobs.server";
import { EVERY_5_MINUTES, type ScheduledTask } from "~/scheduled/scheduled.server";
import { replyJobSchema } from "./server/reply-job.server";
import { deliverReply, sweepUnsentReplies } from "./server/sending.server";

// Replies from the record (docs/decisions/041-reply-address-and-threading.md): the feature's public
// server file. The conversation as the record shows it (server/conversation.server.ts), a reply
// sent and delivered (server/sending.server.ts), the customer's emails that come back
// (server/receiving.server.ts), templates and the failing-address mark.

export { emailFailing, emailFailingSql } from "./server/failing-address.server";
export { replyComposer } from "./server/reply-draft.server";
export { defaultReplySubject, listMessages, markHandled, recordConversation } from "./server/conversation.server";
export { type ReplyEnv, sendReply, type SendReplyResult, sweepUnsentReplies } from "./server/sending.server";
export { type IncomingMessage, MAX_INCOMING_BYTES, type Received, receiveEmail } from "./server/receiving.server";

/** The queue's handler for the replies' jobs. */
export const replyJobHandlers = {
  reply: {
    schema: replyJobSchema,
    run: async (env, job, clock) =>
      outcomeOf(await deliverReply(env, job, clock, (mail) => sendToEach(env.NOTIFY_EMAIL, mail))),
  },
} satisfies Pick<JobHandlers, "reply">;

/** Every 5 minutes, replies still unsent 5 minutes after they were due are queued again. */
export const replyScheduledTasks: ScheduledTask[] = [
  {
    name: "sweep of unsent replies",
    cron: EVERY_5_MINUTES,
    run: async (env, at) => `queued ${await sweepUnsentReplies(env, at)} overdue replies again`,
  },
];
