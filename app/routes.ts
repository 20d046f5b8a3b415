import { type RouteConfig, type RouteConfigEntry, index, layout, prefix, route } from "@react-router/dev/routes";
import { INBOX_KINDS, inboxKinds } from "./records/kinds";

/**
 * The API's addresses match in their own letter case only: React Router matches any case by
 * default, and the inbox's endpoints read their kind from the address as written (`/API/…` was a
 * 500). Another case is the JSON 404 of any unknown /api path (app/http/methods.server.ts).
 */
const caseSensitive = (entries: RouteConfigEntry[]): RouteConfigEntry[] =>
  entries.map((entry) => ({
    ...entry,
    caseSensitive: true,
    ...(entry.children ? { children: caseSensitive(entry.children) } : {}),
  }));

// Three areas, each behind its own door. A route added inside a gated group is checked by the
// group's middleware before its loader or action runs, so it cannot forget the check;
// test/architecture/route-gates.test.ts lists every route with the gates above it.
export default [
  // The public site: anyone.
  index("features/site/routes/home.tsx"),
  route("services", "features/site/routes/services.tsx"),
  route("services/:slug", "features/site/routes/service-detail.tsx"),
  route("about", "features/site/routes/about.tsx"),
  route("contact", "features/site/routes/contact.tsx"),
  route("areas/:slug", "features/site/routes/area-detail.tsx"),
  route("login", "features/sign-in/routes/login.tsx"),
  route("login/code", "features/sign-in/routes/login-code.tsx"),
  route("login/reset", "features/sign-in/routes/login-reset.tsx"),
  route("login/reset/:token", "features/sign-in/routes/login-reset-token.tsx"),
  route("join/:token", "features/team/routes/join.tsx"),
  route("book", "features/appointments/routes/book-online.tsx"),
  route("appointments/:token", "features/appointments/routes/customer.tsx"),
  route("estimates/:token", "features/estimates/routes/customer.tsx"),
  route("estimates/:token/photos/:photoId", "features/estimates/routes/customer-photo.ts"),
  route("appointments/feed/:file", "features/appointments/routes/calendar-feed.ts"),
  route("photos/:id", "features/catalog/routes/photo.ts"),
  route("sitemap.xml", "features/site/routes/sitemap.ts"),
  route("robots.txt", "features/site/routes/robots.ts"),

  // The staff area: a signed-in member (otherwise /login), in the staff shell.
  layout("features/staff/routes/layout.tsx", [
    route("incoming", "features/inbox/routes/inbox.tsx"),
    ...prefix("incoming", [
      route("insights", "features/insights/routes/insights.tsx"),
      route("check", "features/second-factor/routes/check.tsx"),
      route("calendar", "features/appointments/routes/calendar.tsx"),
      route(":kind/:id", "features/inbox/routes/record.tsx"),
      route("service-requests/:id/appointment", "features/appointments/routes/book.ts"),
      route("service-requests/:id/estimate", "features/estimates/routes/record-estimate.tsx"),
      // How the member signs in: every form sent needs a check from the last 2 hours.
      layout("features/second-factor/routes/fresh-check-layout.tsx", { id: "fresh-check/account" }, [
        route("account", "features/account/routes/account.tsx"),
        route("account/second-factor", "features/second-factor/routes/account-second-factor.tsx"),
        route("account/calendar-feed", "features/appointments/routes/calendar-feed-settings.tsx"),
      ]),
      route(":kind/:id/reply", "features/replies/routes/record-reply.tsx"),
      // Owners only (a staff member gets the 403 page); their changes need a recent check too.
      layout("features/staff/routes/owners-layout.tsx", [
        layout("features/second-factor/routes/fresh-check-layout.tsx", { id: "fresh-check/owners" }, [
          route("team", "features/team/routes/team.tsx"),
          route("team/second-factor", "features/second-factor/routes/team-second-factor.tsx"),
          route("settings", "features/settings/routes/settings.tsx"),
          route("settings/capacity", "features/appointments/routes/capacity.tsx"),
          route("settings/emails", "features/settings/routes/emails.tsx"),
          route("settings/estimates", "features/estimates/routes/estimate-settings.tsx"),
          route("settings/reply-templates", "features/replies/routes/reply-templates.tsx"),
          route("settings/services", "features/catalog/routes/services-settings.tsx"),
          route("settings/services/:slug", "features/catalog/routes/service-settings.tsx"),
          // The insights page is every member's; the owners' switch on it posts here.
          route("insights/response-record", "features/insights/routes/response-record.ts"),
        ]),
        route("audit", "features/audit/routes/audit.tsx"),
      ]),
    ]),
  ]),

  ...caseSensitive(
    prefix("api", [
      // Public endpoints: the forms, sign-in and sign-out, the health check.
      route("health", "features/site/api/health.ts"),
      route("contact", "features/submissions/api/contact.ts"),
      route("service-request", "features/submissions/api/service-request.ts"),
      route("login", "features/sign-in/api/login.ts"),
      route("login/second-factor", "features/second-factor/api/login-second-factor.ts"),
      route("login/passkey/options", "features/second-factor/api/login-passkey-options.ts"),
      route("login/passkey", "features/second-factor/api/login-passkey.ts"),
      route("logout", "features/sign-in/api/logout.ts"),
      route("auth/status", "features/sign-in/api/status.ts"),
      route("shop-hours", "features/settings/api/shop-hours.ts"),
      route("availability", "features/appointments/api/availability.ts"),
      route("bookings", "features/submissions/api/bookings.ts"),
      route("booking-views", "features/appointments/api/booking-views.ts"),

      // Staff endpoints: 401 without a session.
      layout("features/staff/api/gate.ts", [
        // The records of each kind (app/records/kinds.ts): one module per endpoint, mounted per kind.
        ...INBOX_KINDS.flatMap((kind) => {
          const name = inboxKinds[kind].apiName;
          return [
            route(name, "features/inbox/api/records.ts", { id: `api/${name}` }),
            route(`${name}.csv`, "features/inbox/api/records-csv.ts", { id: `api/${name}.csv` }),
            route(`${name}/:id`, "features/inbox/api/record.ts", { id: `api/${name}/record` }),
            route(`${name}/:id/activity`, "features/desk/api/record-activity.ts", { id: `api/${name}/activity` }),
          ];
        }),
        route("contact-submissions/:id/replies", "features/replies/api/contact-submission-replies.ts"),
        route("service-requests/:id/replies", "features/replies/api/service-request-replies.ts"),
        route("contact-submissions/:id/reply-draft", "features/replies/api/reply-draft.ts", {
          id: "api/contact-submissions/reply-draft",
        }),
        route("service-requests/:id/reply-draft", "features/replies/api/reply-draft.ts", {
          id: "api/service-requests/reply-draft",
        }),
        route("service-requests/:id/appointment", "features/appointments/api/service-request-appointment.ts"),
        route("service-requests/:id/estimates", "features/estimates/api/service-request-estimates.ts"),
        route("estimates/:id", "features/estimates/api/estimate.ts"),
        route("estimates/:id/send", "features/estimates/api/estimate-send.ts"),
        route("estimates/:id/lines/:lineId/photos", "features/estimates/api/line-photos.ts"),
        route("estimates/:id/lines/:lineId/photos/:photoId", "features/estimates/api/line-photo.ts"),
        route("appointments", "features/appointments/api/appointments.ts"),
        route("insights", "features/insights/api/insights.ts"),
        route("account/check", "features/second-factor/api/account-check.ts"),

        // How the member signs in: every write needs a check from the last 2 hours (403 `step`).
        layout("features/second-factor/api/fresh-check-gate.ts", { id: "fresh-check-api/account" }, [
          route("account", "features/account/api/account.ts"),
          route("account/password", "features/account/api/account-password.ts"),
          route("account/sessions", "features/account/api/account-sessions.ts"),
          route("account/sessions/:id", "features/account/api/account-session.ts"),
          route("account/passkeys/options", "features/second-factor/api/account-passkeys-options.ts"),
          route("account/passkeys", "features/second-factor/api/account-passkeys.ts"),
        ]),

        // Owners only: 403 for a staff member; their writes need a recent check too.
        layout("features/staff/api/owners-gate.ts", [
          layout("features/second-factor/api/fresh-check-gate.ts", { id: "fresh-check-api/owners" }, [
            route("team", "features/team/api/team.ts"),
            route("team/invitations", "features/team/api/team-invitations.ts"),
            route("team/invitations/:id", "features/team/api/team-invitation.ts"),
            route("team/second-factor", "features/second-factor/api/team-second-factor.ts"),
            route("team/:username", "features/team/api/team-member.ts"),
            route("team/:username/second-factor", "features/second-factor/api/team-member-second-factor.ts"),
            route("team/:username/password-reset", "features/team/api/team-member-password-reset.ts"),
            ...prefix("settings", [
              route("weekly-hours", "features/settings/api/weekly-hours.ts"),
              route("closures", "features/settings/api/closures.ts"),
              route("closures/:date", "features/settings/api/closure.ts"),
              route("special-hours", "features/settings/api/special-hours.ts"),
              route("special-hours/:date", "features/settings/api/special-hours-day.ts"),
              route("holidays", "features/settings/api/holidays.ts"),
              route("notice", "features/settings/api/notice.ts"),
              route("capacity", "features/appointments/api/capacity.ts"),
              route("appointment-options", "features/appointments/api/booking-options.ts"),
              route("online-booking", "features/appointments/api/online-booking-settings.ts"),
              route("emails", "features/settings/api/emails.ts"),
              route("estimates", "features/estimates/api/estimate-settings.ts"),
              route("reply-templates", "features/replies/api/reply-templates.ts"),
              route("reply-templates/:templateId", "features/replies/api/reply-template.ts"),
              route("services", "features/catalog/api/services.ts"),
              route("services/:slug", "features/catalog/api/service.ts"),
              route("services/:slug/versions", "features/catalog/api/service-versions.ts"),
              route("services/:slug/versions/:version/restore", "features/catalog/api/service-version-restore.ts"),
              route("services/:slug/photos", "features/catalog/api/service-photos.ts"),
              route("services/:slug/photos/:id", "features/catalog/api/service-photo.ts"),
              route("texts", "features/catalog/api/texts.ts"),
              route("texts/versions", "features/catalog/api/text-versions.ts"),
              route("texts/versions/:version/restore", "features/catalog/api/text-version-restore.ts"),
            ]),
          ]),
          route("audit", "features/audit/api/audit.ts"),
        ]),
      ]),
    ]),
  ),

  route("*", "features/site/routes/not-found.tsx"),
] satisfies RouteConfig;
