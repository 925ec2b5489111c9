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
    route("courses", "routes/courses.tsx"),
    route(":slug", "routes/course/sales.tsx"),
    route(":slug/watch", "routes/watch/entry.tsx"),
    route(":slug/watch/login", "routes/watch/login.tsx"),
    route(":slug/watch/:lectureId", "routes/watch/lecture.tsx"),
  ]),
  route("home", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("mail", "routes/admin/mail.tsx"),
    route("jobs", "routes/admin/jobs.tsx"),
    route("images", "routes/admin/images.tsx"),
    route("courses", "routes/admin/courses/index.tsx"),
    route("courses/new", "routes/admin/courses/new.tsx"),
    route("courses/:courseId", "routes/admin/courses/edit.tsx"),
    route("courses/:courseId/lectures/:lectureId", "routes/admin/courses/lecture.tsx"),
    route("reviews", "routes/admin/reviews.tsx"),
  ]),
  route("setup", "routes/setup.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
