import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

// Three areas, each behind its own door. A route added inside a gated group is checked by the
// group's middleware before its loader or action runs, so it cannot forget the check;
// test/route-gates.test.ts lists every route with the gates above it.
export default [
  // The public site: anyone.
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service-detail.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("areas/:slug", "routes/area-detail.tsx"),
  route("login", "routes/login.tsx"),
  route("login/code", "routes/login-code.tsx"),
  route("login/reset", "routes/login-reset.tsx"),
  route("login/reset/:token", "routes/login-reset-token.tsx"),
  route("join/:token", "routes/join.tsx"),
  route("appointments/:token", "features/appointments/routes/customer.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // The staff area: a signed-in member (otherwise /login), in the staff shell.
  layout("routes/staff/layout.tsx", [
    route("incoming", "routes/staff/inbox.tsx"),
    ...prefix("incoming", [
      route("account", "routes/staff/account.tsx"),
      route("insights", "routes/staff/insights.tsx"),
      route("account/second-factor", "routes/staff/account-second-factor.tsx"),
      route("check", "routes/staff/check.tsx"),
      route(":kind/:id", "routes/staff/record.tsx"),
      route("service-requests/:id/appointment", "features/appointments/routes/book.ts"),
      // Owners only (a staff member gets the 403 page).
      layout("routes/staff/owners-layout.tsx", [
        route("team", "routes/staff/team.tsx"),
        route("team/second-factor", "routes/staff/team-second-factor.tsx"),
        route("settings", "routes/staff/settings.tsx"),
        route("settings/capacity", "features/appointments/routes/capacity.tsx"),
        route("audit", "routes/staff/audit.tsx"),
      ]),
    ]),
  ]),

  ...prefix("api", [
    // Public endpoints: the forms, sign-in and sign-out, the health check.
    route("health", "routes/api/health.ts"),
    route("contact", "routes/api/contact.ts"),
    route("service-request", "routes/api/service-request.ts"),
    route("login", "routes/api/login.ts"),
    route("login/second-factor", "routes/api/login/second-factor.ts"),
    route("login/passkey/options", "routes/api/login/passkey-options.ts"),
    route("login/passkey", "routes/api/login/passkey.ts"),
    route("logout", "routes/api/logout.ts"),
    route("auth/status", "routes/api/auth/status.ts"),
    route("shop-hours", "routes/api/shop-hours.ts"),

    // Staff endpoints: 401 without a session.
    layout("routes/api/staff/gate.ts", [
      route("contact-submissions", "routes/api/staff/contact-submissions.ts"),
      route("contact-submissions.csv", "routes/api/staff/contact-submissions-csv.ts"),
      route("contact-submissions/:id", "routes/api/staff/contact-submission-record.ts"),
      route("contact-submissions/:id/activity", "routes/api/staff/contact-submission-activity.ts"),
      route("service-requests", "routes/api/staff/service-requests.ts"),
      route("service-requests.csv", "routes/api/staff/service-requests-csv.ts"),
      route("service-requests/:id", "routes/api/staff/service-request-record.ts"),
      route("service-requests/:id/activity", "routes/api/staff/service-request-activity.ts"),
      route("service-requests/:id/appointment", "features/appointments/api/service-request-appointment.ts"),
      route("account", "routes/api/staff/account.ts"),
      route("account/password", "routes/api/staff/account-password.ts"),
      route("account/sessions", "routes/api/staff/account-sessions.ts"),
      route("account/sessions/:id", "routes/api/staff/account-session.ts"),
      route("insights", "routes/api/staff/insights.ts"),
      route("account/check", "routes/api/staff/account-check.ts"),
      route("account/passkeys/options", "routes/api/staff/account-passkeys-options.ts"),
      route("account/passkeys", "routes/api/staff/account-passkeys.ts"),

      // Owners only: 403 for a staff member.
      layout("routes/api/staff/owners-gate.ts", [
        route("team", "routes/api/staff/team.ts"),
        route("team/invitations", "routes/api/staff/team-invitations.ts"),
        route("team/invitations/:id", "routes/api/staff/team-invitation.ts"),
        route("team/second-factor", "routes/api/staff/team-second-factor.ts"),
        route("team/:username", "routes/api/staff/team-member.ts"),
        route("team/:username/second-factor", "routes/api/staff/team-member-second-factor.ts"),
        route("team/:username/password-reset", "routes/api/staff/team-member-password-reset.ts"),
        route("audit", "routes/api/staff/audit.ts"),
        ...prefix("settings", [
          route("weekly-hours", "routes/api/settings/weekly-hours.ts"),
          route("closures", "routes/api/settings/closures.ts"),
          route("closures/:date", "routes/api/settings/closure.ts"),
          route("special-hours", "routes/api/settings/special-hours.ts"),
          route("special-hours/:date", "routes/api/settings/special-hours-day.ts"),
          route("holidays", "routes/api/settings/holidays.ts"),
          route("notice", "routes/api/settings/notice.ts"),
          route("capacity", "features/appointments/api/capacity.ts"),
        ]),
      ]),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
