// /courses: the published courses as cards (spec §2, the default checkout link). Anonymous visitors get it from
// the rendered-page cache (server/plugins/page-cache.ts); it expires by itself when a promotion shown starts or ends.
import { nextPriceChangeAt } from "#core/catalog/course-price.ts";
import { listPublishedCourses } from "#core/catalog/list-published-courses.ts";
import { translator } from "#platform/i18n/index.ts";
import { type PageCacheHandle, pageCacheHints } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { CourseGrid } from "#app/features/catalog/course-card.tsx";
import { courseCardData } from "#app/features/catalog/course-card-data.ts";
import type { Route } from "./+types/courses.ts";

export const handle: PageCacheHandle = { pageCache: true };

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [{ title: `${t("catalog:courses_title")} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const courses = await listPublishedCourses(services.db);
  const now = new Date().toISOString();
  const hints = context.get(pageCacheHints);
  for (const course of courses) hints.validUntil(nextPriceChangeAt(course, now));
  return { courses: courses.map((course) => courseCardData(course, ctx.lang, now)) };
}

export default function Courses({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("catalog:courses_title")}</h1>
      <p className="mt-2 text-lg text-muted">{t("catalog:catalog_intro")}</p>
      <CourseGrid courses={loaderData.courses} headingLevel={2} />
    </div>
  );
}
