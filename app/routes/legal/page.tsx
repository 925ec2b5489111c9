// The school's legal pages (issue 16): /terms, /privacy and /withdrawal, in markdown written by the admin at
// /home/legal and rendered with the lectures' safe renderer. A page the school has not written is a 404.
// Anonymous visitors get them from the rendered-page cache; a change to the texts renews it (the school row).
import { getLegalPage } from "#core/school/get-legal-pages.ts";
import type { LegalPage as LegalPageName } from "#core/school/schemas.ts";
import { translator } from "#platform/i18n/index.ts";
import type { PageCacheHandle } from "#server/page-cache-hints.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { RenderedMarkdown } from "#app/features/learning/components/markdown-text.tsx";
import { renderMarkdown } from "#app/features/learning/components/rendered-markdown.server.tsx";
import type { Route } from "./+types/page.ts";

export const handle: PageCacheHandle = { pageCache: true };

function pageOf(pathname: string): LegalPageName {
  const name = pathname.replace(/^\//, "").replace(/\/$/, "");
  return name === "privacy" || name === "withdrawal" ? name : "terms";
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const { request: ctx, services } = context.get(pageContext);
  const page = pageOf(new URL(request.url).pathname);
  const markdown = getLegalPage(ctx.school, page);
  return { page, html: await renderMarkdown(services.db, markdown), url: `${ctx.baseUrl}/${page}` };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return matches[0]?.meta ?? [];
  const root = matches[0]?.loaderData;
  const t = translator(root?.lang ?? "en");
  return [
    { title: `${t(`site:${loaderData.page}_title`)} · ${root?.school?.name ?? "Studium"}` },
    { tagName: "link", rel: "canonical", href: loaderData.url },
  ];
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-12" data-legal-page={loaderData.page}>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t(`site:${loaderData.page}_title`)}</h1>
      <div className="mt-6 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-8">
        <RenderedMarkdown html={loaderData.html} />
      </div>
    </article>
  );
}
