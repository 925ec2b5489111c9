// /my/products was the list of bought products other than courses; everything the student has is now on /my,
// grouped by kind. Old links (e-mails, bookmarks) land there.
import { redirect } from "react-router";
import { requireUser } from "#app/lib/require-user.ts";
import type { Route } from "./+types/products.ts";

export function loader({ context, request }: Route.LoaderArgs) {
  requireUser(context, request);
  throw redirect("/my", 301);
}
