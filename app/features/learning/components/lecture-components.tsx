// A lecture's components in their order: markdown text, an uploaded video (the media feature's player), an
// embedded video, a PDF (the media feature's viewer), a file to download, a quiz (core/catalog/component-data.ts
// gives each kind's data).
import type { WatchComponent } from "#core/learning/get-watch-view.ts";
import { PdfViewer } from "#app/features/media/pdf-viewer.tsx";
import { VideoPlayer } from "#app/features/media/video-player.tsx";
import { EmbedVideo } from "./embed-video.tsx";
import { FileDownload, filePath } from "./file-download.tsx";
import { RenderedMarkdown } from "./markdown-text.tsx";
import { Quiz } from "./quiz.tsx";

/** A component as the page gets it: a markdown component's text comes rendered (./rendered-markdown.server.tsx). */
export type ShownComponent =
  Exclude<WatchComponent, { kind: "markdown" }> | { id: number; kind: "markdown"; data: { html: string } };

export function LectureComponent({ component, lectureTitle }: { component: ShownComponent; lectureTitle: string }) {
  switch (component.kind) {
    case "markdown":
      return <RenderedMarkdown html={component.data.html} />;
    case "video":
      return <VideoPlayer videoId={component.data.video_id} title={lectureTitle} />;
    case "embed":
      return <EmbedVideo url={component.data.url} title={lectureTitle} />;
    case "pdf":
      return (
        <PdfViewer
          src={filePath(component.data.storage_key)}
          title={component.data.filename}
          filename={component.data.filename}
        />
      );
    case "file":
      return <FileDownload file={component.data} />;
    case "quiz":
      return <Quiz quiz={component.data} />;
  }
}

export function LectureComponents({
  components,
  lectureTitle,
}: {
  components: ShownComponent[];
  lectureTitle: string;
}) {
  return (
    <div className="flex flex-col gap-6">
      {components.map((component) => (
        <div key={component.id} data-component-kind={component.kind}>
          <LectureComponent component={component} lectureTitle={lectureTitle} />
        </div>
      ))}
    </div>
  );
}
