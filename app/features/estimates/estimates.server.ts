// The estimates feature's public server file: what other features and the Worker's entry use of it
// (docs/decisions/046-a-feature-is-a-folder.md, 065-estimates-and-approvals.md).
import { EVERY_5_MINUTES, type ScheduledTask } from "~/scheduled/scheduled.server";
import { sweepUnsentEstimateMessages } from "./server/estimate-mail.server";

export { estimateJobHandlers } from "./server/estimate-mail.server";
export { type EstimateEvent, estimateEvents } from "./server/estimate-timeline.server";
export { type EstimateSection, estimateSectionData } from "./server/record-section.server";
// What the insights measure (issue 39 item 9).
export { type EstimateDecisionFacts, type EstimateFacts, readEstimateFacts } from "./server/estimate-figures.server";
// Declined work on the record pages (issue 39 item 7).
export { DECLINED_FOLLOW_UP_DAYS, readDeclinedWork } from "./server/declined-work.server";
export type { DeclinedLine } from "./vocabulary";

/** Every 5 minutes, the estimates' emails still unsent 5 minutes after they were due are queued again. */
export const estimateScheduledTasks: ScheduledTask[] = [
  {
    name: "sweep of unsent estimate emails",
    cron: EVERY_5_MINUTES,
    run: async (env, at) => `queued ${await sweepUnsentEstimateMessages(env, at)} overdue estimate emails again`,
  },
];
