import { formatShopTime } from "~/hours/shop-calendar";

// Whether the shop's email about a record went out (app/server/notifications/): the JSON API's
// `notification` and the line on the inbox card. Shared by the server and the inbox UI.

export type NotificationState = { sentAt: Date | null; attempts: number; lastError: string | null };

/** "Emailed 10:42 AM", "Email failing, retrying", or nothing (on its way, spam, or from before emails). */
export function notificationLine(state: NotificationState): string | null {
  if (state.sentAt) return `Emailed ${formatShopTime(state.sentAt)}`;
  if (state.lastError) return "Email failing, retrying";
  return null;
}
