// A lecture's uploaded video (spec §9: status 3 is ready; 0, 1, 2 still processing): the browser's own player
// on our stream (Range requests let it seek), or, for a video on Bunny Stream, Bunny's embedded player at the
// address the server gives (signed when the library wants tokens); a 'processing' note until it is ready.
// Without a known status the player asks the server (GET /videos/<id>) and asks again every 5 s while it
// processes.
import { useEffect, useState } from "react";
import { Loader2 } from "lucide-react";
import { api } from "#app/lib/api.ts";
import { useT } from "#app/lib/i18n.tsx";

export const VIDEO_READY = 3;
const POLL_MS = 5000;

export function VideoPlayer({ videoId, status, title }: { videoId: number; status?: number; title?: string }) {
  const t = useT();
  // What the server said last (fresher than the status the page was rendered with).
  const [fetched, setFetched] = useState<{ videoId: number; value: number | "missing"; embedUrl?: string } | null>(
    null,
  );
  const known = fetched?.videoId === videoId ? fetched.value : status;
  const embedUrl = fetched?.videoId === videoId ? fetched.embedUrl : undefined;

  useEffect(() => {
    if (status !== undefined && status > VIDEO_READY) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    async function check() {
      try {
        const answer = await api<{ status: number; embed_url?: string }>("GET", `/videos/${videoId}`, undefined, {
          silent: true,
          handled: [404],
        });
        if (stopped) return;
        setFetched({ videoId, value: answer.status, embedUrl: answer.embed_url });
        if (answer.status < VIDEO_READY) timer = setTimeout(() => void check(), POLL_MS);
      } catch {
        if (!stopped) setFetched({ videoId, value: "missing" });
      }
    }
    void check();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [videoId, status]);

  if (known === "missing" || (typeof known === "number" && known > VIDEO_READY)) {
    return <p className="rounded-lg bg-gray-100 p-4 text-sm text-muted">{t("media:video_unavailable")}</p>;
  }
  if (known === undefined || known < VIDEO_READY) {
    return (
      <div
        role="status"
        className="flex aspect-video w-full flex-col items-center justify-center gap-3 rounded-lg bg-gray-900 p-4 text-center text-sm text-white"
      >
        <Loader2 aria-hidden className="size-6 animate-spin" />
        {known === undefined ? t("loading") : t("media:processing")}
      </div>
    );
  }
  if (embedUrl) {
    return (
      <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
        <iframe
          src={embedUrl}
          title={title ?? t("media:video_title")}
          loading="lazy"
          allow="accelerometer; gyroscope; autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          className="size-full border-0"
        />
      </div>
    );
  }
  return (
    <div className="aspect-video w-full overflow-hidden rounded-lg bg-black">
      <video
        controls
        preload="metadata"
        playsInline
        src={`/videos/${videoId}/stream`}
        aria-label={title ?? t("media:video_title")}
        className="size-full"
      />
    </div>
  );
}
