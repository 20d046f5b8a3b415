import type { RouterContextProvider } from "react-router";
import { getEnv } from "~/http/context.server";
import { refusalData, refused } from "~/http/outcome.server";
import { NO_STORE } from "~/http/responses.server";
import type { Acting } from "~/http/staff-member.server";
import { redirectWithToast } from "~/http/toast.server";
import { describeOnlineBooking, onlineBookingSchema } from "../../online/online-rules";
import { saveOnlineBookingRules } from "./online-settings.server";

// The capacity page's online-booking form (intent "online-booking"): the same schema and save as
// PUT /api/settings/online-booking, then back to the page with a toast; refused, what was sent is shown again.

export type OnlineEntered = {
  enabled: boolean;
  onlineShare: string;
  minNoticeHours: string;
  horizonDays: string;
  mode: string;
};

export async function saveOnlineBookingForm(form: FormData, context: Readonly<RouterContextProvider>, acting: Acting) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const entered: OnlineEntered = {
    enabled: form.get("enabled") === "on",
    onlineShare: text("onlineShare"),
    minNoticeHours: text("minNoticeHours"),
    horizonDays: text("horizonDays"),
    mode: text("mode"),
  };
  const parsed = onlineBookingSchema.safeParse(entered);
  if (!parsed.success) {
    const errors = [...new Set(parsed.error.issues.map((issue) => issue.message))];
    return refusalData(refused("invalid", errors.join(" ")).refusal, { onlineRefusal: { errors, entered } }, NO_STORE);
  }
  const env = getEnv(context);
  const saved = await saveOnlineBookingRules(env, parsed.data, acting);
  return redirectWithToast(env, "/incoming/settings/capacity", {
    title: "Saved",
    description: `${describeOnlineBooking(saved)}.`,
  });
}
