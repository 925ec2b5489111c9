// The video embed (spec §2): YouTube, Vimeo or Bunny Stream, loaded only when the visitor clicks play, so that the
// page carries nothing of the provider's (no script, no frame, no request) until they ask for it.
import { useState } from "react";
import { Play } from "lucide-react";
import type { VideoProvider } from "#core/pages/video-embed.ts";
import { useT } from "#app/lib/i18n.tsx";

const providerNames: Record<VideoProvider, string> = { youtube: "YouTube", vimeo: "Vimeo", bunny: "Bunny Stream" };

export function VideoBlock({ provider, src, title }: { provider: VideoProvider; src: string; title: string }) {
  const t = useT();
  const [playing, setPlaying] = useState(false);
  if (playing) {
    const autoplay = `${src}${src.includes("?") ? "&" : "?"}autoplay=1`;
    return (
      <div className="aspect-video overflow-hidden rounded-2xl bg-black" data-block-video="playing">
        <iframe
          src={autoplay}
          title={title || providerNames[provider]}
          className="size-full"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <button
      type="button"
      onClick={() => setPlaying(true)}
      className="group relative flex aspect-video w-full flex-col items-center justify-center gap-3 overflow-hidden rounded-2xl bg-gray-900 text-white focus-visible:outline-offset-4"
      data-block-video="waiting"
    >
      <span className="flex size-16 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg transition group-hover:scale-105 sm:size-20">
        <Play aria-hidden className="size-8 translate-x-0.5 fill-current sm:size-10" />
      </span>
      <span className="px-4 text-base font-semibold sm:text-lg">
        {title ? t("pages:play_video", { title }) : t("pages:play_video_untitled")}
      </span>
      <span className="px-4 text-xs text-gray-300">
        {t("pages:video_consent", { provider: providerNames[provider] })}
      </span>
    </button>
  );
}
