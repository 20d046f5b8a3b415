// The appointments feature's public browser-safe file: what other features use of it (docs/decisions/046).
export { AppointmentPanel } from "./components/appointment-panel";
export { CalendarFeedSection } from "./components/calendar-feed-section";
