// /{course}/watch/login (spec §2): the login link for logged-out viewers (the lecture discussion's prompt).
// It leads to /login, which comes back to the course's watch page; a logged-in viewer goes there at once.
import { AppError } from "#core/errors.ts";
import { redirect } from "react-router";
import { getWatchView } from "#core/learning/get-watch-view.ts";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/login.ts";

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const view = await getWatchView(services.db, {
    slug: params.slug,
    lectureId: null,
    user: ctx.user,
    previewAsStudent: false,
  });
  if (!view) throw new AppError("not_found");
  const watch = `/${view.course.slug}/watch`;
  throw redirect(ctx.user ? watch : `/login?next=${encodeURIComponent(watch)}`);
}
