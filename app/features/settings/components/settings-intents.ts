// The settings page's forms, each named by the `intent` it posts
// (app/features/settings/server/settings-form.server.ts).
export const SETTINGS_INTENTS = [
  "weekly-hours",
  "closure.add",
  "closure.remove",
  "special-hours.add",
  "special-hours.remove",
  "holidays",
  "notice.set",
  "notice.clear",
] as const;

export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];
