// A video hosted elsewhere (YouTube, Vimeo), embedded by URL. Only the known players of embedUrl() are
// embedded (the page's Content-Security-Policy allows exactly those); any other address renders nothing.
import { embedUrl } from "#core/catalog/component-data.ts";

export function EmbedVideo({ url, title }: { url: string; title: string }) {
  const src = embedUrl(url);
  if (!src) return null;
  return (
    <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
      <iframe
        src={src}
        title={title}
        loading="lazy"
        className="size-full border-0"
        allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
