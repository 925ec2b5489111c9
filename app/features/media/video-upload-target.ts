// Where the lecture editor's tus client sends a video, from create-video's answer (spec §3 videoUpload):
// - our own endpoint: the session cookie goes by itself (same site), the CSRF token as a header, the video's
//   id in the metadata;
// - a video host (Bunny Stream): only the host's signed headers (AuthorizationSignature, AuthorizationExpire,
//   VideoId, LibraryId) and its metadata (filetype, title). Our CSRF token never goes to a third party.
export type LocalVideoUpload = { endpoint: string; VideoId: string; title: string };

export type HostedVideoUpload = LocalVideoUpload & {
  AuthorizationSignature: string;
  AuthorizationExpire: number;
  LibraryId: string;
};

export type VideoTicket = {
  video_id: number;
  videoUpload: LocalVideoUpload | HostedVideoUpload;
  /** POSTed {video_id} when the upload finished (hosted videos: the server asks the host, adds the component) */
  confirm?: string;
};

export type TusTarget = { endpoint: string; headers: Record<string, string>; metadata: Record<string, string> };

export function isHostedUpload(upload: VideoTicket["videoUpload"]): upload is HostedVideoUpload {
  return "AuthorizationSignature" in upload && typeof upload.AuthorizationSignature === "string";
}

export function tusTarget(
  upload: VideoTicket["videoUpload"],
  file: { name: string; type: string },
  csrfToken: string,
): TusTarget {
  if (isHostedUpload(upload)) {
    return {
      endpoint: upload.endpoint,
      headers: {
        AuthorizationSignature: upload.AuthorizationSignature,
        AuthorizationExpire: String(upload.AuthorizationExpire),
        VideoId: upload.VideoId,
        LibraryId: upload.LibraryId,
      },
      metadata: { filetype: file.type, title: upload.title },
    };
  }
  return {
    endpoint: upload.endpoint,
    headers: { "X-CSRF-TOKEN": csrfToken, "X-Requested-With": "XMLHttpRequest" },
    metadata: { video_id: upload.VideoId, filename: file.name, filetype: file.type, title: upload.title },
  };
}
