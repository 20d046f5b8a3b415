import type { InputHTMLAttributes, ReactNode } from "react";
import { data, Form } from "react-router";
import { SettingsSubpage } from "~/features/settings/settings";
import type { Route } from "./+types/capacity";
import { controlClasses } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import { Card } from "~/ui/card";
import type { RouteHandle } from "~/route-handle";
import { privatePageMeta } from "~/seo/meta";
import { getEnv } from "~/http/context.server";
import { refusalData, refused } from "~/http/outcome.server";
import { readPostedForm } from "~/http/request-body.server";
import { NO_STORE } from "~/http/responses.server";
import { actingMember } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { capacitySchema } from "../capacity";
import { ConfirmOnArrivalForm, ReviewRequestForm } from "../components/booking-options-forms";
import { OnlineBookingForm } from "../components/online-booking-form";
import { HintedNumberField, NothingSavedAlert } from "../components/settings-fields";
import { readOnlineBookingRules } from "../server/online/online-settings.server";
import { saveOnlineBookingForm } from "../server/online/online-settings-form.server";
import { readBookingOptions } from "../server/settings/booking-options.server";
import { saveBookingOptionsForm } from "../server/settings/booking-options-form.server";
import { describeCapacity, readCapacity, saveCapacity } from "../server/settings/capacity-settings.server";
import { MAX_WAITER_SLOTS } from "../vocabulary";

// /incoming/settings/capacity (owners): how many drop-offs a day and which waiter slots every open
// day has, and the customers' cut-off for changes. Closed days (weekly hours, closures, holidays)
// take none; a slot outside a day's hours does not exist that day.

// The forms work as plain posts; with JavaScript they answer without a page load.
export const handle: RouteHandle = { hydrate: true };

const FORM_LIMIT_BYTES = 4 * 1024;
const SLOT_ROWS = 8;

export async function loader({ context }: Route.LoaderArgs) {
  const env = getEnv(context);
  const [capacity, options, online] = await Promise.all([
    readCapacity(env),
    readBookingOptions(env),
    readOnlineBookingRules(env),
  ]);
  return data({ capacity, options, online }, { headers: NO_STORE });
}

type Entered = { dropOffsPerDay: string; cutoffHours: string; slots: { time: string; places: string }[] };

export async function action({ request, context }: Route.ActionArgs) {
  const env = getEnv(context);
  const posted = await readPostedForm(request, { limitBytes: FORM_LIMIT_BYTES, headers: NO_STORE });
  if (!posted.ok) return posted.refusal;
  const form = posted.formData;
  const intent = form.get("intent");
  if (intent === "confirm-on-arrival" || intent === "review-requests") {
    return saveBookingOptionsForm(intent, form, context, actingMember(request, context));
  }
  if (intent === "online-booking") return saveOnlineBookingForm(form, context, actingMember(request, context));
  const text = (value: FormDataEntryValue | null | undefined) => (typeof value === "string" ? value : "");
  const times = form.getAll("slotTime").map(text);
  const places = form.getAll("slotPlaces").map(text);
  const entered: Entered = {
    dropOffsPerDay: text(form.get("dropOffsPerDay")),
    cutoffHours: text(form.get("cutoffHours")),
    slots: times.map((time, index) => ({ time, places: places[index] ?? "" })),
  };
  const cutoff = entered.cutoffHours.trim() === "" ? Number.NaN : Number(entered.cutoffHours);
  const parsed = capacitySchema.safeParse({
    dropOffsPerDay: entered.dropOffsPerDay.trim() === "" ? "0" : entered.dropOffsPerDay,
    // A row left empty is no slot.
    waiterSlots: entered.slots
      .filter((slot) => slot.time.trim() !== "" || slot.places.trim() !== "")
      .map((slot) => ({ time: slot.time.slice(0, 5), places: slot.places })),
    changeCutoffMinutes: Number.isNaN(cutoff) ? "x" : Math.round(cutoff * 60),
  });
  if (!parsed.success) {
    const errors = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return refusalData(refused("invalid", errors.join(" ")).refusal, { errors, entered }, NO_STORE);
  }
  const saved = await saveCapacity(env, parsed.data, actingMember(request, context));
  return redirectWithToast(env, "/incoming/settings/capacity", {
    title: "Saved",
    description: `${describeCapacity(saved)}.`,
  });
}

