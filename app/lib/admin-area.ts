// The admin area's gate (/home/*), run by the area layout's loader: core's policy decides who enters
// (core/admin/policies.ts); a refusal is an AppError that server/http/page-errors.ts maps like any other: a visitor
// is sent to log in (401), a student gets the 404 page (the area's existence is not advertised), a moderator the
// 403 page on every page but the moderation queue. Each page's use-case still asks its own domain's policy with
// the same actor.
import type { RouterContextProvider } from "react-router";
import { canEnterAdminArea, canOpenAdminPage } from "#core/admin/policies.ts";
import { AppError } from "#core/errors.ts";
import { isSignedIn } from "#core/shared/actor.ts";
import { pageContext } from "#server/page-context.ts";

export function guardAdminArea({ context, request }: { context: Readonly<RouterContextProvider>; request: Request }) {
  const { actor } = context.get(pageContext).request;
  if (!canEnterAdminArea(actor)) throw new AppError(isSignedIn(actor) ? "not_found" : "unauthenticated");
  if (!canOpenAdminPage(actor, new URL(request.url).pathname)) throw new AppError("forbidden");
}
