// Page loaders' access checks: who may see a page is decided on the server, like every other rule.
import { redirect, type RouterContextProvider } from "react-router";
import { pageContext } from "#server/page-context.ts";

export function requireUser(context: Readonly<RouterContextProvider>, request: Request) {
  const { request: ctx } = context.get(pageContext);
  if (!ctx.user) {
    const { pathname, search } = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(pathname + search)}`);
  }
  return ctx.user;
}

export function requireAdmin(context: Readonly<RouterContextProvider>, request: Request) {
  const user = requireUser(context, request);
  if (user.role !== "admin") throw new Response(null, { status: 404 });
  return user;
}
