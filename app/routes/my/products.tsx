// /my/products was the list of bought products other than courses; everything the student has is now on /my,
// grouped by kind. Old links (e-mails, bookmarks) land there.
import { redirect } from "react-router";
import { guardStudentArea } from "#app/lib/student-area.ts";
import type { Route } from "./+types/products.ts";

export function loader({ context }: Route.LoaderArgs) {
  guardStudentArea(context);
  throw redirect("/my", 301);
}
