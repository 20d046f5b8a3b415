// What an appointment is, for the database's CHECKs, the server's rules and the pages alike.

export const APPOINTMENT_KINDS = ["drop-off", "waiter"] as const;
export type AppointmentKind = (typeof APPOINTMENT_KINDS)[number];

export const appointmentKindLabels: Record<AppointmentKind, string> = {
  "drop-off": "Drop-off",
  waiter: "Wait while we work",
};

export const APPOINTMENT_STATUSES = ["confirmed", "cancelled", "arrived", "no-show", "done"] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  arrived: "Arrived",
  "no-show": "No-show",
  done: "Done",
};

/** The emails about an appointment: to the customer (all but "shop-change") and to the shop. */
export const APPOINTMENT_MESSAGE_PURPOSES = [
  "confirmation",
  "update",
  "cancellation",
  "reminder",
  "shop-change",
  "review",
] as const;
export type AppointmentMessagePurpose = (typeof APPOINTMENT_MESSAGE_PURPOSES)[number];

/** A waiter slot: a time of day ("HH:MM", shop time) and how many customers can wait then. */
export type WaiterSlot = { time: string; places: number };

/** The owner's capacity, the same for every day the shop opens. */
export type Capacity = { dropOffsPerDay: number; waiterSlots: WaiterSlot[]; changeCutoffMinutes: number };

export const defaultCapacity: Capacity = { dropOffsPerDay: 0, waiterSlots: [], changeCutoffMinutes: 120 };

/** Waiter slots at most; drop-offs a day at most; places in one slot at most. */
export const MAX_WAITER_SLOTS = 12;
export const MAX_DROP_OFFS = 200;
export const MAX_SLOT_PLACES = 20;
/** How far ahead staff and customers may book: the public form's window. */
export const APPOINTMENT_DAYS_AHEAD = 60;
export const NOTE_MAX = 500;
