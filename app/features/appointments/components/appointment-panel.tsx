import { Form, Link } from "react-router";
import { Button } from "~/ui/button";
import { controlClasses } from "~/ui/forms/fields";
import { formatShopDateTime } from "~/hours/shop-calendar";
import type { AppointmentPanelData } from "../server/record-panel.server";
import { appointmentStatusLabels, NOTE_MAX } from "../vocabulary";
import { PlaceSelect } from "./place-select";

// The appointment section of a service request's page: the appointment as booked (with the
// customer's link, the reminder and the last email), or a form to book one.

const emailLine = (email: AppointmentPanelData["lastEmail"]) => {
  if (!email) return null;
  if (!email.sentAt) return email.lastError ? `Not sent yet: ${email.lastError}` : "Waiting to be sent";
  if (email.lastError) return `Settled ${formatShopDateTime(new Date(email.sentAt))} (${email.lastError})`;
  return `Sent ${formatShopDateTime(new Date(email.sentAt))}`;
};

export function AppointmentPanel({ panel, action }: { panel: AppointmentPanelData; action: string }) {
  const { appointment, live, days } = panel;
  return (
    <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {appointment ? (
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[9rem_1fr]">
          <dt className="text-sm font-semibold text-slate-600">When</dt>
          <dd className="text-slate-900">{appointment.when}</dd>
          <dt className="text-sm font-semibold text-slate-600">Status</dt>
          <dd className="text-slate-900">{appointmentStatusLabels[appointment.status]}</dd>
          {appointment.note ? (
            <>
              <dt className="text-sm font-semibold text-slate-600">Note</dt>
              <dd className="break-words whitespace-pre-wrap text-slate-900">{appointment.note}</dd>
            </>
          ) : null}
          <dt className="text-sm font-semibold text-slate-600">Reminder</dt>
          <dd className="text-slate-900">
            {appointment.reminderSentAt
              ? `Reminder sent ${formatShopDateTime(new Date(appointment.reminderSentAt))}`
              : "Not sent yet (it goes the day before)"}
          </dd>
          {emailLine(panel.lastEmail) ? (
            <>
              <dt className="text-sm font-semibold text-slate-600">Customer's email</dt>
              <dd className="text-slate-900">{emailLine(panel.lastEmail)}</dd>
            </>
          ) : null}
          {panel.customerLink ? (
            <>
              <dt className="text-sm font-semibold text-slate-600">Customer's link</dt>
              <dd className="text-sm break-all text-slate-900">
                <span data-testid="customer-link">{panel.customerLink}</span>
                <span className="block text-slate-600">
                  To move or cancel it themselves; read it out or text it if their email does not arrive.
                </span>
              </dd>
            </>
          ) : null}
        </dl>
      ) : null}

      {!panel.capacitySet ? (
        <p className="text-sm text-slate-700">
          No appointments can be booked until an owner sets the capacity on{" "}
          <Link to="/incoming/settings/capacity" className="font-semibold text-blue-800 underline">
            Settings
          </Link>
          .
        </p>
      ) : null}

      {panel.capacitySet && !live ? (
        days.length ? (
          <Form method="post" action={action} className="grid gap-3">
            <input type="hidden" name="intent" value="book" />
            <PlaceSelect
              id="appointment-place"
              days={days}
              preferredDate={panel.preferredDate}
              label={appointment ? "Book again" : "Book an appointment"}
            />
            <div>
              <label htmlFor="appointment-note" className="block text-sm font-semibold text-slate-800">
                Note for the shop (optional)
              </label>
              <textarea id="appointment-note" name="note" rows={2} maxLength={NOTE_MAX} className={controlClasses} />
            </div>
            <div>
              <Button type="submit">Book appointment</Button>
            </div>
          </Form>
        ) : (
          <p className="text-sm text-slate-700">Every day in the next weeks is full or closed.</p>
        )
      ) : null}

      {live && appointment?.status === "confirmed" ? (
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          {days.length ? (
            <Form method="post" action={action} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
              <input type="hidden" name="intent" value="move" />
              <PlaceSelect id="appointment-move" days={days} label="Move to" />
              <Button type="submit" variant="secondary">
                Move
              </Button>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">No other day has room.</p>
          )}
          <Form method="post" action={action}>
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="secondary">
              Cancel appointment
            </Button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
