// A PDF shown in the lecture: the browser's own viewer in an <object> of the same site (which offers its own
// download button), and where the browser shows no PDFs inline (most phones), a download link instead.
// The <object> is created once the page is hydrated; the server's HTML holds a box of the same size with the
// download link. An <object> parsed from the page's HTML stayed blank (its PDF never requested) in about one
// load in twelve when the page arrived fast, compressed, right after a page that had played a video (Chromium,
// e2e sample specs); created by React after hydration it loaded every time (0 in 55).
import { Download } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { useHydrated } from "#app/lib/use-hydrated.ts";

const BOX = "h-[70vh] min-h-80 w-full rounded-lg border border-gray-200 bg-gray-50";

export function PdfViewer({ src, title, filename }: { src: string; title?: string; filename?: string }) {
  const t = useT();
  const hydrated = useHydrated();
  const name = title ?? t("media:pdf_title");
  const link = (
    <a
      href={src}
      download={filename ?? true}
      className="inline-flex items-center gap-2 font-semibold text-brand-700 underline underline-offset-4"
    >
      <Download aria-hidden className="size-4" />
      {t("media:download_pdf")}
      <span className="sr-only">: {name}</span>
    </a>
  );
  return (
    <div className="flex flex-col gap-2">
      {hydrated ? (
        <object data={src} type="application/pdf" title={name} className={BOX}>
          <div className="flex h-full flex-col items-center justify-center gap-2 p-6 text-center text-sm">
            <p>{t("media:pdf_fallback")}</p>
            {link}
          </div>
        </object>
      ) : (
        <div className={`${BOX} flex flex-col items-center justify-center gap-2 p-6 text-center text-sm`}>{link}</div>
      )}
    </div>
  );
}
