// A lecture's components in their order: markdown text, an uploaded video (the media feature's player), an
// embedded video, a PDF (the media feature's viewer), a file to download, a quiz (core/catalog/component-data.ts
// gives each kind's data).
import type { WatchComponent } from "#core/learning/get-watch-view.ts";
import { PdfViewer } from "#app/features/media/pdf-viewer.tsx";
import { VideoPlayer } from "#app/features/media/video-player.tsx";
import { EmbedVideo } from "./embed-video.tsx";
import { FileDownload, filePath } from "./file-download.tsx";
import { MarkdownText } from "./markdown-text.tsx";
import { Quiz } from "./quiz.tsx";

export function LectureComponent({ component, lectureTitle }: { component: WatchComponent; lectureTitle: string }) {
  switch (component.kind) {
    case "markdown":
      return <MarkdownText markdown={component.data.markdown} />;
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
  components: WatchComponent[];
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
