import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service-detail.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("areas/:slug", "routes/area-detail.tsx"),
  route("login", "routes/login.tsx"),
  route("incoming", "routes/incoming.tsx"),
  route("api/health", "routes/api/health.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/service-request", "routes/api/service-request.ts"),
  route("api/login", "routes/api/login.ts"),
  route("api/logout", "routes/api/logout.ts"),
  route("api/auth/status", "routes/api/auth/status.ts"),
  route("api/contact-submissions", "routes/api/contact-submissions.ts"),
  route("api/service-requests", "routes/api/service-requests.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
