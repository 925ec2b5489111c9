// A file to download: its name and size, served from our storage under /files/.
import { Download } from "lucide-react";
import type { ComponentData } from "#core/catalog/component-data.ts";
import { useRootData } from "#app/lib/root-data.ts";
import { useT } from "#app/lib/i18n.tsx";
import { formatFileSize } from "./file-size.ts";

export function filePath(storageKey: string): string {
  return `/files/${storageKey.split("/").map(encodeURIComponent).join("/")}`;
}

export function FileDownload({ file }: { file: ComponentData<"file"> }) {
  const t = useT();
  const lang = useRootData()?.lang ?? "en";
  return (
    <a
      href={filePath(file.storage_key)}
      download={file.filename}
      className="flex items-center gap-3 rounded-lg border border-gray-200 bg-white p-4 hover:bg-gray-50"
    >
      <Download aria-hidden className="size-6 shrink-0 text-brand-700" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-semibold text-brand-700 underline underline-offset-4">{file.filename}</span>
        <span className="text-sm text-muted">
          {t("learning:download")} · {formatFileSize(file.size, lang)}
        </span>
      </span>
    </a>
  );
}
