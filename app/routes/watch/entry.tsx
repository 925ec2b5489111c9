// /{course}/watch: sends the viewer to the lecture they resume at (the last one they viewed, or the first one
// they may open); when they may open none, to log in (if that would open one) or to the course's checkout.
import { AppError } from "#core/errors.ts";
import { redirect } from "react-router";
import { getWatchView } from "#core/learning/get-watch-view.ts";
import { pageContext } from "#server/page-context.ts";
import type { Route } from "./+types/entry.ts";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const previewAsStudent = new URL(request.url).searchParams.get("preview") === "student";
  const view = await getWatchView(services.db, {
    slug: params.slug,
    lectureId: null,
    user: ctx.user,
    previewAsStudent,
  });
  if (!view) throw new AppError("not_found");
  const slug = view.course.slug;
  switch (view.entry.kind) {
    case "lecture":
      throw redirect(`/${slug}/watch/${view.entry.lectureId}${view.viewer.preview ? "?preview=student" : ""}`);
    case "login":
      throw redirect(`/login?next=${encodeURIComponent(`/${slug}/watch`)}`);
    case "buy":
      throw redirect(`/${slug}/checkout`);
    case "empty":
      throw redirect(`/${slug}`);
  }
}
