// A file product's one private file: choose it (pdf, zip, epub, mp3, mp4 and the other allowed types; the type is
// checked here first), POST /home/products/files/create gives a signed address, the file is PUT there with the
// server's content type while a progress bar runs, then POST /home/products/files/confirm; the product keeps the
// file when the form is saved. Buyers download it from /my/products; it is never public.
import { useId, useState } from "react";
import { FileCheck2, FileUp } from "lucide-react";
import { MAX_PRODUCT_FILE_BYTES, productFileAccept, productFileContentType } from "#core/products/schemas.ts";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";
import { useRootData } from "#app/lib/root-data.ts";
import { buttonClass } from "#app/ui/button.tsx";
import { putFileWithRetries } from "#app/features/media/put-file.ts";
import {
  formatBytes,
  messageOfApiError,
  uploadCallOptions,
  uploadErrorMessage,
} from "#app/features/media/upload-errors.ts";
import { UploadProgress } from "#app/features/media/upload-progress.tsx";

export type ProductFile = { key: string; name: string; size: number };

type Ticket = { upload: string; download: string; content_type: string; confirm: string };

export function ProductFileField({
  value,
  onChange,
  errors,
}: {
  value: ProductFile | null;
  onChange: (file: ProductFile) => void;
  errors?: string[];
}) {
  const t = useT();
  const id = useId();
  const lang = useRootData()?.lang ?? "en";
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function upload(file: File) {
    setError(null);
    if (!productFileContentType(file.name)) {
      setError(t("products:file_type"));
      return;
    }
    if (file.size > MAX_PRODUCT_FILE_BYTES) {
      setError(t("media:file_too_big", { mb: MAX_PRODUCT_FILE_BYTES / 1024 / 1024 }));
      return;
    }
    setPercent(0);
    try {
      const ticket = await api<Ticket>(
        "POST",
        "/home/products/files/create",
        { filename: file.name },
        uploadCallOptions,
      );
      const result = await putFileWithRetries(ticket.upload, file, ticket.content_type, setPercent);
      if (result.status < 200 || result.status >= 300) {
        setError(uploadErrorMessage(t, result.status, result.message));
        return;
      }
      const confirmed = await api<{ file: { key: string; size: number } }>(
        "POST",
        ticket.confirm,
        { path: ticket.download },
        uploadCallOptions,
      );
      onChange({ key: confirmed.file.key, name: file.name, size: confirmed.file.size });
    } catch (failure) {
      setError(messageOfApiError(t, failure));
    } finally {
      setPercent(null);
    }
  }

  const shown = error ? [error] : errors;
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="flex flex-col gap-2" data-field="file_key">
      <span id={`${id}-label`} className="text-sm font-medium text-ink">
        {t("products:file")}
      </span>
      {value && (
        <p className="flex items-center gap-2 text-sm text-ink" data-testid="product-file">
          <FileCheck2 aria-hidden className="size-4 shrink-0 text-emerald-700" />
          <span className="min-w-0 break-all">
            {t("products:file_current", { name: value.name, size: formatBytes(value.size, lang) })}
          </span>
        </p>
      )}
      {percent !== null ? (
        <UploadProgress percent={percent} />
      ) : (
        <div className="flex flex-col items-start gap-1">
          <input
            id={`${id}-file`}
            type="file"
            accept={productFileAccept}
            aria-describedby={`${id}-hint`}
            className="peer sr-only"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = "";
              if (file) void upload(file);
            }}
          />
          <label
            htmlFor={`${id}-file`}
            className={buttonClass(
              "secondary",
              "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
            )}
          >
            <FileUp aria-hidden className="size-4" />
            {t(value ? "products:file_replace" : "products:file_choose")}
          </label>
          <p id={`${id}-hint`} className="text-xs text-muted">
            {t("products:file_hint", { mb: MAX_PRODUCT_FILE_BYTES / 1024 / 1024 })}
          </p>
        </div>
      )}
      {shown?.length ? (
        <p role="alert" className="text-sm text-red-700" data-field-error="file_key">
          {shown.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
