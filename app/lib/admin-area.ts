// The admin area's gate (/home/*), run by the area layout's loader: core's policy decides who enters
// (core/admin/policies.ts); this maps its refusal onto what a page answers. A visitor is sent to log in; anyone
// else gets the 404 page (the area's existence is not advertised). Each page's use-case still asks its own
// domain's policy with the same actor.
import { redirect, type RouterContextProvider } from "react-router";
import { canEnterAdminArea } from "#core/admin/policies.ts";
import { isSignedIn } from "#core/shared/actor.ts";
import { pageContext } from "#server/page-context.ts";
import { pageAddress } from "./require-user.ts";

export function guardAdminArea({ context, request }: { context: Readonly<RouterContextProvider>; request: Request }) {
  const { actor } = context.get(pageContext).request;
  if (canEnterAdminArea(actor)) return;
  if (!isSignedIn(actor)) throw redirect(`/login?next=${encodeURIComponent(pageAddress(request))}`);
  throw new Response(null, { status: 404 });
}
