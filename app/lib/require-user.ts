// Page loaders' access checks: who may see a page is decided on the server, like every other rule.
import { redirect, type RouterContextProvider } from "react-router";
import { pageContext } from "#server/page-context.ts";

/**
 * The address the visitor meant, for `?next=`. A client-side navigation asks for `/path.data` (React Router's
 * data request, with its own `_routes` parameter); the visitor meant `/path`.
 */
export function pageAddress(request: Request): string {
  const url = new URL(request.url);
  const pathname = url.pathname.endsWith(".data") ? url.pathname.slice(0, -".data".length) || "/" : url.pathname;
  url.searchParams.delete("_routes");
  const search = url.searchParams.toString();
  return pathname.replace(/^\/_root$/, "/") + (search ? `?${search}` : "");
}

export function requireUser(context: Readonly<RouterContextProvider>, request: Request) {
  const { request: ctx } = context.get(pageContext);
  if (!ctx.user) throw redirect(`/login?next=${encodeURIComponent(pageAddress(request))}`);
  return ctx.user;
}

export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw new Response(null, { status: 404 });
  return user;
}
