// A post's text and media (spec §3, §6): a student's post is plain text with clickable links (React text and <a>
// elements, never HTML); an admin's post is markdown through the lecture text's renderer, which drops raw HTML and
// unsafe links. The image keeps its proportions (width and height are known); the video is the player's embed;
// a hosted video (video_id) plays in our player once ready (processing until then), for whoever may read the post.
import { MarkdownText } from "#app/features/learning/components/markdown-text.tsx";
import { useT } from "#app/lib/i18n.tsx";
import type { PostView } from "#core/community/present.ts";
import { VideoPlayer } from "#app/features/media/video-player.tsx";
import { splitLinks } from "./links.ts";

export function PlainTextWithLinks({ text }: { text: string }) {
  return (
    <p className="text-base leading-relaxed break-words whitespace-pre-line text-ink">
      {splitLinks(text).map((piece, index) =>
        piece.kind === "link" ? (
          <a
            key={index}
            href={piece.href}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="text-brand-700 underline underline-offset-4"
          >
            {piece.text}
          </a>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </p>
  );
}

export function PostBody({ post }: { post: Pick<PostView, "body" | "by_admin"> }) {
  return post.by_admin ? <MarkdownText markdown={post.body} /> : <PlainTextWithLinks text={post.body} />;
}

export function PostMedia({
  post,
}: {
  post: Pick<PostView, "title" | "image" | "image_width" | "image_height" | "video"> &
    Partial<Pick<PostView, "video_id" | "bunny_status">>;
}) {
  const t = useT();
  return (
    <>
      {post.image && (
        <img
          src={post.image}
          alt={t("community:image_alt", { title: post.title })}
          width={post.image_width ?? undefined}
          height={post.image_height ?? undefined}
          loading="lazy"
          className="h-auto max-h-[32rem] w-auto max-w-full rounded-md border border-gray-200 object-contain"
          data-testid="post-image"
        />
      )}
      {post.video && (
        <div className="aspect-video w-full overflow-hidden rounded-md bg-black">
          <iframe
            src={post.video}
            title={t("community:video_frame", { title: post.title })}
            className="size-full"
            allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </div>
      )}
      {post.video_id != null && (
        <div className="w-full" data-testid="post-hosted-video">
          <VideoPlayer videoId={post.video_id} status={post.bunny_status ?? undefined} title={post.title} />
        </div>
      )}
    </>
  );
}
