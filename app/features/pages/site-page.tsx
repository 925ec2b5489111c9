// A page made of blocks at /{slug} (served by the :slug route, which asks courses first: decision 0036): its
// title, a banner for admins while it is a draft (the builder's preview), and its blocks.
import { Link } from "react-router";
import { useT } from "#app/lib/i18n.tsx";
import type { PageView } from "#core/pages/page-records.ts";
import { PageBlocks } from "./page-blocks.tsx";
import type { BlockView } from "./site-page-data.server.ts";

export function SitePage({ page, blocks }: { page: PageView; blocks: BlockView[] }) {
  const t = useT();
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8 sm:py-12" data-site-page={page.slug}>
      {page.status !== "published" && (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900"
          data-draft-banner
        >
          {t("pages:draft_banner")}{" "}
          <Link to={`/home/pages/${page.id}`} className="font-semibold underline underline-offset-4">
            {t("pages:edit")}
          </Link>
        </p>
      )}
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">{page.title}</h1>
      <PageBlocks blocks={blocks} />
    </article>
  );
}
