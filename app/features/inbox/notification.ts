import { formatShopTime } from "~/hours/shop-calendar";

// Whether the shop's email about a record went out (app/features/notifications/server/): the JSON API's
// `notification` and the line on the inbox card. Shared by the server and the inbox UI.

export type NotificationState = { sentAt: Date | null; attempts: number; lastError: string | null };

/**
 * The record's entry in the email ledger (app/db/schema/notifications.ts), read with the record
 * (null for a record from before emails), which staff read as `notification`.
 */
type StateColumns = { notifiedAt: Date | null; notifyAttempts: number | null; notifyLastError: string | null };

/** A record as staff read it: the email's state folded into `notification`. */
export type WithNotificationState<Row extends StateColumns> = Omit<Row, keyof StateColumns> & {
  notification: NotificationState;
};

export function withNotificationState<Row extends StateColumns>(row: Row): WithNotificationState<Row> {
  const { notifiedAt, notifyAttempts, notifyLastError, ...fields } = row;
  return {
    ...fields,
    notification: { sentAt: notifiedAt, attempts: notifyAttempts ?? 0, lastError: notifyLastError },
  };
}

/** "Emailed 10:42 AM", "Email failing, retrying", or nothing (on its way, spam, or from before emails). */
export function notificationLine(state: NotificationState): string | null {
  if (state.sentAt) return `Emailed ${formatShopTime(state.sentAt)}`;
  if (state.lastError) return "Email failing, retrying";
  return null;
}
