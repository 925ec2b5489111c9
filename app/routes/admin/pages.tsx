// /home/pages: the school's pages made of blocks (issue 16, item 2), each with its address, draft or published
// and its block count, and the form that creates a new (draft) page, then opens its builder.
import { Link, useNavigate } from "react-router";
import { listPages } from "#core/pages/list-pages.ts";
import { pageSchema } from "#core/pages/schemas.ts";
import { pageContext } from "#server/page-context.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { Badge } from "#app/ui/badge.tsx";
import { Button } from "#app/ui/button.tsx";
import { EmptyState } from "#app/ui/empty-state.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import type { Route } from "./+types/pages.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "pages:title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return { pages: await listPages(services.db, ctx.actor) };
}

export default function PagesList({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const form = useApiForm<{ page: { id: number } }>({
    url: "/home/pages",
    schema: pageSchema,
    onSuccess: ({ page }) => void navigate(`/home/pages/${page.id}`),
  });
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("pages:title")}</h1>
        <p className="mt-1 text-muted">{t("pages:intro")}</p>
      </div>
      <form
        onSubmit={form.onSubmit}
        noValidate
        aria-labelledby="new-page-title"
        className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="new-page-title" className="text-lg font-semibold">
          {t("pages:new_page")}
        </h2>
        <FormAlert message={form.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("pages:page_title")} name="title" required maxLength={200} errors={form.errors.title} />
          <Field
            label={t("pages:slug")}
            name="slug"
            maxLength={200}
            errors={form.errors.slug}
            hint={t("pages:slug_hint", { slug: "…" })}
          />
        </div>
        <Button type="submit" disabled={form.pending} className="self-start">
          {t("pages:create")}
        </Button>
      </form>
      {loaderData.pages.length === 0 ? (
        <EmptyState text={t("pages:empty")} />
      ) : (
        <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-gray-200">
          {loaderData.pages.map((page) => (
            <li key={page.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-4" data-page-id={page.id}>
              <div className="min-w-0 flex-1">
                <Link
                  to={`/home/pages/${page.id}`}
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  {page.title}
                </Link>
                <p className="truncate text-sm text-muted">
                  /{page.slug} · {t("pages:blocks_count", { count: page.blocks })}
                </p>
              </div>
              <Badge tone={page.status === "published" ? "success" : "neutral"}>
                {t(`pages:status_${page.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