export const headers: Route.HeadersFunction = () => NO_STORE;

export const meta: Route.MetaFunction = privatePageMeta(
  "Appointments",
  "How many appointments the shop takes a day, booking on arrival, review requests and online booking.",
);

/** One half of a waiter slot's row: its label above its box. */
function SlotField({
  id,
  label,
  ...input
}: { id: string; label: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-slate-700">
        {label}
      </label>
      <input id={id} {...input} className={controlClasses} />
    </div>
  );
}

export default function Capacity({ loaderData, actionData }: Route.ComponentProps) {
  const { capacity, options, online } = loaderData;
  const onlineRefusal = actionData && "onlineRefusal" in actionData ? actionData.onlineRefusal : null;
  const refusal = actionData && "errors" in actionData ? actionData : null;
  const optionsRefusal = actionData && "optionsRefusal" in actionData ? actionData.optionsRefusal : null;
  const entered: Entered = refusal?.entered ?? {
    dropOffsPerDay: String(capacity.dropOffsPerDay),
    cutoffHours: String(capacity.changeCutoffMinutes / 60),
    slots: capacity.waiterSlots.map((slot) => ({ time: slot.time, places: String(slot.places) })),
  };
  const rows = Array.from({ length: Math.max(SLOT_ROWS, entered.slots.length) }, (_, index) => entered.slots[index]);
  return (
    <SettingsSubpage
      title="Appointments"
      intro={
        <>
          <h2 className="mt-4 text-xl font-bold text-blue-950">Capacity</h2>
          <p className="mt-2 text-slate-700">
            The same for every day the shop opens. Closed days (weekly hours, closure days, holidays) take no
            appointments, and a waiter slot outside a day's hours does not exist that day.
          </p>
        </>
      }
    >
      <Card className="p-4 sm:p-6">
        {refusal?.errors.length ? <NothingSavedAlert errors={refusal.errors} className="mb-4" /> : null}
        <Form method="post" className="grid gap-5">
          <HintedNumberField
            id="drop-offs"
            name="dropOffsPerDay"
            label="Drop-offs a day"
            hint="Cars left in the morning and picked up when ready. 0 takes none."
            min={0}
            max={200}
            defaultValue={entered.dropOffsPerDay}
          />
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Waiter slots</legend>
            <p className="mt-1 text-sm text-slate-600">
              Times a customer can wait while we work, and how many can wait then. Up to {MAX_WAITER_SLOTS}; leave a row
              empty for none.
            </p>
            <div className="mt-2 grid gap-2">
              {rows.map((slot, index) => (
                <div key={index} className="grid grid-cols-2 gap-3 sm:max-w-md">
                  <SlotField
                    id={`slot-time-${index}`}
                    label={<>Slot {index + 1} time</>}
                    name="slotTime"
                    type="time"
                    defaultValue={slot?.time ?? ""}
                  />
                  <SlotField
                    id={`slot-places-${index}`}
                    label={<>Slot {index + 1} places</>}
                    name="slotPlaces"
                    type="number"
                    min={1}
                    max={20}
                    inputMode="numeric"
                    defaultValue={slot?.places ?? ""}
                  />
                </div>
              ))}
            </div>
          </fieldset>
          <HintedNumberField
            id="cutoff"
            name="cutoffHours"
            label="Customers may change or cancel until (hours before)"
            hint="Closer to the time, their link says to call the shop."
            min={0}
            max={168}
            step={0.5}
            numericKeypad={false}
            defaultValue={entered.cutoffHours}
          />
          <div>
            <Button type="submit">Save capacity</Button>
          </div>
        </Form>
      </Card>
      <ConfirmOnArrivalForm options={options} refusal={optionsRefusal} />
      <ReviewRequestForm options={options} refusal={optionsRefusal} />
      <OnlineBookingForm rules={online} refusal={onlineRefusal} />
    </SettingsSubpage>
  );
}
