// Page loaders' access checks: who may see a page is decided on the server, like every other rule. They throw
// AppErrors like the use-cases do; server/http/page-errors.ts maps them (401: to /login and back with ?next=).
import type { RouterContextProvider } from "react-router";
import { AppError } from "#core/errors.ts";
import { pageContext } from "#server/page-context.ts";

export function requireUser(context: Readonly<RouterContextProvider>, _request?: Request) {
  const { request: ctx } = context.get(pageContext);
  if (!ctx.user) throw new AppError("unauthenticated");
  return ctx.user;
}
