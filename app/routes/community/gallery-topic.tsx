// /community/gallery/:topicId: the images of one topic (spec §2 full gallery). A restricted topic the viewer may
// not read is refused as everywhere in the community: a visitor is sent to log in (401), anyone else gets 404.
import { gallery } from "#core/community/gallery.ts";
import { translator } from "#platform/i18n/index.ts";
import { pageContext } from "#server/page-context.ts";
import { GalleryPage } from "#app/features/community/gallery/gallery-page.tsx";
import type { Route } from "./+types/gallery-topic.ts";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  const topic = loaderData?.page.community_topic;
  const title = topic ? t("gallery:page_title_topic", { topic: topic.title }) : t("gallery:title");
  return [{ title: `${title} · ${root?.school?.name ?? "Studium"}` }];
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  return { page: await gallery(services.db, ctx.actor, params.topicId, null) };
}

export default function CommunityTopicGallery({ loaderData: { page } }: Route.ComponentProps) {
  return <GalleryPage page={page} />;
}
