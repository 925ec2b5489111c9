// What a bought product gives, in the student's products: a live event's date and its link (for buyers only), a
// consultation's note, a file's name and size with the download, a bundle's courses with the way to each, and
// when access ends.
import { CalendarClock, Download, ExternalLink, MessagesSquare, PlayCircle, Timer } from "lucide-react";
import { useT } from "#app/lib/i18n.tsx";
import { buttonClass } from "#app/ui/button.tsx";
import type { MyProductView } from "./my-product-view.ts";

export function MyProductDetails({ product }: { product: MyProductView }) {
  const t = useT();
  const line = "flex items-start gap-2 text-sm text-ink";
  return (
    <div className="flex flex-col gap-3">
      {product.kind === "live_event" && (
        <>
          {product.eventStartsAt && (
            <p className={line} data-testid="event-date">
              <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
              {t("products:event_on", { date: product.eventStartsAt })}
            </p>
          )}
          {product.eventLink ? (
            <a
              href={product.eventLink}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("primary", "self-start")}
              data-testid="event-link"
            >
              <ExternalLink aria-hidden className="size-4" />
              {t("products:join_event")}
              <span className="sr-only">
                : {product.title} {t("products:opens_in_new_tab")}
              </span>
            </a>
          ) : (
            <p className="text-sm text-muted">{t("products:event_link_later")}</p>
          )}
        </>
      )}
      {product.kind === "consultation" && (
        <p className={line}>
          <MessagesSquare aria-hidden className="mt-0.5 size-4 shrink-0 text-muted" />
          {t("products:consultation_note")}
        </p>
      )}
      {product.kind === "file" && product.file && (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="min-w-0 text-sm break-all text-ink" data-testid="file-name">
            {t("products:file_fact", { name: product.file.name, size: product.file.size })}
          </p>
          <a
            href={product.file.href}
            download
            className={buttonClass("primary", "self-start sm:shrink-0")}
            data-testid="download"
          >
            <Download aria-hidden className="size-4" />
            {t("products:download")}
            <span className="sr-only">: {product.file.name}</span>
          </a>
        </div>
      )}
      {product.kind === "bundle" && (
        <ul className="flex flex-col gap-2" aria-label={t("products:bundle_courses_of", { title: product.title })}>
          {product.courses.map((course) => (
            <li
              key={course.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gray-50 px-3 py-2"
            >
              <span className="min-w-0 break-words text-sm font-medium">{course.title}</span>
              <a
                href={course.href}
                className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
              >
                <PlayCircle aria-hidden className="size-4" />
                {t("products:open_course")}
                <span className="sr-only">: {course.title}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {product.accessEnds && (
        <p className="flex items-start gap-2 text-xs text-muted">
          <Timer aria-hidden className="mt-0.5 size-3.5 shrink-0" />
          {t("products:access_until", { date: product.accessEnds })}
        </p>
      )}
    </div>
  );
}
