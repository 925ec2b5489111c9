// /community/gallery: every image posted in the topics the viewer may read (spec §2 full gallery). The loader
// renders the first page on the server; 'More' asks POST /json/community/gallery?cursor= in the browser.
import { gallery } from "#core/community/gallery.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { GalleryPage } from "#app/features/community/gallery/gallery-page.tsx";
import type { Route } from "./+types/gallery.ts";

export function meta({ matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [{ title: `${t("gallery:title")} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  return { page: await gallery(services.db, ctx.actor, null, null) };
}

export default function CommunityGallery({ loaderData: { page } }: Route.ComponentProps) {
  return <GalleryPage page={page} />;
}
