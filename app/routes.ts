// The URL map of pages. JSON calls (spec §7) live in server/api/, not here.
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("login", "routes/login.tsx"),
    route("register", "routes/register.tsx"),
    route("forgot-password", "routes/forgot-password.tsx"),
    route("reset-password", "routes/reset-password.tsx"),
    route("my", "routes/my/layout.tsx", [index("routes/my/index.tsx"), route("account", "routes/my/account.tsx")]),
  ]),
  route("home", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("mail", "routes/admin/mail.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
  ]),
  route("setup", "routes/setup.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
