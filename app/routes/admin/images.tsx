// /home/images: the admin's image library. Images uploaded here (through the image upload box) get an
// address to put into lecture texts; each can be deleted again after a confirmation.
import { useId, useState } from "react";
import { useRevalidator } from "react-router";
import { Trash2 } from "lucide-react";
import { listLibraryImages, LIBRARY_CONTEXT } from "#core/media/list-library-images.ts";
import { formatDate } from "#platform/i18n/format.ts";
import { pageContext } from "#server/page-context.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { ConfirmDialog } from "#app/ui/confirm-dialog.tsx";
import { fileUrl, ImageUpload } from "#app/features/media/image-upload.tsx";
import { formatBytes } from "#app/features/media/upload-errors.ts";
import { Button } from "#app/ui/button.tsx";
import type { Route } from "./+types/images.ts";

export function meta({ matches }: Route.MetaArgs) {
  return adminMeta(matches[0]?.loaderData, "media:library_title");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services, request: ctx } = context.get(pageContext);
  const images = await listLibraryImages(services.db, ctx.actor);
  return {
    images: images.map((image) => ({
      key: image.key,
      size: image.size,
      date: formatDate(image.createdAt, ctx.lang, ctx.school?.time_zone),
    })),
  };
}

function AddressField({ imageKey }: { imageKey: string }) {
  const t = useT();
  const id = useId();
  const name = imageKey.split("/").pop()!;
  return (
    <div className="flex w-full max-w-md flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted">
        {t("media:library_address", { name })}
      </label>
      <input
        id={id}
        readOnly
        value={fileUrl(imageKey)}
        onFocus={(event) => event.target.select()}
        className="min-h-10 w-full rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-ink"
      />
    </div>
  );
}

export default function ImagesPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  const revalidator = useRevalidator();
  const [current, setCurrent] = useState<string | null>(null);
  const others = loaderData.images.filter((image) => image.key !== current);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{t("media:library_title")}</h1>
        <p className="mt-1 text-muted">{t("media:library_intro")}</p>
      </div>

      <section
        aria-label={t("media:library_new")}
        className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200"
      >
        <ImageUpload
          context={LIBRARY_CONTEXT}
          value={current}
          label={t("media:library_new")}
          onChange={(key) => {
            setCurrent(key);
            void revalidator.revalidate();
          }}
        />
        {current && (
          <>
            <AddressField imageKey={current} />
            <Button variant="secondary" className="self-start" onClick={() => setCurrent(null)}>
              {t("media:change_image")}
            </Button>
          </>
        )}
      </section>

      <section aria-labelledby="your-images" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-gray-200">
        <h2 id="your-images" className="text-lg font-semibold">
          {t("media:library_list")}
        </h2>
        {others.length === 0 ? (
          <p className="mt-2 text-muted">{t("media:library_empty")}</p>
        ) : (
          <ul className="mt-4 flex flex-col divide-y divide-gray-100">
            {others.map((image) => {
              const name = image.key.split("/").pop()!;
              return (
                <li key={image.key} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                  <img
                    src={fileUrl(image.key)}
                    alt={t("media:preview_alt", { label: name })}
                    loading="lazy"
                    className="max-h-24 w-auto max-w-40 self-start rounded object-contain ring-1 ring-gray-200"
                  />
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <AddressField imageKey={image.key} />
                    <span className="text-xs text-muted">
                      {t("media:library_uploaded", { date: image.date })} · {formatBytes(image.size, lang)}
                    </span>
                  </div>
                  <ConfirmDialog
                    title={t("media:delete_title")}
                    description={t("media:delete_text")}
                    confirmLabel={t("media:delete_confirm")}
                    busyLabel={t("media:deleting")}
                    onConfirm={async () => {
                      const answer = await api("POST", "/home/images/delete", {
                        path: image.key,
                        context: LIBRARY_CONTEXT,
                      }).catch(() => null);
                      if (answer === true) await revalidator.revalidate();
                    }}
                    trigger={
                      <Button
                        variant="secondary"
                        className="self-start sm:self-center"
                        aria-label={t("media:library_delete", { name })}
                      >
                        <Trash2 aria-hidden className="size-4" />
                        {t("media:delete")}
                      </Button>
                    }
                  />
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
