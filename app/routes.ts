// The URL map of pages. JSON calls (spec §7) live in server/api/, not here.
import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [index("routes/home.tsx"), route("login", "routes/login.tsx")]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
