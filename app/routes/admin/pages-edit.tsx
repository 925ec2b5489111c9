// /home/pages/:pageId: the page builder (issue 16, item 2): the page's title, address and SEO texts, publishing
// (and back to draft), a preview of the page as it is (admins see drafts at its address), deleting it, and its
// blocks (app/features/pages/blocks-editor.tsx).
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { getPageForEditing } from "#core/pages/get-page-for-editing.ts";
import { pageSchema } from "#core/pages/schemas.ts";
import { nowIso } from "#platform/db/connection.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useApiForm } from "#app/lib/use-api-form.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { BlocksEditor } from "#app/features/pages/blocks-editor.tsx";
import { Badge } from "#app/ui/badge.tsx";
import { Button, buttonClass } from "#app/ui/button.tsx";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { Field, FormAlert } from "#app/ui/field.tsx";
import { toast } from "#app/ui/toast.tsx";
import type { Route } from "./+types/pages-edit.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "pages:title");
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  return getPageForEditing(services.db, ctx.actor, params.pageId, nowIso());
}

export default function PageBuilder({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { page } = loaderData;
  const published = page.status === "published";
  const [status, setStatus] = useState(page.status);
  const form = useApiForm<{ page: { status: string } }>({
    url: `/home/pages/${page.id}`,
    method: "PUT",
    schema: pageSchema,
    toBody: (data) => ({
      title: String(data.get("title") ?? ""),
      slug: String(data.get("slug") ?? ""),
      seo_title: String(data.get("seo_title") ?? ""),
      seo_description: String(data.get("seo_description") ?? ""),
      status,
    }),
    onSuccess: (answer) => {
      toast.success(
        answer.page.status === page.status
          ? t("pages:saved")
          : t(answer.page.status === "published" ? "pages:published_toast" : "pages:unpublished_toast"),
      );
      void revalidator.revalidate();
    },
  });

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6">
      <Link to="/home/pages" className="inline-flex items-center gap-1 self-start text-sm text-brand-700">
        <ArrowLeft aria-hidden className="size-4" />
        {t("pages:back")}
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="min-w-0 flex-1 text-2xl font-bold break-words sm:text-3xl">{page.title}</h1>
        <Badge tone={published ? "success" : "neutral"} data-page-status={page.status}>
          {t(`pages:status_${page.status}`)}
        </Badge>
        <Link to={`/${page.slug}`} className={buttonClass("secondary")} data-preview>
          <ExternalLink aria-hidden className="size-4" />
          {published ? t("pages:view") : t("pages:preview")}
        </Link>
      </div>

      <form
        key={page.updated_at}
        onSubmit={form.onSubmit}
        noValidate
        aria-labelledby="page-settings-title"
        className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="page-settings-title" className="text-lg font-semibold">
          {t("pages:settings")}
        </h2>
        <FormAlert message={form.message} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t("pages:page_title")}
            name="title"
            defaultValue={page.title}
            required
            maxLength={200}
            errors={form.errors.title}
          />
          <Field
            label={t("pages:slug")}
            name="slug"
            defaultValue={page.slug}
            maxLength={200}
            errors={form.errors.slug}
            hint={t("pages:slug_hint", { slug: page.slug })}
          />
          <Field
            label={t("pages:seo_title")}
            name="seo_title"
            defaultValue={page.seo_title}
            maxLength={200}
            errors={form.errors.seo_title}
          />
          <Field
            label={t("pages:seo_description")}
            name="seo_description"
            defaultValue={page.seo_description}
            maxLength={400}
            errors={form.errors.seo_description}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={form.pending} onClick={() => setStatus(page.status)}>
            {t("pages:save_page")}
          </Button>
          <Button
            type="submit"
            variant="secondary"
            disabled={form.pending}
            data-publish={published ? "draft" : "published"}
            onClick={() => setStatus(published ? "draft" : "published")}
          >
            {published ? t("pages:unpublish") : t("pages:publish")}
          </Button>
          <ConfirmDialog
            trigger={
              <Button variant="ghost" className="text-red-700 sm:ml-auto">
                {t("pages:delete_page")}
              </Button>
            }
            title={t("pages:delete_page")}
            description={t("pages:delete_page_confirm")}
            confirmLabel={t("pages:delete_page")}
            onConfirm={async () => {
              await api("DELETE", `/home/pages/${page.id}`);
              toast.success(t("pages:deleted"));
              void navigate("/home/pages");
            }}
          />
        </div>
      </form>

      <BlocksEditor
        pageId={page.id}
        blocks={loaderData.blocks}
        courses={loaderData.courses}
        forms={loaderData.forms}
        onChanged={() => void revalidator.revalidate()}
      />
    </div>
  );
}
